import { decodeJwt } from 'jose';
import { ExpiringCache, InternalTokenSigner, mintInternalToken, newSigningKey, verifyInternalToken } from '../../src/auth-context';

const gateway = new InternalTokenSigner('gateway');

const caller = {
  userId: 'u1',
  tenantId: 't1',
  profileId: 'p1',
  role: 'admin' as const,
  salesAccess: true,
  scopes: ['leads:read'],
  credential: { kind: 'user' as const, id: 'u1' },
};

describe('an expiring cache', () => {
  afterEach(() => jest.useRealTimers());

  it('when an entry is past its time, then it is gone', () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const cache = new ExpiringCache<string>();
    cache.set('a', 'A', 1_000_500);
    expect(cache.get('a')).toBe('A');
    jest.setSystemTime(1_000_500);
    expect(cache.get('a')).toBeUndefined();
  });

  it('when full, then the oldest entry makes room', () => {
    const cache = new ExpiringCache<number>(2);
    const later = Date.now() + 60_000;
    cache.set('a', 1, later);
    cache.set('b', 2, later);
    cache.set('c', 3, later);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3]);
  });
});

describe('internal tokens', () => {
  it('when minted again for the same caller and service, then the token is reused, for another service or caller not', async () => {
    const token = await mintInternalToken(gateway, 'leads', caller);
    expect(await mintInternalToken(gateway, 'leads', caller)).toBe(token);
    expect(await mintInternalToken(gateway, 'contacts', caller)).not.toBe(token);
    expect(await mintInternalToken(gateway, 'leads', { ...caller, scopes: [] })).not.toBe(token);
    // Another key signs another token: the cache is keyed by the signer's key too.
    expect(await mintInternalToken(new InternalTokenSigner('gateway', newSigningKey('k2').signingKey), 'leads', caller)).not.toBe(token);
    expect(await mintInternalToken(new InternalTokenSigner('import-export'), 'leads', caller)).not.toBe(token);
    expect(await verifyInternalToken({ audience: 'leads' }, token)).toEqual(caller);
  });

  it('when a reused token is past half its lifetime, then a new one is minted', async () => {
    jest.useFakeTimers({ now: Date.now(), doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const token = await mintInternalToken(gateway, 'audit', caller, 60);
      jest.setSystemTime(Date.now() + 31_000);
      const fresh = await mintInternalToken(gateway, 'audit', caller, 60);
      expect(fresh).not.toBe(token);
      expect(decodeJwt(fresh).exp! * 1000 - Date.now()).toBeGreaterThan(59_000);
    } finally {
      jest.useRealTimers();
    }
  });
});
