import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { parsePrometheus, sampleValue } from '../../test/support/prometheus-text';
import { closedPort, signAccessToken } from './support/fake-upstreams';
import {
  ALL_SCOPES,
  apiTokenCaller,
  bearer,
  jsonOf,
  captureLog,
  deleteKeys,
  startTestGateway,
  startUpstreams,
  type Upstreams,
} from './support/gateway-harness';

describe('gateway rate limits', () => {
  let upstreams: Upstreams;
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let redis: Redis;

  beforeAll(async () => {
    redis = new Redis(process.env.REDIS_URL!);
    upstreams = await startUpstreams();
    gateway = await startTestGateway({ ...upstreams.env, THROTTLE_RATES: 'read=5/hour,write=3/hour,anon=4/minute' });
  });
  afterAll(async () => {
    await gateway.stop();
    await upstreams.close();
    await deleteKeys(redis, gateway.keyPrefix);
    redis.disconnect();
  });

  const newUser = () => signAccessToken(upstreams.auth.key, { userId: randomUUID(), scopes: ALL_SCOPES });
  const read = (token: string, path = '/api/leads/') => fetch(`${gateway.url}${path}`, { headers: bearer(token) });
  const write = (token: string, path = '/api/leads/') =>
    fetch(`${gateway.url}${path}`, { method: 'POST', headers: { ...bearer(token), 'content-type': 'application/json' }, body: '{}' });

  it('every counted response carries RateLimit-Policy and RateLimit for its bucket', async () => {
    const token = await newUser();
    const first = await read(token);
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-policy')).toBe('"read";q=5;w=3600');
    expect(first.headers.get('ratelimit')).toMatch(/^"read";r=4;t=(3600|3599)$/);
    const second = await read(token);
    expect(second.headers.get('ratelimit')).toMatch(/^"read";r=3;t=\d+$/);
    const posted = await write(token);
    expect(posted.headers.get('ratelimit-policy')).toBe('"write";q=3;w=3600');
    expect(posted.headers.get('ratelimit')).toMatch(/^"write";r=2;t=\d+$/);
  });

  it("the gateway's RateLimit headers win over an upstream's", async () => {
    const res = await read(await newUser(), '/api/leads/?upstream_ratelimit=1');
    expect(res.headers.get('ratelimit')).toMatch(/^"read";r=4;t=\d+$/);
  });

  it('when the read limit is used up, then 429 with the exact body, Retry-After and RateLimit headers', async () => {
    const token = await newUser();
    for (let i = 0; i < 5; i += 1) expect((await read(token)).status).toBe(200);
    const res = await read(token);
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await jsonOf(res)).toEqual({
      detail: `Request was throttled. Expected available in ${retryAfter} seconds.`,
      retry_after: retryAfter,
    });
    expect(res.headers.get('ratelimit-policy')).toBe('"read";q=5;w=3600');
    expect(res.headers.get('ratelimit')).toBe(`"read";r=0;t=${retryAfter}`);
  });

  it('read and write buckets are counted separately', async () => {
    const token = await newUser();
    for (let i = 0; i < 5; i += 1) await read(token);
    expect((await read(token)).status).toBe(429);
    expect((await write(token)).status).toBe(200);
  });

  it('the POST duplicate checks count as reads', async () => {
    const token = await newUser();
    for (let i = 0; i < 5; i += 1) await read(token);
    const res = await write(token, '/api/leads/duplicates/');
    expect(res.status).toBe(429);
    expect(res.headers.get('ratelimit-policy')).toBe('"read";q=5;w=3600');
  });

  it('two credentials are limited independently', async () => {
    const a = await newUser();
    const b = await newUser();
    for (let i = 0; i < 3; i += 1) await write(a);
    expect((await write(a)).status).toBe(429);
    expect((await write(b)).status).toBe(200);
  });

  it('all access tokens of one user share one bucket, so a refresh does not reset it', async () => {
    const userId = randomUUID();
    const first = await signAccessToken(upstreams.auth.key, { userId, scopes: ALL_SCOPES });
    for (let i = 0; i < 3; i += 1) await write(first);
    const refreshed = await signAccessToken(upstreams.auth.key, { userId, scopes: ALL_SCOPES });
    expect(refreshed).not.toBe(first);
    expect((await write(refreshed)).status).toBe(429);
  });

  it("the API tokens of a user share the user's bucket with their access tokens, so minting tokens adds no quota", async () => {
    const userId = randomUUID();
    const user = await signAccessToken(upstreams.auth.key, { userId, scopes: ALL_SCOPES });
    const [one, two] = [`crm_pat_${randomUUID()}`, `crm_pat_${randomUUID()}`];
    for (const apiToken of [one!, two!]) upstreams.auth.apiTokens.set(apiToken, apiTokenCaller(randomUUID(), ALL_SCOPES, userId));
    expect([(await write(one!)).status, (await write(two!)).status, (await write(user)).status]).toEqual([200, 200, 200]);
    expect([(await write(one!)).status, (await write(two!)).status, (await write(user)).status]).toEqual([429, 429, 429]);
    expect(await redis.get(`${gateway.keyPrefix}ratelimit:write:user:${userId}`)).toBe('6');
  });

  it('100 parallel requests with 10 left let exactly 10 through', async () => {
    const userId = randomUUID();
    const gatewayWithRoom = await startTestGateway({ ...upstreams.env, THROTTLE_RATES: 'read=15/hour' });
    try {
      const token = await signAccessToken(upstreams.auth.key, { userId, scopes: ALL_SCOPES });
      for (let i = 0; i < 5; i += 1) await fetch(`${gatewayWithRoom.url}/api/leads/`, { headers: bearer(token) });
      const statuses = await Promise.all(
        Array.from({ length: 100 }, () =>
          fetch(`${gatewayWithRoom.url}/api/leads/`, { headers: bearer(token) }).then(async (res) => {
            await res.arrayBuffer();
            return res.status;
          }),
        ),
      );
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(90);
    } finally {
      await gatewayWithRoom.stop();
      await deleteKeys(redis, gatewayWithRoom.keyPrefix);
    }
  });

  it('counters live in Redis under the gateway prefix, keyed by bucket and user', async () => {
    const userId = randomUUID();
    await read(await signAccessToken(upstreams.auth.key, { userId, scopes: ALL_SCOPES }));
    expect(await redis.get(`${gateway.keyPrefix}ratelimit:read:user:${userId}`)).toBe('1');
  });

  it('requests refused before counting (401, 403, 404) do not use up the limit', async () => {
    const userId = randomUUID();
    const narrow = await signAccessToken(upstreams.auth.key, { userId, scopes: ['leads:read'] });
    for (let i = 0; i < 5; i += 1) expect((await read(narrow, '/api/contacts/')).status).toBe(403);
    expect((await read(narrow)).status).toBe(200);
  });
});

