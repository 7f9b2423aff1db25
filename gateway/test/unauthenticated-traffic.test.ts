import { createHash, randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { signAccessToken } from './support/fake-upstreams';
import { ALL_SCOPES, apiTokenCaller, bearer, deleteKeys, jsonOf, startTestGateway, startUpstreams, type Upstreams } from './support/gateway-harness';

/**
 * Traffic without a valid credential may not cost auth a lookup per request: an API token auth refused
 * is refused again without asking, for a while; and requests whose credential fails count against their
 * client address and against that credential at the address (`unauthenticated` in THROTTLE_RATES). Past its
 * rate, a credential is answered 429 before it is looked at, and an address has its credentials checked
 * only where that costs auth nothing (docs/security.md §10.6). A valid credential is never counted against
 * its address.
 */
// One set of stand-in upstreams for the file: every test uses tokens of its own, so their counts never meet.
let upstreams: Upstreams;
let redis: Redis;

beforeAll(async () => {
  upstreams = await startUpstreams();
  redis = new Redis(process.env.REDIS_URL!);
});
afterAll(async () => {
  await upstreams.close();
  redis.disconnect();
});

const unknownToken = () => `crm_pat_${randomUUID().replaceAll('-', '')}`;

const read = (gatewayUrl: string, token: string | null, headers: Record<string, string> = {}) =>
  fetch(`${gatewayUrl}/api/leads/`, { headers: { ...(token === null ? {} : bearer(token)), ...headers } });

/** A gateway of its own settings in front of the file's upstreams, its Redis keys deleted after. */
async function withGateway(env: Record<string, string>, run: (gatewayUrl: string, keyPrefix: string) => Promise<void>): Promise<void> {
  const gateway = await startTestGateway({ ...upstreams.env, ...env });
  try {
    await run(gateway.url, gateway.keyPrefix);
  } finally {
    await gateway.stop();
    await deleteKeys(redis, gateway.keyPrefix);
  }
}

describe('unauthenticated traffic', () => {
  const lookupsOf = (token: string) => upstreams.auth.resolveRequests.filter((lookup) => lookup.token === token).length;
  const knownToken = () => {
    const token = unknownToken();
    upstreams.auth.apiTokens.set(token, apiTokenCaller(randomUUID(), ALL_SCOPES));
    return token;
  };


  describe('API tokens auth refused', () => {
    it('when the same unknown API token comes 10 times, then auth is asked once, remembered in Redis for 30 s, and every answer is 401', async () => {
      await withGateway({}, async (gatewayUrl, keyPrefix) => {
        const token = unknownToken();
        const statuses: number[] = [];
        for (let i = 0; i < 10; i += 1) statuses.push((await read(gatewayUrl, token)).status);
        expect(statuses).toEqual(Array(10).fill(401));
        expect(lookupsOf(token)).toBe(1);
        const key = `${keyPrefix}api-token-unknown:${createHash('sha256').update(token).digest('hex')}`;
        expect(await redis.ttl(key)).toBeGreaterThan(25);
        expect(await redis.ttl(key)).toBeLessThanOrEqual(30);
      });
    });

    it('without Redis, the gateway process remembers them: auth is asked once too', async () => {
      await withGateway({ REDIS_URL: '' }, async (gatewayUrl) => {
        const token = unknownToken();
        for (let i = 0; i < 10; i += 1) expect((await read(gatewayUrl, token)).status).toBe(401);
        expect(lookupsOf(token)).toBe(1);
      });
    });

    it('a token auth knows is still resolved, whatever was refused before it', async () => {
      await withGateway({}, async (gatewayUrl) => {
        expect((await read(gatewayUrl, unknownToken())).status).toBe(401);
        expect((await read(gatewayUrl, knownToken())).status).toBe(200);
      });
    });
  });

  describe('the unauthenticated bucket of a client address', () => {
    const LIMIT = 3;
    const RATES = { THROTTLE_RATES: `unauthenticated=${LIMIT}/minute` };

    it('when an address has sent as many failing credentials as its rate, then an API token it sends next is 429 before any lookup, one auth knows too', async () => {
      await withGateway(RATES, async (gatewayUrl, keyPrefix) => {
        const failing = [
          await read(gatewayUrl, unknownToken()),
          await read(gatewayUrl, await signAccessToken(upstreams.auth.key, { userId: randomUUID(), scopes: ALL_SCOPES, expiresIn: -60 })),
          await read(gatewayUrl, null),
        ];
        expect(failing.map((res) => res.status)).toEqual([401, 401, 401]);
        expect(failing.map((res) => res.headers.get('ratelimit'))).toEqual([
          expect.stringMatching(/^"unauthenticated";r=2;t=\d+$/),
          expect.stringMatching(/^"unauthenticated";r=1;t=\d+$/),
          expect.stringMatching(/^"unauthenticated";r=0;t=\d+$/),
        ]);

        const lookupsBefore = upstreams.auth.resolveRequests.length;
        const servedBefore = upstreams.services.leads.seen.length;
        const refused = await read(gatewayUrl, unknownToken());
        expect(refused.status).toBe(429);
        const retryAfter = Number(refused.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(60);
        expect(await jsonOf(refused)).toEqual({
          detail: `Request was throttled. Expected available in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
          retry_after: retryAfter,
        });
        expect(refused.headers.get('ratelimit-policy')).toBe(`"unauthenticated";q=${LIMIT};w=60`);
        expect(refused.headers.get('ratelimit')).toBe(`"unauthenticated";r=0;t=${retryAfter}`);
        expect((await read(gatewayUrl, knownToken())).status).toBe(429);
        expect(upstreams.auth.resolveRequests.length).toBe(lookupsBefore);
        expect(upstreams.services.leads.seen.length).toBe(servedBefore);
        expect(await redis.get(`${keyPrefix}ratelimit:unauthenticated:ip:127.0.0.1`)).toBe(String(LIMIT));
      });
    });

    it('a valid credential’s requests are never counted against its address', async () => {
      await withGateway(RATES, async (gatewayUrl) => {
        const apiToken = knownToken();
        const userToken = await signAccessToken(upstreams.auth.key, { userId: randomUUID(), scopes: ALL_SCOPES });
        for (let i = 0; i < 2 * LIMIT; i += 1) {
          expect((await read(gatewayUrl, apiToken)).status).toBe(200);
          expect((await read(gatewayUrl, userToken)).status).toBe(200);
        }
        const statuses: number[] = [];
        for (let i = 0; i <= LIMIT; i += 1) statuses.push((await read(gatewayUrl, unknownToken())).status);
        expect(statuses).toEqual([...Array(LIMIT).fill(401), 429]);
      });
    });

    it('with TRUST_PROXY=1, each client address has its own: one address refused leaves another served', async () => {
      await withGateway({ ...RATES, TRUST_PROXY: '1' }, async (gatewayUrl) => {
        const from = (address: string) => ({ 'x-forwarded-for': address });
        for (let i = 0; i < LIMIT; i += 1) expect((await read(gatewayUrl, unknownToken(), from('198.51.100.7'))).status).toBe(401);
        expect((await read(gatewayUrl, knownToken(), from('198.51.100.7'))).status).toBe(429);
        expect((await read(gatewayUrl, knownToken(), from('198.51.100.8'))).status).toBe(200);
        expect((await read(gatewayUrl, unknownToken(), from('198.51.100.8'))).status).toBe(401);
      });
    });

    it('the anonymous endpoints keep their own bucket: failing credentials elsewhere do not use up logins', async () => {
      await withGateway(RATES, async (gatewayUrl) => {
        for (let i = 0; i <= LIMIT; i += 1) await read(gatewayUrl, unknownToken());
        const login = await fetch(`${gatewayUrl}/api/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
        expect(login.status).toBe(200);
        expect(login.headers.get('ratelimit-policy')).toBe('"anon";q=20;w=60');
      });
    });
  });
});

describe('failing credentials counted per address and per credential (docs/security.md §10.6)', () => {
  const userToken = () => signAccessToken(upstreams.auth.key, { userId: randomUUID(), scopes: ALL_SCOPES });


  it('when one address sends 61 made-up API tokens (the default rate is 60/minute), then a valid user there still gets in, and the flood still costs auth nothing', async () => {
    await withGateway({}, async (gatewayUrl) => {
      const apiToken = unknownToken();
      upstreams.auth.apiTokens.set(apiToken, apiTokenCaller(randomUUID(), ALL_SCOPES));
      // Resolved once before the flood: the gateway holds it (in Redis), no lookup needed later.
      expect((await read(gatewayUrl, apiToken)).status).toBe(200);

      const lookupsBefore = upstreams.auth.resolveRequests.length;
      const flood: number[] = [];
      for (let i = 0; i < 61; i += 1) flood.push((await read(gatewayUrl, unknownToken())).status);
      expect(flood.slice(0, 60)).toEqual(Array(60).fill(401));
      expect(flood[60]).toBe(429);
      expect(upstreams.auth.resolveRequests.length).toBe(lookupsBefore + 60);

      expect((await read(gatewayUrl, await userToken())).status).toBe(200);
      expect((await read(gatewayUrl, apiToken)).status).toBe(200);
      // Still throttled, still without a lookup: another made-up token, and one auth knows but the gateway does not hold.
      const notHeld = unknownToken();
      upstreams.auth.apiTokens.set(notHeld, apiTokenCaller(randomUUID(), ALL_SCOPES));
      expect((await read(gatewayUrl, unknownToken())).status).toBe(429);
      expect((await read(gatewayUrl, notHeld)).status).toBe(429);
      expect(upstreams.auth.resolveRequests.length).toBe(lookupsBefore + 60);
    });
  });

  it('when an address is past its rate, then a forged or expired access token is checked against the keys and answered 429; one credential past its own rate is 429 unchecked', async () => {
    const LIMIT = 3;
    await withGateway({ THROTTLE_RATES: `unauthenticated=${LIMIT}/minute` }, async (gatewayUrl, keyPrefix) => {
      const expired = await signAccessToken(upstreams.auth.key, { userId: randomUUID(), scopes: ALL_SCOPES, expiresIn: -60 });
      const statuses: number[] = [];
      for (let i = 0; i <= LIMIT; i += 1) statuses.push((await read(gatewayUrl, expired)).status);
      expect(statuses).toEqual([...Array(LIMIT).fill(401), 429]);
      const fingerprint = createHash('sha256').update(`Bearer ${expired}`).digest('hex').slice(0, 16);
      expect(Number(await redis.get(`${keyPrefix}ratelimit:unauthenticated:ip:127.0.0.1:credential:${fingerprint}`))).toBe(LIMIT);
      expect(Number(await redis.get(`${keyPrefix}ratelimit:unauthenticated:ip:127.0.0.1`))).toBe(LIMIT);

      const forged = (await userToken()).replace(/.{4}$/, 'AAAA');
      const refused = await read(gatewayUrl, forged);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('ratelimit-policy')).toBe(`"unauthenticated";q=${LIMIT};w=60`);
      expect((await read(gatewayUrl, await userToken())).status).toBe(200);
    });
  });

  it('with TRUST_PROXY=1, an IPv6 client is counted by its /64, and an IPv4-mapped address as its IPv4 address', async () => {
    const LIMIT = 3;
    await withGateway({ THROTTLE_RATES: `unauthenticated=${LIMIT}/minute`, TRUST_PROXY: '1' }, async (gatewayUrl, keyPrefix) => {
      const from = (address: string) => ({ 'x-forwarded-for': address });
      for (const address of ['2001:db8:7:1::1', '2001:db8:7:1::2', '2001:db8:7:1:ffff:ffff:ffff:ffff']) {
        expect((await read(gatewayUrl, unknownToken(), from(address))).status).toBe(401);
      }
      expect((await read(gatewayUrl, unknownToken(), from('2001:db8:7:1::3'))).status).toBe(429);
      expect(await redis.get(`${keyPrefix}ratelimit:unauthenticated:ip:2001:db8:7:1::/64`)).toBe(String(LIMIT));
      // The next /64 is another subscriber.
      expect((await read(gatewayUrl, unknownToken(), from('2001:db8:7:2::1'))).status).toBe(401);

      for (let i = 0; i < LIMIT; i += 1) expect((await read(gatewayUrl, unknownToken(), from('::ffff:198.51.100.20'))).status).toBe(401);
      expect((await read(gatewayUrl, unknownToken(), from('198.51.100.20'))).status).toBe(429);
    });
  });

  it('with TRUST_PROXY=1, the anon bucket counts an IPv6 client by its /64 too', async () => {
    await withGateway({ THROTTLE_RATES: 'anon=2/minute', TRUST_PROXY: '1' }, async (gatewayUrl) => {
      const login = (address: string) =>
        fetch(`${gatewayUrl}/api/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address }, body: '{}' });
      expect([(await login('2001:db8:9:1::1')).status, (await login('2001:db8:9:1::2')).status, (await login('2001:db8:9:1::3')).status]).toEqual([200, 200, 429]);
      expect((await login('2001:db8:9:2::1')).status).toBe(200);
    });
  });
});
