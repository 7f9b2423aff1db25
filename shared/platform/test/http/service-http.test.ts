import http from 'node:http';
import pino from 'pino';
import express, { Router } from 'express';
import { InternalTokenSigner, newSigningKey, mintInternalToken } from '../../src/auth-context';
import { ConflictError, NotFoundError, TooManyRequestsError } from '../../src/errors';
import { createServiceApp, currentRequestId, listen, type RunningServer } from '../../src/http';
import { createLogger } from '../../src/logging/logger';

/** The gateway's development key, as a service checks it without INTERNAL_TOKEN_PUBLIC_KEYS. */
const DEV_GATEWAY = new InternalTokenSigner('gateway');

const logger = createLogger('test', 'silent');

const health = { draining: false };
let brokerUp = false;

function appWith(routes: Router) {
  return createServiceApp({
    logger,
    health,
    dependencies: { broker: () => brokerUp },
    internalToken: { audience: 'sample' },
    routes,
  });
}

describe('the shared service shell', () => {
  let server: RunningServer;
  beforeAll(async () => {
    const routes = Router();
    routes.get('/boom', () => {
      throw new Error('database password is hunter2');
    });
    routes.get('/missing', () => {
      throw new NotFoundError();
    });
    routes.get('/conflict', () => {
      throw new ConflictError('That name is taken.', 'name');
    });
    routes.get('/throttled', () => {
      throw new TooManyRequestsError(12.2);
    });
    routes.get('/request-id', (_req, res) => {
      res.json({ requestId: currentRequestId() });
    });
    routes.post('/echo', (req, res) => {
      res.json(req.body);
    });
    server = await listen(appWith(routes), 0);
  });
  afterAll(() => server.close(100));

  const token = () => mintInternalToken(DEV_GATEWAY, 'sample', null);
  const call = async (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}${path}`, { ...init, headers: { 'x-crm-internal-token': await token(), ...init.headers } });

  it('when a request has no internal token, then 401 {detail} and the route never runs', async () => {
    const res = await fetch(`${server.url}/missing`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ detail: expect.any(String) });
  });

  it('when the internal token is for another service, then 401', async () => {
    const other = await mintInternalToken(DEV_GATEWAY, 'somebody-else', null);
    const res = await fetch(`${server.url}/missing`, { headers: { 'x-crm-internal-token': other } });
    expect(res.status).toBe(401);
  });

  it('when the internal token is signed with a key nobody listed, then 401', async () => {
    const forged = await mintInternalToken(new InternalTokenSigner('gateway', newSigningKey('dev-2').signingKey), 'sample', null);
    const res = await fetch(`${server.url}/missing`, { headers: { 'x-crm-internal-token': forged } });
    expect(res.status).toBe(401);
  });

  it('when a handler fails unexpectedly, then 500 with the request id and no internals', async () => {
    const res = await call('/boom', { headers: { 'x-request-id': 'trace-123' } });
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body).toEqual({ detail: 'Internal server error.', request_id: 'trace-123' });
    expect(JSON.stringify(body)).not.toContain('hunter2');
  });

  it('when domain errors are thrown, then they become the contract bodies', async () => {
    expect(await (await call('/missing')).json()).toEqual({ detail: 'Not found.' });
    const conflict = await call('/conflict');
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toEqual({ detail: 'That name is taken.', error: true, errors: { name: 'That name is taken.' } });
    const throttled = await call('/throttled');
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('13');
    expect(await throttled.json()).toEqual({ detail: expect.any(String), retry_after: 13 });
  });

  it('when the JSON body is malformed, then 400 in the validation shape', async () => {
    const res = await call('/echo', { method: 'POST', body: '{"a":', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: true, errors: { body: 'Malformed JSON.' } });
  });

  it('when the body declares a content encoding it does not have, then 400 in the validation shape, not 500', async () => {
    const res = await call('/echo', { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: true, errors: { body: expect.any(String) } });
  });

  it('when a body string, a body key or a query value holds a NUL character, then 400 on that field and the route never runs', async () => {
    const post = (body: unknown) => call('/echo', { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    const refused = { error: true, errors: expect.any(Object) };
    const inValue = await post({ name: 'a\u0000b' });
    expect(inValue.status).toBe(400);
    expect(await inValue.json()).toEqual({ ...refused, errors: { name: expect.any(String) } });
    const nested = await post({ custom_fields: { size: ['x', 'y\u0000'] } });
    expect(await nested.json()).toEqual({ ...refused, errors: { 'custom_fields.size.1': expect.any(String) } });
    const inKey = await post({ custom_fields: { 'k\u0000': 1 } });
    expect(inKey.status).toBe(400);
    const deepBody = `${'{"a":'.repeat(50_000)}"\\u0000"${'}'.repeat(50_000)}`;
    const deep = await call('/echo', { method: 'POST', body: deepBody, headers: { 'content-type': 'application/json' } });
    expect(deep.status).toBe(400);
    const inQuery = await call('/request-id?search=a%00b');
    expect(inQuery.status).toBe(400);
    expect(await inQuery.json()).toEqual({ ...refused, errors: { search: expect.any(String) } });
    expect((await post({ name: 'fine' })).status).toBe(200);
  });

  it('when a route is unknown, then 404 {detail}', async () => {
    const res = await call('/nowhere');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: 'Not found.' });
  });

  it('when the client sends X-Request-Id, then it is kept and echoed; otherwise one is made', async () => {
    const given = await call('/request-id', { headers: { 'x-request-id': 'abc-1' } });
    expect(given.headers.get('x-request-id')).toBe('abc-1');
    expect(await given.json()).toEqual({ requestId: 'abc-1' });
    const made = await call('/request-id');
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = await call('/request-id', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(unsafe.headers.get('x-request-id')).not.toBe('bad id with spaces');
  });

  it('when probes are called, then they need no token', async () => {
    expect((await fetch(`${server.url}/livez`)).status).toBe(200);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });

  it('when a dependency is away, then the service stays ready and /readyz says which; when draining, then 503', async () => {
    brokerUp = false;
    const away = await fetch(`${server.url}/readyz`);
    expect(away.status).toBe(200);
    expect(await away.json()).toEqual({ status: 'ready', dependencies: { broker: false } });
    brokerUp = true;
    expect(await (await fetch(`${server.url}/readyz`)).json()).toEqual({ status: 'ready', dependencies: { broker: true } });
    health.draining = true;
    try {
      const draining = await fetch(`${server.url}/readyz`);
      expect(draining.status).toBe(503);
      expect(await draining.json()).toMatchObject({ status: 'draining' });
    } finally {
      health.draining = false;
    }
  });
});

describe('graceful close', () => {
  it('when the server closes with a request in flight, then that request finishes and new connections are refused', async () => {
    let release: () => void = () => undefined;
    let started: () => void = () => undefined;
    const inFlight = new Promise<void>((resolve) => {
      started = resolve;
    });
    const app = express();
    app.get('/slow', async (_req, res) => {
      started();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      res.json({ finished: true });
    });
    const server = await listen(app, 0);
    const pending = fetch(`${server.url}/slow`);
    await inFlight;
    const closed = server.close(5_000);
    await expect(fetch(`${server.url}/slow`)).rejects.toThrow();
    release();
    const res = await pending;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ finished: true });
    await closed;
  });

  it('when a keep-alive client is mid-request at close, then the drain ends with that request, not the keep-alive timeout', async () => {
    const app = express();
    app.get('/slow', (_req, res) => {
      setTimeout(() => res.json({ finished: true }), 200);
    });
    const server = await listen(app, 0);
    const agent = new http.Agent({ keepAlive: true });
    const answered = new Promise<number>((resolve, reject) => {
      http.get(`${server.url}/slow`, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      }).on('error', reject);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Far beyond the test's timeout: only the drain itself can end the close in time.
    const closed = server.close(600_000).then(() => 'closed');
    expect(await answered).toBe(200);
    const outcome = await Promise.race([closed, new Promise((resolve) => setTimeout(() => resolve('still open'), 5_000))]);
    expect(outcome).toBe('closed');
    agent.destroy();
  });
});

describe('the access log', () => {
  it("when a request comes with a caller, then its line names the caller's tenant and user; without one, neither", async () => {
    const lines: Array<Record<string, unknown>> = [];
    const capturing = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const routes = Router();
    routes.get('/things', (_req, res) => {
      res.json([]);
    });
    const app = createServiceApp({ logger: capturing, health: { draining: false }, internalToken: { audience: 'sample' }, routes });
    const running = await listen(app, 0);
    try {
      const caller = { userId: 'user-1', tenantId: 'tenant-1', profileId: 'p', role: 'admin', salesAccess: true, scopes: [], credential: { kind: 'user', id: 'user-1' } } as const;
      const withCaller = await mintInternalToken(DEV_GATEWAY, 'sample', { ...caller, scopes: [...caller.scopes], credential: { ...caller.credential } });
      expect((await fetch(`${running.url}/things`, { headers: { 'x-crm-internal-token': withCaller } })).status).toBe(200);
      const anonymous = await mintInternalToken(DEV_GATEWAY, 'sample', null);
      expect((await fetch(`${running.url}/things`, { headers: { 'x-crm-internal-token': anonymous } })).status).toBe(200);
      const requests = lines.filter((line) => line.msg === 'request');
      expect(requests).toHaveLength(2);
      expect(requests[0]).toMatchObject({ path: '/things', status: 200, tenant_id: 'tenant-1', user_id: 'user-1' });
      expect(requests[1]).not.toHaveProperty('tenant_id');
    } finally {
      await running.close(100);
    }
  });
});
