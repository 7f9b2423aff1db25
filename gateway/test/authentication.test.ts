import { createHash, randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { base64url } from 'jose';
import { createLogger, listen } from '@crm/platform';
import { buildGatewayApp, loadGatewayConfig } from '../src';
import { TEST_INTERNAL_SIGNING_KEY, closedPort, newSigningKey, signAccessToken, type SigningKey } from './support/fake-upstreams';
import {
  ALL_SCOPES,
  apiTokenCaller,
  bearer,
  jsonOf,
  deleteKeys,
  startTestGateway,
  startUpstreams,
  type Upstreams,
} from './support/gateway-harness';

const TOKEN_NOT_VALID = { detail: 'Given token not valid for any token type', code: 'token_not_valid' };

describe('gateway authentication', () => {
  let upstreams: Upstreams;
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let redis: Redis;
  let key: SigningKey;

  beforeAll(async () => {
    upstreams = await startUpstreams();
    key = upstreams.auth.key;
    gateway = await startTestGateway(upstreams.env);
    redis = new Redis(process.env.REDIS_URL!);
  });
  afterAll(async () => {
    await gateway.stop();
    await upstreams.close();
    await deleteKeys(redis, gateway.keyPrefix);
    redis.disconnect();
  });

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${gateway.url}${path}`, { headers });
  const userToken = (scopes = ALL_SCOPES, extra: Partial<Parameters<typeof signAccessToken>[1]> = {}) =>
    signAccessToken(key, { userId: randomUUID(), scopes, ...extra });

  describe('user access tokens', () => {
    it('when no Authorization header is sent, then 401 {detail} saying credentials were not provided', async () => {
      const res = await get('/api/leads/');
      expect(res.status).toBe(401);
      expect(await jsonOf(res)).toEqual({ detail: 'Authentication credentials were not provided.' });
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="api"');
      expect(upstreams.services.leads.seen).toHaveLength(0);
    });

    it('when the header has another scheme or no token, then 401 credentials not provided', async () => {
      for (const authorization of ['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer   ']) {
        const res = await get('/api/leads/', { authorization });
        expect(res.status).toBe(401);
        expect(await jsonOf(res)).toEqual({ detail: 'Authentication credentials were not provided.' });
      }
    });

    it('when a valid token is sent, then the request reaches the service with the caller from its claims', async () => {
      const userId = randomUUID();
      const token = await signAccessToken(key, {
        userId,
        tenantId: 't-9',
        profileId: 'p-9',
        role: 'member',
        sales: true,
        scopes: ['leads:read', 'leads:write'],
      });
      const res = await get('/api/leads/?page=2', bearer(token));
      expect(res.status).toBe(200);
      const seen = await jsonOf(res);
      expect(seen.caller).toEqual({
        userId,
        tenantId: 't-9',
        profileId: 'p-9',
        role: 'member',
        salesAccess: true,
        scopes: ['leads:read', 'leads:write'],
        credential: { kind: 'user', id: userId },
      });
    });

    it('the key set is fetched from auth with an anonymous internal token', async () => {
      await get('/api/leads/', bearer(await userToken()));
      expect(upstreams.auth.jwksRequests.length).toBeGreaterThanOrEqual(1);
      expect(upstreams.auth.jwksRequests[0]['x-crm-internal-token']).toEqual(expect.any(String));
    });

    it('when the token has expired, then 401 {detail, code: token_not_valid}', async () => {
      const res = await get('/api/leads/', bearer(await userToken(ALL_SCOPES, { expiresIn: -60 })));
      expect(res.status).toBe(401);
      expect(await jsonOf(res)).toEqual(TOKEN_NOT_VALID);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="api", error="invalid_token"');
    });

    it('when the token is unsigned (alg none), then 401 token_not_valid', async () => {
      const real = await userToken();
      const payload = real.split('.')[1];
      const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT', kid: key.kid }));
      const res = await get('/api/leads/', bearer(`${header}.${payload}.`));
      expect(res.status).toBe(401);
      expect(await jsonOf(res)).toEqual(TOKEN_NOT_VALID);
    });

    it('when the payload was changed after signing, then 401 token_not_valid', async () => {
      const [header, payload, signature] = (await userToken(['leads:read'])).split('.');
      const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload)));
      claims.scope = ALL_SCOPES.join(' ');
      const forged = `${header}.${base64url.encode(JSON.stringify(claims))}.${signature}`;
      const res = await get('/api/leads/', bearer(forged));
      expect(res.status).toBe(401);
      expect(await jsonOf(res)).toEqual(TOKEN_NOT_VALID);
    });

    it('when the token is for another audience, then 401 token_not_valid', async () => {
      const res = await get('/api/leads/', bearer(await userToken(ALL_SCOPES, { audience: 'another-api' })));
      expect(res.status).toBe(401);
      expect(await jsonOf(res)).toEqual(TOKEN_NOT_VALID);
    });

    it('when the token comes from another issuer, then 401 token_not_valid', async () => {
      const res = await get('/api/leads/', bearer(await userToken(ALL_SCOPES, { issuer: 'someone-else' })));
      expect(res.status).toBe(401);
      expect(await jsonOf(res)).toEqual(TOKEN_NOT_VALID);
    });

    it('when the token is signed by a key auth does not publish, then 401 token_not_valid', async () => {
      const stranger = await newSigningKey('unknown-kid');
      const res = await get('/api/leads/', bearer(await signAccessToken(stranger, { userId: randomUUID(), scopes: ALL_SCOPES })));
      expect(res.status).toBe(401);
      expect(await jsonOf(res)).toEqual(TOKEN_NOT_VALID);
    });

    it('when a key auth does not publish claims a published kid, then 401 token_not_valid', async () => {
      const impostor = { ...(await newSigningKey(key.kid)) };
      const res = await get('/api/leads/', bearer(await signAccessToken(impostor, { userId: randomUUID(), scopes: ALL_SCOPES })));
      expect(res.status).toBe(401);
      expect(await jsonOf(res)).toEqual(TOKEN_NOT_VALID);
    });

    it('when the token is garbage or lacks required claims, then 401 token_not_valid', async () => {
      for (const token of ['not-a-jwt', 'a.b.c', await userToken(ALL_SCOPES, { extraClaims: { role: 'owner' } })]) {
        const res = await get('/api/leads/', bearer(token));
        expect(res.status).toBe(401);
        expect(await jsonOf(res)).toEqual(TOKEN_NOT_VALID);
      }
    });
  });

  describe('scopes', () => {
    it('when the credential lacks the route scope, then 403 {detail} naming it and nothing reaches the service', async () => {
      const before = upstreams.services.leads.seen.length;
      const res = await fetch(`${gateway.url}/api/leads/`, {
        method: 'POST',
        headers: { ...bearer(await userToken(['leads:read'])), 'content-type': 'application/json' },
        body: '{}',
      });
      expect(res.status).toBe(403);
      const body = await jsonOf(res);
      expect(Object.keys(body)).toEqual(['detail']);
      expect(body.detail).toContain('leads:write');
      expect(upstreams.services.leads.seen).toHaveLength(before);
    });

    it('write does not imply read', async () => {
      const res = await get('/api/contacts/', bearer(await userToken(['contacts:write'])));
      expect(res.status).toBe(403);
      expect((await jsonOf(res)).detail).toContain('contacts:read');
    });

    it('the POST duplicate checks need only the read scope (release 1.13.0)', async () => {
      for (const entity of ['leads', 'contacts']) {
        const res = await fetch(`${gateway.url}/api/${entity}/duplicates/`, {
          method: 'POST',
          headers: { ...bearer(await userToken([`${entity}:read`])), 'content-type': 'application/json' },
          body: '{"email":"a@example.com"}',
        });
        expect(res.status).toBe(200);
      }
    });

    it('the audit log needs audit:read', async () => {
      expect((await get('/api/audit-logs/', bearer(await userToken(['leads:read'])))).status).toBe(403);
      expect((await get('/api/audit-logs/', bearer(await userToken(['audit:read'])))).status).toBe(200);
    });

    it('auth endpoints other than register/login/refresh need a credential but no scope', async () => {
      expect((await get('/api/auth/me/')).status).toBe(401);
      const res = await get('/api/auth/me/', bearer(await userToken([])));
      expect(res.status).toBe(200);
      expect((await jsonOf(res)).service).toBe('auth');
    });

    it('register, login, refresh-token and the key set need no credential, and an Authorization header is not passed on', async () => {
      for (const path of ['/api/auth/register/', '/api/auth/login/', '/api/auth/refresh-token/']) {
        const res = await fetch(`${gateway.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer whatever' },
          body: '{}',
        });
        expect(res.status).toBe(200);
        const seen = await jsonOf(res);
        expect(seen.caller).toBeNull();
        expect(seen.headers.authorization).toBeUndefined();
      }
      expect((await get('/api/auth/.well-known/jwks.json')).status).toBe(200);
    });
  });

  describe('API tokens', () => {
    it('when an API token is sent, then auth resolves it and the service receives its caller', async () => {
      const token = `crm_pat_${randomUUID()}`;
      const caller = apiTokenCaller(randomUUID(), ['leads:read']);
      upstreams.auth.apiTokens.set(token, caller);
      const res = await get('/api/leads/', bearer(token));
      expect(res.status).toBe(200);
      expect((await jsonOf(res)).caller).toEqual(caller);
      const lookup = upstreams.auth.resolveRequests.find((r) => r.token === token)!;
      expect(lookup.headers['x-crm-internal-token']).toEqual(expect.any(String));
    });

    it('an API token is limited to its scopes', async () => {
      const token = `crm_pat_${randomUUID()}`;
      upstreams.auth.apiTokens.set(token, apiTokenCaller(randomUUID(), ['leads:read']));
      const res = await fetch(`${gateway.url}/api/leads/`, { method: 'POST', headers: bearer(token), body: '{}' });
      expect(res.status).toBe(403);
    });

    it('when auth does not know the API token, then 401 token_not_valid', async () => {
      const res = await get('/api/leads/', bearer(`crm_pat_${randomUUID()}`));
      expect(res.status).toBe(401);
      expect(await jsonOf(res)).toEqual(TOKEN_NOT_VALID);
    });

    it('a resolved API token is cached under the hash of the token, never the token itself', async () => {
      const token = `crm_pat_${randomUUID()}`;
      upstreams.auth.apiTokens.set(token, apiTokenCaller(randomUUID(), ['leads:read']));
      const lookups = () => upstreams.auth.resolveRequests.filter((r) => r.token === token).length;
      await get('/api/leads/', bearer(token));
      await get('/api/leads/', bearer(token));
      await get('/api/leads/', bearer(token));
      expect(lookups()).toBe(1);

      const keys = await redis.keys(`${gateway.keyPrefix}*`);
      expect(keys).toContain(`${gateway.keyPrefix}api-token:${createHash('sha256').update(token).digest('hex')}`);
      for (const name of keys) {
        expect(name).not.toContain(token);
        expect(await redis.get(name)).not.toContain(token);
      }
    });

    it('when someone who can write to Redis forges or moves a cache entry, then the gateway ignores it and asks auth', async () => {
      const keyOf = (token: string) => `${gateway.keyPrefix}api-token:${createHash('sha256').update(token).digest('hex')}`;
      // A token auth never issued, given an admin caller by a hand-written entry: unsigned, then signed with a guessed secret.
      const forged = `crm_pat_${randomUUID()}`;
      const admin = { ...apiTokenCaller(randomUUID(), ['leads:read', 'leads:write']), cachedAt: Date.now() };
      await redis.set(keyOf(forged), JSON.stringify(admin), 'EX', 60);
      expect((await get('/api/leads/', bearer(forged))).status).toBe(401);
      await redis.set(keyOf(forged), JSON.stringify({ ...admin, signature: 'x'.repeat(43) }), 'EX', 60);
      expect((await get('/api/leads/', bearer(forged))).status).toBe(401);

      // A genuine entry, signed for one token, copied under another token's key.
      const genuine = `crm_pat_${randomUUID()}`;
      upstreams.auth.apiTokens.set(genuine, apiTokenCaller(randomUUID(), ['leads:read']));
      expect((await get('/api/leads/', bearer(genuine))).status).toBe(200);
      const entry = await redis.get(keyOf(genuine));
      expect(JSON.parse(entry!)).toMatchObject({ signature: expect.any(String) });
      const moved = `crm_pat_${randomUUID()}`;
      await redis.set(keyOf(moved), entry!, 'EX', 60);
      expect((await get('/api/leads/', bearer(moved))).status).toBe(401);
      // The genuine entry itself still serves without asking auth again.
      const lookups = upstreams.auth.resolveRequests.filter((r) => r.token === genuine).length;
      expect((await get('/api/leads/', bearer(genuine))).status).toBe(200);
      expect(upstreams.auth.resolveRequests.filter((r) => r.token === genuine).length).toBe(lookups);
    });

    it('when an API token is revoked through the gateway, then it stops working at once', async () => {
      const token = `crm_pat_${randomUUID()}`;
      const id = randomUUID();
      upstreams.auth.apiTokens.set(token, apiTokenCaller(id, ['leads:read']));
      expect((await get('/api/leads/', bearer(token))).status).toBe(200);

      const owner = await userToken([]);
      const revoke = await fetch(`${gateway.url}/api/auth/api-tokens/${id}/`, { method: 'DELETE', headers: bearer(owner) });
      expect(revoke.status).toBe(204);

      const res = await get('/api/leads/', bearer(token));
      expect(res.status).toBe(401);
      expect(await jsonOf(res)).toEqual(TOKEN_NOT_VALID);
      expect(await redis.exists(`${gateway.keyPrefix}api-token-id:${id}`)).toBe(0);
    });
  });
});