describe('gateway rate limits for anonymous endpoints', () => {
  let upstreams: Upstreams;
  let redis: Redis;
  beforeAll(async () => {
    redis = new Redis(process.env.REDIS_URL!);
    upstreams = await startUpstreams();
  });
  afterAll(async () => {
    await upstreams.close();
    redis.disconnect();
  });

  const login = (url: string, headers: Record<string, string> = {}) =>
    fetch(`${url}/api/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: '{"email":"a@example.com","password":"x"}',
    });

  it('register, login and refresh-token share the anon bucket of the client address', async () => {
    const gateway = await startTestGateway({ ...upstreams.env, THROTTLE_RATES: 'anon=3/minute' });
    try {
      const paths = ['/api/auth/register/', '/api/auth/login/', '/api/auth/refresh-token/'];
      for (const path of paths) {
        const res = await fetch(`${gateway.url}${path}`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
        expect(res.status).toBe(200);
        expect(res.headers.get('ratelimit-policy')).toBe('"anon";q=3;w=60');
      }
      const res = await login(gateway.url);
      expect(res.status).toBe(429);
      const retryAfter = Number(res.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(await jsonOf(res)).toEqual({
        detail: `Request was throttled. Expected available in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
        retry_after: retryAfter,
      });
      expect(await redis.get(`${gateway.keyPrefix}ratelimit:anon:ip:127.0.0.1`)).toBe('4');
    } finally {
      await gateway.stop();
      await deleteKeys(redis, gateway.keyPrefix);
    }
  });

  it('with TRUST_PROXY=1, each client address the proxy adds has its own anon bucket, and entries before it choose nothing', async () => {
    const gateway = await startTestGateway({ ...upstreams.env, THROTTLE_RATES: 'anon=2/minute', TRUST_PROXY: '1' });
    try {
      // The proxy (this test's connection) appends the address it saw to whatever the client sent.
      const from = (...addresses: string[]) => ({ 'x-forwarded-for': addresses.join(', ') });
      expect((await login(gateway.url, from('10.0.0.1'))).status).toBe(200);
      expect((await login(gateway.url, from('198.51.100.7', '10.0.0.1'))).status).toBe(200);
      expect((await login(gateway.url, from('198.51.100.8', '10.0.0.1'))).status).toBe(429);
      expect((await login(gateway.url, from('198.51.100.8', '10.0.0.2'))).status).toBe(200);
      const seen = upstreams.auth.seen[upstreams.auth.seen.length - 1];
      expect(seen.headers['x-forwarded-for']).toBe('10.0.0.2');
      expect(await redis.get(`${gateway.keyPrefix}ratelimit:anon:ip:10.0.0.1`)).toBe('3');
    } finally {
      await gateway.stop();
      await deleteKeys(redis, gateway.keyPrefix);
    }
  });

  it('with TRUST_PROXY naming the proxies, the client is the last address not among them', async () => {
    const gateway = await startTestGateway({ ...upstreams.env, THROTTLE_RATES: 'anon=2/minute', TRUST_PROXY: '10.1.0.0/16,127.0.0.1' });
    try {
      // Two proxies: the one at 10.1.2.3 appended the client, this test's connection (127.0.0.1) appended 10.1.2.3.
      const from = (...addresses: string[]) => ({ 'x-forwarded-for': addresses.join(', ') });
      expect((await login(gateway.url, from('10.0.0.1', '10.1.2.3'))).status).toBe(200);
      expect((await login(gateway.url, from('198.51.100.7', '10.0.0.1', '10.1.2.3'))).status).toBe(200);
      expect((await login(gateway.url, from('198.51.100.8', '10.0.0.1', '10.1.2.3'))).status).toBe(429);
      expect((await login(gateway.url, from('10.0.0.2', '10.1.2.3'))).status).toBe(200);
    } finally {
      await gateway.stop();
      await deleteKeys(redis, gateway.keyPrefix);
    }
  });

  it('without TRUST_PROXY, a client cannot pick a fresh bucket with X-Forwarded-For', async () => {
    const gateway = await startTestGateway({ ...upstreams.env, THROTTLE_RATES: 'anon=2/minute' });
    try {
      expect((await login(gateway.url, { 'x-forwarded-for': '10.0.0.1' })).status).toBe(200);
      expect((await login(gateway.url, { 'x-forwarded-for': '10.0.0.2' })).status).toBe(200);
      expect((await login(gateway.url, { 'x-forwarded-for': '10.0.0.3' })).status).toBe(429);
    } finally {
      await gateway.stop();
      await deleteKeys(redis, gateway.keyPrefix);
    }
  });
});

