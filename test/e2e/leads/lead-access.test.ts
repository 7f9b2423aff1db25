import { randomUUID } from 'node:crypto';
import { createLead } from '../../support/leads';
import { startTestSystem, type TestSystem } from '../../support/system';
import { addMember, registerTenant, type Member, type TenantAdmin } from '../../support/tenants';

/**
 * architecture §3 on every lead route and method: a lead of another tenant, one the caller may not open, a
 * random id and a malformed id all answer 404 with one body; a member without sales access gets 403;
 * an openable lead the role may not delete gets 403.
 */
let system: TestSystem;
let admin: TenantAdmin;
let seller: Member;
let otherSeller: Member;
let clerk: Member;
let stranger: TenantAdmin;
let sellersLead: any;
let assignedLead: any;
let adminsLead: any;
let strangersLead: any;

beforeAll(async () => {
  system = await startTestSystem();
  admin = await registerTenant(system.api);
  seller = await addMember(system.api, admin, true);
  otherSeller = await addMember(system.api, admin, true);
  clerk = await addMember(system.api, admin, false);
  stranger = await registerTenant(system.api, 'Stranger');
  sellersLead = await createLead(system.api, seller.access, { first_name: 'Seller owns' });
  assignedLead = await createLead(system.api, admin.access, { first_name: 'Assigned to seller', assigned_to_id: seller.profileId });
  adminsLead = await createLead(system.api, admin.access, { first_name: 'Admin only' });
  strangersLead = await createLead(system.api, stranger.access, { first_name: 'Stranger owns' });
});
afterAll(async () => {
  await system.stop();
});

interface Call {
  name: string;
  method: 'get' | 'patch' | 'put' | 'delete' | 'post';
  path: (id: string) => string;
  body?: unknown;
}

/** Every route under a lead id; bodies are valid, so only access decides the answer. */
const LEAD_ROUTES: Call[] = [
  { name: 'detail', method: 'get', path: (id) => `/api/leads/${id}/` },
  { name: 'patch', method: 'patch', path: (id) => `/api/leads/${id}/`, body: { title: 'Changed' } },
  { name: 'put', method: 'put', path: (id) => `/api/leads/${id}/`, body: { first_name: 'Replaced' } },
  { name: 'delete', method: 'delete', path: (id) => `/api/leads/${id}/` },
  { name: 'notes list', method: 'get', path: (id) => `/api/leads/${id}/notes/` },
  { name: 'note create', method: 'post', path: (id) => `/api/leads/${id}/notes/`, body: { body: 'Hello' } },
  { name: 'note delete', method: 'delete', path: (id) => `/api/leads/${id}/notes/${randomUUID()}/` },
  { name: 'attachments list', method: 'get', path: (id) => `/api/leads/${id}/attachments/` },
  { name: 'attachment download', method: 'get', path: (id) => `/api/leads/${id}/attachments/${randomUUID()}/` },
  { name: 'attachment delete', method: 'delete', path: (id) => `/api/leads/${id}/attachments/${randomUUID()}/` },
  { name: 'duplicates', method: 'get', path: (id) => `/api/leads/${id}/duplicates/` },
  { name: 'merge (as keeper)', method: 'post', path: (id) => `/api/leads/${id}/merge/`, body: { merge_id: randomUUID() } },
];

async function call(route: Call, id: string, token: string) {
  const path = route.path(id);
  if (route.method === 'get' || route.method === 'delete') return system.api[route.method](path, { token });
  return system.api[route.method](path, route.body, { token });
}

async function notFoundBody(route: Call, token: string) {
  const res = await call(route, randomUUID(), token);
  expect(res.status).toBe(404);
  return res.body;
}

