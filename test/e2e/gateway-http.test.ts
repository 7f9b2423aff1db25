import { randomInt, randomUUID } from 'node:crypto';
import net from 'node:net';
import type { TestSystem } from '../support/system';
import type { TenantAdmin } from '../support/tenants';
import { startWithTenant } from '../support/suite';

/**
 * What the gateway answers of HTTP itself (api-contract §2): a method the path has not (405), CORS for the
 * browser clients of CORS_ORIGINS, and requests too large for the HTTP parser or a body limit (431, 413).
 */
const APP_ORIGIN = 'https://app.example.test';
const OTHER_ORIGIN = 'https://elsewhere.example.test';
const FORM_ORIGIN = 'https://www.example.test';
const UNAUTHENTICATED_LIMIT = 2;
const FORM_LIMIT = 2;

let system: TestSystem, admin: TenantAdmin;
beforeAll(async () => {
  ({ system, admin } = await startWithTenant({
    settings: {
      CORS_ORIGINS: `${APP_ORIGIN}, https://admin.example.test`,
      THROTTLE_RATES: `read=100000/hour,write=100000/hour,anon=100000/minute,unauthenticated=${UNAUTHENTICATED_LIMIT}/minute`,
      FORM_RATE: `${FORM_LIMIT}/minute`,
      // As behind one ingress controller: each test that sends failing credentials does so from an address of its own.
      TRUST_PROXY: '1',
    },
  }));
});
afterAll(() => system.stop());

/** A client address of its own (the limits' counters live in Redis, shared by every suite and run). */
const clientAddress = () => `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}`;
const someId = () => randomUUID();

describe('a method the path has not (api-contract §2)', () => {
  it('when a path is asked with a method it has not, then 405 {detail} with Allow listing its methods, before any credential', async () => {
    const cases = [
      { method: 'PUT', path: '/api/leads/', allow: 'GET, HEAD, POST' },
      { method: 'POST', path: `/api/leads/${someId()}/`, allow: 'GET, HEAD, PUT, PATCH, DELETE' },
      { method: 'DELETE', path: '/api/auth/login/', allow: 'POST' },
      { method: 'POST', path: '/api/leads/export/', allow: 'GET, HEAD' },
      { method: 'GET', path: '/api/public/web-forms/some-key/submissions/', allow: 'POST, OPTIONS' },
      { method: 'OPTIONS', path: '/api/audit-logs/', allow: 'GET, HEAD' },
    ];
    for (const { method, path, allow } of cases) {
      const res = await system.api.request(method, path);
      expect({ path, status: res.status, allow: res.headers.get('allow'), body: res.body }).toEqual({ path, status: 405, allow, body: { detail: `Method "${method}" not allowed.` } });
    }
    // With a credential alike; nothing was counted against it.
    const withToken = await system.api.request('PATCH', '/api/contacts/', {}, { token: admin.access });
    expect([withToken.status, withToken.headers.get('allow'), withToken.headers.get('ratelimit')]).toEqual([405, 'GET, HEAD, POST', null]);
  });

  it('when a path has no route, or is spelled otherwise, then still 404', async () => {
    for (const path of ['/api/nothing-here/', '/api/LEADS/', '/api/leads', '/api/leads/a%2Fb/']) {
      const res = await system.api.request('PUT', path, {}, { token: admin.access });
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 404, body: { detail: 'Not found.' } });
    }
  });
});