describe('gateway rate limits without Redis', () => {
  it('when Redis is unreachable, the gateway still serves and limits in memory, warning once', async () => {
    const upstreams = await startUpstreams();
    const log = captureLog('warn');
    const port = await closedPort();
    const gateway = await startTestGateway(
      { ...upstreams.env, REDIS_URL: `redis://127.0.0.1:${port}`, THROTTLE_RATES: 'read=3/hour' },
      log.logger,
    );
    try {
      const userId = randomUUID();
      const token = await signAccessToken(upstreams.auth.key, { userId, scopes: ALL_SCOPES });
      const started = Date.now();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const res = await fetch(`${gateway.url}/api/leads/`, { headers: bearer(token) });
        statuses.push(res.status);
        if (i === 0) expect(res.headers.get('ratelimit')).toMatch(/^"read";r=2;t=360\d$/);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(log.lines.filter((l) => /rate limits are counted in memory/.test(l.msg))).toHaveLength(1);

      const apiToken = `crm_pat_${randomUUID()}`;
      upstreams.auth.apiTokens.set(apiToken, apiTokenCaller(randomUUID(), ALL_SCOPES));
      for (let i = 0; i < 2; i += 1) {
        expect((await fetch(`${gateway.url}/api/leads/`, { headers: bearer(apiToken) })).status).toBe(200);
      }
      expect(upstreams.auth.resolveRequests.filter((r) => r.token === apiToken)).toHaveLength(2);
    } finally {
      await gateway.stop();
      await upstreams.close();
    }
  });

  it('when Redis goes away and comes back, the gateway keeps serving and reports each switch once', async () => {
    const port = await closedPort();
    const upstreams = await startUpstreams();
    const log = captureLog('warn');
    let redisServer = await startRedisServer(port);
    const gateway = await startTestGateway(
      { ...upstreams.env, REDIS_URL: `redis://127.0.0.1:${port}`, THROTTLE_RATES: 'read=100/hour' },
      log.logger,
    );
    const direct = new Redis(`redis://127.0.0.1:${port}`, { lazyConnect: true, retryStrategy: () => null, disconnectTimeout: 50 });
    try {
      const userId = randomUUID();
      const token = await signAccessToken(upstreams.auth.key, { userId, scopes: ALL_SCOPES });
      const readLeads = () => fetch(`${gateway.url}/api/leads/`, { headers: bearer(token) });
      const inMemory = async () => sampleValue(parsePrometheus(await (await fetch(`${gateway.metricsUrl}/metrics`)).text()), 'crm_rate_limits_in_memory', {});
      expect((await readLeads()).status).toBe(200);
      expect(await inMemory()).toBe(0);

      await stopRedisServer(redisServer);
      for (let i = 0; i < 3; i += 1) expect((await readLeads()).status).toBe(200);
      expect(log.lines.filter((l) => /counted in memory/.test(l.msg))).toHaveLength(1);
      expect(await inMemory()).toBe(1);

      redisServer = await startRedisServer(port);
      await waitFor(() => log.lines.some((l) => /Redis is back/.test(l.msg)), 6_000);
      expect((await readLeads()).status).toBe(200);
      expect(await inMemory()).toBe(0);
      await direct.connect();
      expect(await direct.get(`${gateway.keyPrefix}ratelimit:read:user:${userId}`)).toBe('1');
      expect(log.lines.filter((l) => /counted in memory|Redis is back/.test(l.msg)).map((l) => l.level)).toEqual(['warn', 'warn']);
    } finally {
      direct.disconnect();
      await gateway.stop();
      await upstreams.close();
      await stopRedisServer(redisServer);
    }
  });
});

/** A throwaway Redis of this test's own (no persistence), so it can be stopped and started. */
async function startRedisServer(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const probe = new Redis(`redis://127.0.0.1:${port}`, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0, disconnectTimeout: 50 });
  await waitFor(async () => {
    try {
      await probe.connect();
      return (await probe.ping()) === 'PONG';
    } catch {
      probe.disconnect();
      return false;
    }
  }, 5_000);
  probe.disconnect();
  return child;
}

async function stopRedisServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
