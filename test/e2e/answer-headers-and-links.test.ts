import { request } from 'node:http';
import { createLead } from '../support/leads';
import { startWithTenant } from '../support/suite';
import type { TestSystem } from '../support/system';
import type { TenantAdmin } from '../support/tenants';

/**
 * Issue 35, through the gateway like a client: the headers every answer carries (docs/security.md §10.9) and
 * the links answers carry, built from PUBLIC_BASE_URL and never from the request's Host (§10.11).
 */
const PUBLIC_BASE_URL = 'https://crm.example.test';

let system: TestSystem, admin: TenantAdmin;
beforeAll(async () => ({ system, admin } = await startWithTenant({ settings: { PUBLIC_BASE_URL } })));
afterAll(() => system.stop());

/** A GET with headers fetch() will not send as given (Host), as a client could write them. */
function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: any }> {
  const gateway = new URL(system.gatewayUrl);
  return new Promise((resolve, reject) => {
    request({ host: gateway.hostname, port: gateway.port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        resolve({ status: res.statusCode!, headers: res.headers, body: text.startsWith('{') ? JSON.parse(text) : text });
      });
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('links from PUBLIC_BASE_URL, never from Host (§10.11)', () => {
  beforeAll(async () => {
    for (const name of ['Ada', 'Grace', 'Edsger']) await createLead(system.api, admin.access, { first_name: name, last_name: 'Link', email: `${name.toLowerCase()}@links.test` });
  });

  it('when a client forges Host or X-Forwarded-Host, then next and previous still start with PUBLIC_BASE_URL', async () => {
    const forged = { authorization: `Bearer ${admin.access}`, host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };
    const first = await rawGet('/api/leads/?page_size=1&search=links.test', forged);
    expect(first.status).toBe(200);
    expect(first.body.next).toMatch(new RegExp(`^${PUBLIC_BASE_URL}/api/leads/\\?`));
    const second = await rawGet(new URL(first.body.next).pathname + new URL(first.body.next).search, forged);
    expect(second.status).toBe(200);
    expect(second.body.previous).toMatch(new RegExp(`^${PUBLIC_BASE_URL}/api/leads/\\?`));
    expect(JSON.stringify([first.body, second.body])).not.toContain('evil.example');
  });

  it("when a client forges Host, then the change feed's next starts with PUBLIC_BASE_URL too", async () => {
    // The audit service records the changes as their events arrive: wait for a full page.
    let page = await rawGet('/api/changes/?page_size=1', { authorization: `Bearer ${admin.access}`, host: 'evil.example' });
    for (let tries = 0; page.status === 200 && page.body.next === null && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      page = await rawGet('/api/changes/?page_size=1', { authorization: `Bearer ${admin.access}`, host: 'evil.example' });
    }
    expect(page.status).toBe(200);
    expect(page.body.next).toMatch(new RegExp(`^${PUBLIC_BASE_URL}/api/changes/\\?`));
  });

  it("when a record is created under a forged Host, then its Location is a path on the API's own address, naming no host", async () => {
    const created = await system.api.post('/api/leads/', { first_name: 'Barbara', last_name: 'Link' }, { token: admin.access, headers: { 'x-forwarded-host': 'evil.example' } });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`/api/leads/${created.body.id}/`);
  });
});

describe('headers of every answer (§10.9)', () => {
  const cachingOf = (headers: Headers) => [headers.get('cache-control'), headers.get('x-content-type-options')];

  it('when an answer carries personal data (a record, a list, me, the members), then it is no-store and nosniff', async () => {
    const lead = await createLead(system.api, admin.access, { first_name: 'Alan', last_name: 'Cache' });
    for (const path of [`/api/leads/${lead.id}/`, '/api/leads/', '/api/auth/me/', '/api/auth/users/', '/api/audit-logs/']) {
      const res = await system.api.get(path, { token: admin.access });
      expect([path, res.status, ...cachingOf(res.headers)]).toEqual([path, 200, 'no-store', 'nosniff']);
    }
  });

  it("when the answer is a refusal (401, 404, 405) or the gateway's own, then it is nosniff and no-store too", async () => {
    const refusals = [
      await system.api.get('/api/leads/'),
      await system.api.get('/api/no-such-thing/', { token: admin.access }),
      await system.api.get('/api/leads/00000000-0000-4000-8000-000000000000/', { token: admin.access }),
      await system.api.request('PUT', '/api/leads/', {}, { token: admin.access }),
    ];
    expect(refusals.map((res) => [res.status, ...cachingOf(res.headers)])).toEqual([
      [401, 'no-store', 'nosniff'],
      [404, 'no-store', 'nosniff'],
      [404, 'no-store', 'nosniff'],
      [405, 'no-store', 'nosniff'],
    ]);
  });

  it('when the answer is public and meant to be cached (the API docs, the JWKS), then it keeps its own Cache-Control, nosniff too', async () => {
    const docs = await fetch(`${system.gatewayUrl}/api/openapi.json`);
    expect(cachingOf(docs.headers)).toEqual(['public, max-age=300', 'nosniff']);
    const jwks = await fetch(`${system.gatewayUrl}/api/auth/.well-known/jwks.json`);
    expect(cachingOf(jwks.headers)).toEqual(['public, max-age=300', 'nosniff']);
  });

  it('when a file is downloaded (an attachment, an export), then it is sandboxed, no-store and nosniff', async () => {
    const lead = await createLead(system.api, admin.access, { first_name: 'Ida', last_name: 'Download' });
    const form = new FormData();
    form.append('file', new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], { type: 'image/svg+xml' }), 'picture.svg');
    const uploaded = await system.api.post(`/api/leads/${lead.id}/attachments/`, undefined, { token: admin.access, rawBody: form });
    expect(uploaded.status).toBe(201);
    const auth = { headers: { authorization: `Bearer ${admin.access}` } };
    const attachment = await fetch(`${system.gatewayUrl}${uploaded.headers.get('location')}`, auth);
    const exported = await fetch(`${system.gatewayUrl}/api/leads/export/`, auth);
    for (const download of [attachment, exported]) {
      expect(download.status).toBe(200);
      expect([download.headers.get('content-security-policy'), ...cachingOf(download.headers)]).toEqual(['sandbox', 'no-store', 'nosniff']);
      await download.arrayBuffer();
    }
  });
});