describe.each(LEAD_ROUTES)('$name', (route) => {
  it('when the lead is another tenant’s, then 404 with the body of a random id, and it is unchanged', async () => {
    const res = await call(route, strangersLead.id, admin.access);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(await notFoundBody(route, admin.access));
    const still = await system.api.get(`/api/leads/${strangersLead.id}/`, { token: stranger.access });
    expect(still.status).toBe(200);
    expect(still.body.first_name).toBe('Stranger owns');
  });

  it('when a member may not open the lead, then 404 with the same body', async () => {
    const res = await call(route, adminsLead.id, seller.access);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(await notFoundBody(route, seller.access));
    expect((await system.api.get(`/api/leads/${adminsLead.id}/`, { token: admin.access })).body.first_name).toBe('Admin only');
  });

  it('when the id is malformed, then 404 with the same body', async () => {
    const res = await call(route, 'not-a-uuid', admin.access);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(await notFoundBody(route, admin.access));
  });

  it('when the member has no sales access, then 403', async () => {
    const res = await call(route, sellersLead.id, clerk.access);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: expect.any(String) });
  });
});

describe('what an openable lead allows', () => {
  it('when a member opens a lead assigned to them, then they can read and edit it', async () => {
    expect((await system.api.get(`/api/leads/${assignedLead.id}/`, { token: seller.access })).status).toBe(200);
    const res = await system.api.patch(`/api/leads/${assignedLead.id}/`, { title: 'Edited by owner' }, { token: seller.access });
    expect(res.status).toBe(200);
    expect(res.body.title).toBe('Edited by owner');
  });

  it('when a member deletes a lead they own but did not create, then 403 and it stays', async () => {
    const res = await system.api.delete(`/api/leads/${assignedLead.id}/`, { token: seller.access });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: expect.any(String) });
    expect((await system.api.get(`/api/leads/${assignedLead.id}/`, { token: admin.access })).status).toBe(200);
  });

  it('when a hidden lead is sent a bad body, then still 404 (nothing about the lead leaks)', async () => {
    const res = await system.api.patch(`/api/leads/${adminsLead.id}/`, { status: 'nonsense' }, { token: seller.access });
    expect(res.status).toBe(404);
  });

  it('when another member, or an API token without leads scopes, tries, then 404 or 403', async () => {
    expect((await system.api.get(`/api/leads/${sellersLead.id}/`, { token: otherSeller.access })).status).toBe(404);
    const token = await system.api.post('/api/auth/api-tokens/', { name: 'audit', scopes: ['audit:read'] }, { token: admin.access });
    expect((await system.api.get('/api/leads/', { token: token.body.token })).status).toBe(403);
    const writer = await system.api.post('/api/auth/api-tokens/', { name: 'reader', scopes: ['leads:read'] }, { token: admin.access });
    expect((await system.api.get(`/api/leads/${adminsLead.id}/`, { token: writer.body.token })).status).toBe(200);
    expect((await system.api.patch(`/api/leads/${adminsLead.id}/`, { title: 'x' }, { token: writer.body.token })).status).toBe(403);
  });

  it('when details are read by several callers of two tenants at the same moment, then each gets what they may open and nothing else', async () => {
    // Reads that reach the leads service together are answered by one query (batchedLookup): each must
    // still be answered for its own caller.
    const reads = [
      { id: adminsLead.id, token: admin.access, status: 200, firstName: 'Admin only' },
      { id: adminsLead.id.toUpperCase(), token: admin.access, status: 404 }, // ids are lower case; others are malformed
      { id: adminsLead.id, token: seller.access, status: 404 },
      { id: sellersLead.id, token: seller.access, status: 200, firstName: sellersLead.first_name },
      { id: sellersLead.id, token: otherSeller.access, status: 404 },
      { id: strangersLead.id, token: stranger.access, status: 200, firstName: 'Stranger owns' },
      { id: strangersLead.id, token: admin.access, status: 404 },
      { id: randomUUID(), token: admin.access, status: 404 },
    ];
    for (let round = 0; round < 5; round += 1) {
      const answers = await Promise.all(reads.map(({ id, token }) => system.api.get(`/api/leads/${id}/`, { token })));
      expect(answers.map((res) => [res.status, res.body.first_name])).toEqual(reads.map(({ status, firstName }) => [status, firstName]));
    }
  });

  it('when the creator deletes their lead, then 204', async () => {
    const lead = await createLead(system.api, seller.access, { first_name: 'Short-lived' });
    expect((await system.api.delete(`/api/leads/${lead.id}/`, { token: seller.access })).status).toBe(204);
  });
});