describe('gateway authentication when auth is unreachable', () => {
  it('when the key set cannot be fetched, then 503 {detail} rather than 401 or 500', async () => {
    const port = await closedPort();
    const gateway = await startTestGateway({ AUTH_SERVICE_URL: `http://127.0.0.1:${port}` });
    try {
      const key = await newSigningKey('k');
      const res = await fetch(`${gateway.url}/api/leads/`, {
        headers: bearer(await signAccessToken(key, { userId: randomUUID(), scopes: ALL_SCOPES })),
      });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(await jsonOf(res)).toEqual({ detail: 'Service unavailable.' });
      const apiToken = await fetch(`${gateway.url}/api/leads/`, { headers: bearer(`crm_pat_${randomUUID()}`) });
      expect(apiToken.status).toBe(503);
      expect(apiToken.headers.get('retry-after')).toBe('1');
    } finally {
      await gateway.stop();
    }
  });
});

describe('gateway routes for user tokens only', () => {
  it('when a user-only route is called with an API token, then 403 and a user token passes', async () => {
    const upstreams = await startUpstreams();
    const config = loadGatewayConfig({
      ...upstreams.env,
      INTERNAL_SIGNING_KEY: TEST_INTERNAL_SIGNING_KEY,
      REDIS_URL: process.env.REDIS_URL,
      REDIS_KEY_PREFIX: `test:gateway:${randomUUID()}:`,
    });
    const redis = new Redis(config.REDIS_URL!, { keyPrefix: config.REDIS_KEY_PREFIX });
    const gateway = buildGatewayApp({
      config,
      logger: createLogger('gateway', 'silent'),
      redis,
      routeTable: [{ methods: ['GET'], path: '/api/auth/api-tokens/', service: 'auth', scope: null, bucket: 'read', auth: 'user-only' }],
    });
    const server = await listen(gateway.app, 0);
    try {
      const apiToken = `crm_pat_${randomUUID()}`;
      upstreams.auth.apiTokens.set(apiToken, apiTokenCaller(randomUUID(), ALL_SCOPES));
      const refused = await fetch(`${server.url}/api/auth/api-tokens/`, { headers: bearer(apiToken) });
      expect(refused.status).toBe(403);
      expect(Object.keys(await jsonOf(refused))).toEqual(['detail']);
      const user = await signAccessToken(upstreams.auth.key, { userId: randomUUID() });
      expect((await fetch(`${server.url}/api/auth/api-tokens/`, { headers: bearer(user) })).status).toBe(200);
    } finally {
      await server.close(100);
      gateway.close();
      const plain = new Redis(config.REDIS_URL!);
      await deleteKeys(plain, config.REDIS_KEY_PREFIX);
      plain.disconnect();
      await redis.quit();
      await upstreams.close();
    }
  });
});