describe('CORS for the browser clients of CORS_ORIGINS', () => {
  const EXPOSED = ['ETag', 'Location', 'Retry-After', 'RateLimit', 'RateLimit-Policy', 'Idempotent-Replayed', 'X-Request-Id'];
  const exposed = (res: { headers: Headers }) => (res.headers.get('access-control-expose-headers') ?? '').split(/,\s*/);
  const preflight = (path: string, origin: string, method = 'POST') =>
    system.api.request('OPTIONS', path, undefined, {
      headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'authorization, content-type, idempotency-key' },
    });

  it("when an allowed origin sends a preflight, then the gateway answers 204 itself, without a credential, with the path's methods", async () => {
    const res = await preflight(`/api/leads/${someId()}/`, APP_ORIGIN, 'PATCH');
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(res.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, HEAD, PUT, PATCH, DELETE');
    expect(res.headers.get('access-control-allow-headers')?.split(/,\s*/)).toEqual(
      expect.arrayContaining(['Authorization', 'Content-Type', 'Idempotency-Key', 'If-Match', 'If-None-Match', 'X-Request-Id']),
    );
    expect(Number(res.headers.get('access-control-max-age'))).toBeGreaterThan(0);
    expect(res.headers.get('vary')).toMatch(/\bOrigin\b/);
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    // Every origin of the list, each exactly.
    expect((await preflight('/api/leads/', 'https://admin.example.test')).headers.get('access-control-allow-methods')).toBe('GET, HEAD, POST');
  });

  it('when an allowed origin calls the API, then every answer lets it read the answer and its headers, the gateway’s own refusals too', async () => {
    const headers = { origin: APP_ORIGIN };
    const created = await system.api.post('/api/leads/', { first_name: 'Cors', last_name: 'Lead' }, { token: admin.access, headers });
    expect(created.status).toBe(201);
    const notAuthenticated = await system.api.get('/api/leads/', { headers: { ...headers, 'x-forwarded-for': clientAddress() } });
    expect(notAuthenticated.status).toBe(401);
    const noRoute = await system.api.get('/api/nothing-here/', { headers });
    expect(noRoute.status).toBe(404);
    const noMethod = await system.api.request('PUT', '/api/leads/', undefined, { headers });
    expect(noMethod.status).toBe(405);
    // A credential that failed too often from an address: refused before it is looked at (docs/security.md §10.6).
    const address = clientAddress();
    for (let i = 0; i < UNAUTHENTICATED_LIMIT; i += 1) {
      expect((await system.api.get('/api/leads/', { token: 'not-a-token', headers: { ...headers, 'x-forwarded-for': address } })).status).toBe(401);
    }
    const refused = await system.api.get('/api/leads/', { token: 'not-a-token', headers: { ...headers, 'x-forwarded-for': address } });
    expect(refused.status).toBe(429);
    // A preflight of a path without routes goes on to its 404.
    const unknownPreflight = await preflight('/api/nothing-here/', APP_ORIGIN);
    expect(unknownPreflight.status).toBe(404);

    for (const res of [created, notAuthenticated, noRoute, noMethod, refused, unknownPreflight]) {
      expect({ status: res.status, origin: res.headers.get('access-control-allow-origin') }).toEqual({ status: res.status, origin: APP_ORIGIN });
      expect(exposed(res)).toEqual(expect.arrayContaining(EXPOSED));
      expect(res.headers.get('vary')).toMatch(/\bOrigin\b/);
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });

  it('when an origin outside the list, or none, calls, then no CORS header: its preflight is a 405 like any other OPTIONS', async () => {
    const otherPreflight = await preflight('/api/leads/', OTHER_ORIGIN);
    expect([otherPreflight.status, otherPreflight.headers.get('allow')]).toEqual([405, 'GET, HEAD, POST']);
    const otherRead = await system.api.get('/api/leads/', { token: admin.access, headers: { origin: OTHER_ORIGIN } });
    expect(otherRead.status).toBe(200);
    // An origin differing only in scheme or port is another origin.
    const lookalike = await system.api.get('/api/leads/', { token: admin.access, headers: { origin: 'http://app.example.test' } });
    const serverCall = await system.api.get('/api/leads/', { token: admin.access });
    for (const res of [otherPreflight, otherRead, lookalike, serverCall]) {
      expect([...res.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
    }
  });

  it('when a page posts to a public web form, then the form’s own origins decide, and a limit’s 429 can be read by the page', async () => {
    const form = await system.api.post('/api/web-forms/', { name: `Cors ${randomUUID().slice(0, 6)}`, allowed_origins: [FORM_ORIGIN] }, { token: admin.access });
    expect(form.status).toBe(201);
    const path = `/api/public/web-forms/${form.body.public_key}/submissions/`;
    // Answered by the form (POST only), not by the gateway's CORS_ORIGINS.
    const formPreflight = await preflight(path, FORM_ORIGIN);
    expect([formPreflight.status, formPreflight.headers.get('access-control-allow-origin'), formPreflight.headers.get('access-control-allow-methods')]).toEqual([
      204,
      FORM_ORIGIN,
      'POST',
    ]);
    const appPreflight = await preflight(path, APP_ORIGIN);
    expect(appPreflight.headers.get('access-control-allow-origin')).toBeNull();
    const fromApp = await system.api.post(path, { email: 'app@example.test' }, { headers: { origin: APP_ORIGIN, 'x-forwarded-for': clientAddress() } });
    expect([fromApp.status, fromApp.headers.get('access-control-allow-origin')]).toEqual([403, null]);

    const submit = () => system.api.post(path, { email: `cors-${randomUUID().slice(0, 8)}@example.test` }, { headers: { origin: FORM_ORIGIN, 'x-forwarded-for': clientAddress() } });
    // fromApp was refused by the form, but counted against it first.
    for (let i = 1; i < FORM_LIMIT; i += 1) expect((await submit()).status).toBe(201);
    const limited = await submit();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('ratelimit-policy')).toBe(`"form";q=${FORM_LIMIT};w=60`);
    expect(limited.headers.get('access-control-allow-origin')).toBe(FORM_ORIGIN);
    expect(exposed(limited)).toEqual(expect.arrayContaining(['Retry-After', 'RateLimit', 'RateLimit-Policy']));
  });
});

/** Sends `request` as raw bytes and reads the whole answer, until the server closes the connection. */
function rawExchange(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
  });
}

