import { createHash, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import Redis from 'ioredis';
import { closedPort, signAccessToken } from './support/fake-upstreams';
import {
  ALL_SCOPES,
  bearer,
  jsonOf,
  deleteKeys,
  startTestGateway,
  startUpstreams,
  type FakeServiceName,
  type Upstreams,
} from './support/gateway-harness';

describe('gateway forwarding', () => {
  let upstreams: Upstreams;
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  let token: string;
  let userId: string;

  beforeAll(async () => {
    upstreams = await startUpstreams();
    gateway = await startTestGateway(upstreams.env);
    userId = randomUUID();
    token = await signAccessToken(upstreams.auth.key, { userId, scopes: ALL_SCOPES });
  });
  afterAll(async () => {
    await gateway.stop();
    await upstreams.close();
    const redis = new Redis(process.env.REDIS_URL!);
    await deleteKeys(redis, gateway.keyPrefix);
    redis.disconnect();
  });

  const call = (method: string, path: string, headers: Record<string, string> = {}, body?: string | Buffer) =>
    fetch(`${gateway.url}${path}`, { method, headers: { ...bearer(token), ...headers }, body });

  describe('routing', () => {
    const cases: Array<[string, string, FakeServiceName | 'auth']> = [
      ['GET', '/api/leads/', 'leads'],
      ['PATCH', '/api/leads/7d7c3d36-0000-4000-8000-000000000001/', 'leads'],
      ['POST', '/api/leads/duplicates/', 'leads'],
      ['GET', '/api/leads/7d7c3d36-0000-4000-8000-000000000001/duplicates/', 'leads'],
      ['POST', '/api/leads/import/preview/', 'import-export'],
      ['POST', '/api/leads/import/commit/', 'import-export'],
      ['POST', '/api/leads/upload/', 'import-export'],
      ['GET', '/api/leads/export/?status=new', 'import-export'],
      ['GET', '/api/contacts/', 'contacts'],
      ['POST', '/api/contacts/duplicates/', 'contacts'],
      ['POST', '/api/contacts/import/preview/', 'import-export'],
      ['POST', '/api/contacts/import/commit/', 'import-export'],
      ['GET', '/api/contacts/export/', 'import-export'],
      ['GET', '/api/accounts/', 'accounts-opportunities'],
      ['POST', '/api/opportunities/', 'accounts-opportunities'],
      ['DELETE', '/api/tasks/7d7c3d36-0000-4000-8000-000000000001/', 'accounts-opportunities'],
      ['GET', '/api/audit-logs/?type=lead.created', 'audit'],
      ['GET', '/api/auth/me/', 'auth'],
    ];
    it.each(cases)('%s %s goes to %s with the path and query unchanged', async (method, path, service) => {
      const res = await call(method, path, { 'content-type': 'application/json' }, method === 'GET' || method === 'DELETE' ? undefined : '{}');
      expect(res.status).toBe(method === 'DELETE' ? 204 : 200);
      const seen = service === 'auth' ? upstreams.auth.seen : upstreams.services[service].seen;
      const last = seen[seen.length - 1];
      expect(last).toMatchObject({ service, method, url: path });
    });

    it('when a path under /api matches no route, then 404 {detail}', async () => {
      for (const path of ['/api/', '/api/widgets/', '/api/leads', '/api/internal/api-tokens/resolve']) {
        const res = await call('GET', path);
        expect(res.status).toBe(404);
        expect(await jsonOf(res)).toEqual({ detail: 'Not found.' });
      }
    });

    it('when a path has dot segments or encoded slashes, then 404 and nothing is forwarded', async () => {
      const before = upstreams.services.leads.seen.length;
      for (const path of ['/api/leads/../audit-logs/', '/api/leads/%2e%2e/audit-logs/', '/api/leads/a%2Fb/']) {
        const status = await rawRequest('GET', path, bearer(token));
        expect(status).toBe(404);
      }
      expect(upstreams.services.leads.seen).toHaveLength(before);
    });

    it('the service never receives internal routes of auth through the gateway', async () => {
      const res = await fetch(`${gateway.url}/internal/api-tokens/resolve`, { method: 'POST', body: '{}' });
      expect(res.status).toBe(404);
    });

    it('GET /livez and /readyz answer without a credential', async () => {
      expect((await fetch(`${gateway.url}/livez`)).status).toBe(200);
      const ready = await fetch(`${gateway.url}/readyz`);
      expect(ready.status).toBe(200);
    });

    it('GET /metrics answers on the metrics port only: on the API port it is 404', async () => {
      expect((await fetch(`${gateway.url}/metrics`)).status).toBe(404);
      const scraped = await fetch(`${gateway.metricsUrl}/metrics`);
      expect(scraped.status).toBe(200);
      expect(scraped.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(await scraped.text()).toMatch(/^http_requests_total\{.*service="gateway".*\} \d+$/m);
      expect((await fetch(`${gateway.metricsUrl}/api/leads/`, { headers: bearer(token) })).status).toBe(404);
    });
  });

  describe('headers', () => {
    it('client-sent internal token and identity headers never reach the service', async () => {
      const forged = {
        'x-crm-internal-token': 'forged',
        'x-crm-caller': '{"role":"admin"}',
        'x-user-id': 'someone-else',
        'x-tenant-id': 'other-tenant',
        'x-forwarded-for': '6.6.6.6',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'gopher',
        forwarded: 'for=6.6.6.6',
        'x-real-ip': '6.6.6.6',
      };
      const res = await call('GET', '/api/leads/', forged);
      expect(res.status).toBe(200);
      const { headers, caller } = await jsonOf(res);
      expect(headers['x-crm-internal-token']).not.toBe('forged');
      expect(caller.credential).toEqual({ kind: 'user', id: userId });
      expect(headers.authorization).toBeUndefined();
      expect(headers['x-crm-caller']).toBeUndefined();
      expect(headers['x-user-id']).toBeUndefined();
      expect(headers['x-tenant-id']).toBeUndefined();
      expect(headers.forwarded).toBeUndefined();
      expect(headers['x-real-ip']).toBeUndefined();
      expect(headers['x-forwarded-for']).toBe('127.0.0.1');
      expect(headers['x-forwarded-proto']).toBe('http');
      expect(headers['x-forwarded-host']).toBe(new URL(gateway.url).host);
    });

    it('the internal token is addressed to the one service the route names', async () => {
      // the fake services accept only a token whose audience is their own name
      for (const path of ['/api/leads/', '/api/contacts/', '/api/accounts/', '/api/leads/export/', '/api/audit-logs/']) {
        expect((await call('GET', path)).status).toBe(200);
      }
    });

    it('the request id is kept from the client, passed to the service and echoed', async () => {
      const res = await call('GET', '/api/leads/', { 'x-request-id': 'req-abc-123' });
      expect(res.headers.get('x-request-id')).toBe('req-abc-123');
      expect((await jsonOf(res)).headers['x-request-id']).toBe('req-abc-123');
    });

    it('without a client request id, the gateway makes one and the service sees the same', async () => {
      const res = await call('GET', '/api/leads/');
      const id = res.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect((await jsonOf(res)).headers['x-request-id']).toBe(id);
    });

    it('a request sent with Expect: 100-continue is still stripped and carries the internal token', async () => {
      const body = Buffer.from('{"a":1}');
      const { status, json } = await rawRequestJson('POST', '/api/leads/', {
        ...bearer(token),
        expect: '100-continue',
        'content-type': 'application/json',
        'content-length': String(body.length),
        'x-crm-internal-token': 'forged',
      }, body);
      expect(status).toBe(200);
      expect(json.caller.credential.id).toBe(userId);
      expect(json.headers.expect).toBeUndefined();
    });
  });

  describe('bodies', () => {
    it('a multipart upload reaches the service byte for byte', async () => {
      const boundary = `----crm${randomUUID()}`;
      const file = randomBytes(256 * 1024);
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="leads.csv"\r\nContent-Type: text/csv\r\n\r\n`),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await call('POST', '/api/leads/import/preview/', { 'content-type': `multipart/form-data; boundary=${boundary}` }, body);
      expect(res.status).toBe(200);
      const seen = await jsonOf(res);
      expect(seen.service).toBe('import-export');
      expect(seen.headers['content-type']).toBe(`multipart/form-data; boundary=${boundary}`);
      expect(seen.bodyLength).toBe(body.length);
      expect(seen.bodySha256).toBe(createHash('sha256').update(body).digest('hex'));
    });

    it('a chunked body (no Content-Length) is streamed through unchanged', async () => {
      const chunks = [randomBytes(1000), randomBytes(70_000), randomBytes(3)];
      const { status, json } = await rawRequestJson(
        'POST',
        '/api/contacts/import/commit/',
        { ...bearer(token), 'content-type': 'multipart/form-data; boundary=x' },
        chunks,
      );
      expect(status).toBe(200);
      expect(json.bodySha256).toBe(createHash('sha256').update(Buffer.concat(chunks)).digest('hex'));
    });
  });

  function rawRequest(method: string, path: string, headers: Record<string, string>): Promise<number> {
    return rawRequestJson(method, path, headers).then((r) => r.status);
  }

  /** node:http, for what fetch will not send: unnormalised paths, Expect, chunked bodies. */
  function rawRequestJson(
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: Buffer | Buffer[],
  ): Promise<{ status: number; json: any }> {
    const { hostname, port } = new URL(gateway.url);
    return new Promise((resolve, reject) => {
      const req = http.request({ hostname, port, method, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          resolve({ status: res.statusCode!, json: text ? JSON.parse(text) : undefined });
        });
      });
      req.on('error', reject);
      if (headers.expect) {
        req.on('continue', () => req.end(body as Buffer));
      } else if (Array.isArray(body)) {
        for (const chunk of body) req.write(chunk);
        req.end();
      } else {
        req.end(body);
      }
    });
  }
});

describe('gateway forwarding when a service is down', () => {
  it('when the upstream refuses the connection past UPSTREAM_RETRY_MS, then 503 {detail} with Retry-After soon after', async () => {
    const upstreams = await startUpstreams();
    const port = await closedPort();
    const gateway = await startTestGateway({
      ...upstreams.env,
      ACCOUNTS_OPPORTUNITIES_SERVICE_URL: `http://127.0.0.1:${port}`,
      UPSTREAM_RETRY_MS: '300',
    });
    try {
      const token = await signAccessToken(upstreams.auth.key, { userId: randomUUID(), scopes: ALL_SCOPES });
      const started = Date.now();
      const res = await fetch(`${gateway.url}/api/accounts/`, { headers: bearer(token) });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(await jsonOf(res)).toEqual({ detail: 'Service unavailable.' });
      expect(res.headers.get('ratelimit')).toMatch(/^"read";r=\d+;t=\d+$/);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await gateway.stop();
      await upstreams.close();
    }
  });

  it('when the upstream goes silent past UPSTREAM_TIMEOUT_MS, then 504 {detail} (the request may still take effect: never a 503 inviting a blind retry)', async () => {
    const upstreams = await startUpstreams();
    const silent = http.createServer(() => {
      /* never answers */
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const gateway = await startTestGateway({
      ...upstreams.env,
      ACCOUNTS_OPPORTUNITIES_SERVICE_URL: `http://127.0.0.1:${port}`,
      UPSTREAM_TIMEOUT_MS: '300',
    });
    try {
      const token = await signAccessToken(upstreams.auth.key, { userId: randomUUID(), scopes: ALL_SCOPES });
      const res = await fetch(`${gateway.url}/api/tasks/`, { headers: bearer(token) });
      expect(res.status).toBe(504);
      expect((await jsonOf(res)).detail).toMatch(/Idempotency-Key/);
    } finally {
      await gateway.stop();
      await upstreams.close();
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('when the gateway stops, a request in flight still completes and new connections are refused', async () => {
    const upstreams = await startUpstreams();
    const slow = http.createServer((_req, res) => {
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"slow":true}'), 300);
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const { port } = slow.address() as { port: number };
    const gateway = await startTestGateway({ ...upstreams.env, ACCOUNTS_OPPORTUNITIES_SERVICE_URL: `http://127.0.0.1:${port}` });
    try {
      const token = await signAccessToken(upstreams.auth.key, { userId: randomUUID(), scopes: ALL_SCOPES });
      const inFlight = fetch(`${gateway.url}/api/tasks/`, { headers: bearer(token) });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const stopped = gateway.stop();
      const res = await inFlight;
      expect(res.status).toBe(200);
      expect(await jsonOf(res)).toEqual({ slow: true });
      await stopped;
      await expect(fetch(`${gateway.url}/livez`)).rejects.toThrow();
    } finally {
      await gateway.stop();
      await upstreams.close();
      slow.closeAllConnections();
      await new Promise((resolve) => slow.close(resolve));
    }
  });
});

describe('gateway forwarding of an upload its service answers before reading it', () => {
  const MIB = 1024 * 1024;

  it('when the service refuses uploads unread (429), then the client gets each 429 and its one connection serves every next request', async () => {
    const upstreams = await startUpstreams();
    // Refuses every upload at once, reading none of its body, as the upload bound does.
    const connectionHeaders: Array<string | undefined> = [];
    const refusing = http.createServer((req, res) => {
      if (req.method !== 'POST') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      connectionHeaders.push(req.headers.connection);
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' }).end('{"detail":"Request was throttled.","retry_after":1}');
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const { port } = refusing.address() as { port: number };
    const gateway = await startTestGateway({ ...upstreams.env, LEADS_SERVICE_URL: `http://127.0.0.1:${port}` });
    // One connection: each request must wait for the one before it to be done with it.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const token = await signAccessToken(upstreams.auth.key, { userId: randomUUID(), scopes: ALL_SCOPES });
      // An answer, or what stood in its way; a request queued behind a stalled connection gets none.
      const send = (method: string, body?: Buffer) =>
        new Promise<string>((resolve) => {
          setTimeout(() => resolve('no answer in 3 s'), 3_000);
          const req = http.request(new URL(`/api/leads/${randomUUID()}/attachments/`, gateway.url), {
            method,
            agent,
            headers: { ...bearer(token), ...(body ? { 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(body.length) } : {}) },
          });
          req.on('response', (res) => {
            let text = '';
            res.on('data', (chunk) => (text += chunk));
            res.on('end', () => resolve(`${res.statusCode} ${text}`));
          });
          req.on('error', (error) => resolve(`error: ${error.message}`));
          req.end(body);
        });
      const upload = Buffer.alloc(6 * MIB);
      const answers = [await send('POST', upload), await send('POST', upload), await send('GET'), await send('POST', upload)];
      expect(answers).toEqual([...Array(2).fill('429 {"detail":"Request was throttled.","retry_after":1}'), '200 {}', '429 {"detail":"Request was throttled.","retry_after":1}']);
      // A write without an Idempotency-Key goes on a connection of its own, which still asks to be kept
      // alive: the service then reads and drops the unread body, where a closing one would be reset.
      expect(connectionHeaders).toEqual(['keep-alive', 'keep-alive', 'keep-alive']);
    } finally {
      agent.destroy();
      await gateway.stop();
      await upstreams.close();
      refusing.closeAllConnections();
      await new Promise((resolve) => refusing.close(resolve));
    }
  });
});
