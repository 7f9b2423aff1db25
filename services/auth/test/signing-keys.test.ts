import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { scopesForRole } from '@crm/auth';
import { AuthTestService } from './support/auth-service';

let auth: AuthTestService;
beforeAll(async () => (auth = await AuthTestService.start()));
afterAll(() => auth.stop());

const fetchJwks = async (service = auth): Promise<JSONWebKeySet> => {
  const res = await service.anonymous('GET', '/api/auth/.well-known/jwks.json');
  expect(res.status).toBe(200);
  return res.body;
};

/** What the gateway does: pinned algorithm, issuer and audience, keys from the JWKS. */
const verify = async (token: string, jwks: JSONWebKeySet) =>
  jwtVerify(token, createLocalJWKSet(jwks), { algorithms: ['EdDSA'], issuer: 'crm-auth', audience: 'crm-api' });

describe('signing keys and access tokens', () => {
  it('when the JWKS is fetched anonymously, then it holds the public Ed25519 key with its kid and nothing private', async () => {
    const res = await auth.anonymous('GET', '/api/auth/.well-known/jwks.json');
    expect(res.headers.get('cache-control')).toContain('max-age');
    expect(res.body).toEqual({
      keys: [{ kty: 'OKP', crv: 'Ed25519', x: expect.any(String), kid: expect.any(String), alg: 'EdDSA', use: 'sig' }],
    });
  });

  it('when an access token is verified against the JWKS, then it carries the claims of its profile', async () => {
    const admin = await auth.register();
    const jwks = await fetchJwks();
    const { payload, protectedHeader } = await verify(admin.access, jwks);
    expect(protectedHeader).toMatchObject({ alg: 'EdDSA', kid: jwks.keys[0]!.kid });
    expect(payload).toEqual({
      sub: admin.userId,
      tid: admin.orgId,
      pid: admin.profileId,
      role: 'admin',
      sales: true,
      scope: scopesForRole('admin', true).join(' '),
      sid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
      iat: expect.any(Number),
      iat_ms: expect.any(Number),
      exp: expect.any(Number),
      iss: 'crm-auth',
      aud: 'crm-api',
    });
    expect(payload.exp! - payload.iat!).toBe(900);
    expect(Math.floor((payload.iat_ms as number) / 1000)).toBe(payload.iat);
  });

  it('when a member without sales access gets a token, then its scope is empty', async () => {
    const admin = await auth.register();
    const member = await auth.addUser(admin.caller, { salesAccess: false });
    const { payload } = await verify(member.access, await fetchJwks());
    expect(payload).toMatchObject({ role: 'member', sales: false, scope: '' });
  });

  it('when two tokens are issued, then each has its own jti', async () => {
    const admin = await auth.register();
    const refreshed = await auth.anonymous('POST', '/api/auth/refresh-token/', { refresh: admin.refresh });
    const jwks = await fetchJwks();
    const [one, two] = await Promise.all([verify(admin.access, jwks), verify(refreshed.body.access, jwks)]);
    expect(one.payload.jti).not.toBe(two.payload.jti);
  });

  it('when a token is checked for another audience or issuer, then verification fails', async () => {
    const admin = await auth.register();
    const keys = createLocalJWKSet(await fetchJwks());
    await expect(jwtVerify(admin.access, keys, { algorithms: ['EdDSA'], audience: 'other' })).rejects.toThrow();
    await expect(jwtVerify(admin.access, keys, { algorithms: ['EdDSA'], issuer: 'other' })).rejects.toThrow();
    await expect(jwtVerify(admin.access, keys, { algorithms: ['ES256'] })).rejects.toThrow();
  });

  it('when the service starts again on the same database, then it keeps its key and old tokens still verify', async () => {
    const admin = await auth.register();
    const second = await AuthTestService.start();
    try {
      const jwks = await fetchJwks(second);
      expect(jwks).toEqual(await fetchJwks());
      await expect(verify(admin.access, jwks)).resolves.toBeDefined();
      const fromSecond = await second.register();
      expect(decodeProtectedHeader(fromSecond.access).kid).toBe(decodeProtectedHeader(admin.access).kid);
    } finally {
      await second.stop();
    }
    expect(await auth.sql('SELECT kid FROM signing_keys')).toHaveLength(1);
  });
});