describe('requests too large (api-contract §2)', () => {
  it('when the request line or the headers pass 16 KB, then 431 with a {detail} JSON body, at the gateway and at every service', async () => {
    for (const url of [system.gatewayUrl, ...Object.values(system.services).map((service) => service.url)]) {
      const longUrl = await rawExchange(url, `GET /api/leads/?search=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: crm\r\n\r\n`);
      const hugeHeader = await rawExchange(url, `GET /api/leads/ HTTP/1.1\r\nHost: crm\r\nX-Padding: ${'b'.repeat(20_000)}\r\n\r\n`);
      for (const answer of [longUrl, hugeHeader]) {
        const [head, body] = answer.split('\r\n\r\n');
        expect({ url, status: head!.split('\r\n')[0] }).toEqual({ url, status: 'HTTP/1.1 431 Request Header Fields Too Large' });
        expect(head).toMatch(/^content-type: application\/json; charset=utf-8$/im);
        expect(head).toMatch(new RegExp(`^content-length: ${Buffer.byteLength(body!)}$`, 'im'));
        expect(JSON.parse(body!)).toEqual({ detail: expect.any(String) });
      }
    }
    // fetch reads it too.
    const res = await fetch(`${system.gatewayUrl}/api/leads/?search=${'a'.repeat(20_000)}`);
    expect([res.status, await res.json()]).toEqual([431, { detail: expect.any(String) }]);
  });

  it('when a JSON body is over 1 MB, then the gateway relays the service’s 413 {detail} (as documented), nothing stored', async () => {
    const res = await system.api.post('/api/leads/', { first_name: 'Big', last_name: 'x'.repeat(2 * 1024 * 1024) }, { token: admin.access });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ detail: expect.any(String) });
    const stored = await system.api.get('/api/leads/?search=Big', { token: admin.access });
    expect(stored.body.count).toBe(0);
  });
});
