import { createHash, randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { signAccessToken } from './support/fake-upstreams';
import { ALL_SCOPES, apiTokenCaller, bearer, deleteKeys, jsonOf, startTestGateway, startUpstreams, type Upstreams } from './support/gateway-harness';

/**
 * Traffic without a valid credential may not cost auth a lookup per request: an API token auth refused
 * is refused again without asking, for a while; and requests whose credential fails count against their
 * client address (`unauthenticated` in THROTTLE_RATES), which past its rate is answered 429 before its
 * credential is looked at. A valid credential is never counted against its address.
 */
describe('unauthenticated traffic', () => {
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
  const lookupsOf = (token: string) => upstreams.auth.resolveRequests.filter((lookup) => lookup.token === token).length;
  const knownToken = () => {
    const token = unknownToken();
    upstreams.auth.apiTokens.set(token, apiTokenCaller(randomUUID(), ALL_SCOPES));
    return token;
  };
  const read = (gatewayUrl: string, token: string | null, headers: Record<string, string> = {}) =>
    fetch(`${gatewayUrl}/api/leads/`, { headers: { ...(token === null ? {} : bearer(token)), ...headers } });

  async function withGateway(env: Record<string, string>, run: (gatewayUrl: string, keyPrefix: string) => Promise<void>): Promise<void> {
    const gateway = await startTestGateway({ ...upstreams.env, ...env });
    try {
      await run(gateway.url, gateway.keyPrefix);
    } finally {
      await gateway.stop();
      await deleteKeys(redis, gateway.keyPrefix);
    }
  }

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

    it('when an address has sent as many failing credentials as its rate, then its next request is 429 before any lookup, a valid token’s too', async () => {
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
