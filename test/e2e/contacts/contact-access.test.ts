import { randomUUID } from 'node:crypto';
import { startTestSystem, type TestSystem } from '../../support/system';
import { addMember, registerTenant, type Member, type TenantAdmin } from '../../support/tenants';
import { createContact } from './support';

/**
 * architecture §3 on every contact route and method: a contact of another tenant, one the caller may not
 * open, a random id and a malformed id all answer 404 with one body; a member without sales access gets
 * 403; an openable contact the role may not delete gets 403.
 */
let system: TestSystem;
let admin: TenantAdmin;
let seller: Member;
let otherSeller: Member;
let clerk: Member;
let stranger: TenantAdmin;
let sellersContact: any;
let ownedContact: any;
let adminsContact: any;
let strangersContact: any;

beforeAll(async () => {
  system = await startTestSystem();
  admin = await registerTenant(system.api);
  seller = await addMember(system.api, admin, true);
  otherSeller = await addMember(system.api, admin, true);
  clerk = await addMember(system.api, admin, false);
  stranger = await registerTenant(system.api, 'Stranger');
  sellersContact = await createContact(system.api, seller.access, { first_name: 'Seller created' });
  ownedContact = await createContact(system.api, admin.access, { first_name: 'Owned by seller', owner_id: seller.profileId });
  adminsContact = await createContact(system.api, admin.access, { first_name: 'Admin only' });
  strangersContact = await createContact(system.api, stranger.access, { first_name: 'Stranger owns' });
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

/** Every route under a contact id; bodies are valid, so only access decides the answer. */
const CONTACT_ROUTES: Call[] = [
  { name: 'detail', method: 'get', path: (id) => `/api/contacts/${id}/` },
  { name: 'patch', method: 'patch', path: (id) => `/api/contacts/${id}/`, body: { title: 'Changed' } },
  { name: 'put', method: 'put', path: (id) => `/api/contacts/${id}/`, body: { first_name: 'Replaced' } },
  { name: 'delete', method: 'delete', path: (id) => `/api/contacts/${id}/` },
  { name: 'notes list', method: 'get', path: (id) => `/api/contacts/${id}/notes/` },
  { name: 'note create', method: 'post', path: (id) => `/api/contacts/${id}/notes/`, body: { body: 'Hello' } },
  { name: 'note delete', method: 'delete', path: (id) => `/api/contacts/${id}/notes/${randomUUID()}/` },
  { name: 'attachments list', method: 'get', path: (id) => `/api/contacts/${id}/attachments/` },
  { name: 'attachment upload', method: 'post', path: (id) => `/api/contacts/${id}/attachments/` },
  { name: 'attachment download', method: 'get', path: (id) => `/api/contacts/${id}/attachments/${randomUUID()}/` },
  { name: 'attachment delete', method: 'delete', path: (id) => `/api/contacts/${id}/attachments/${randomUUID()}/` },
  { name: 'duplicates', method: 'get', path: (id) => `/api/contacts/${id}/duplicates/` },
  { name: 'merge (as keeper)', method: 'post', path: (id) => `/api/contacts/${id}/merge/`, body: { merge_id: randomUUID() } },
];

async function call(route: Call, id: string, token: string) {
  const path = route.path(id);
  if (route.method === 'get' || route.method === 'delete') return system.api[route.method](path, { token });
  if (route.body === undefined) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([1, 2, 3])]), 'probe.bin');
    return system.api.post(path, undefined, { token, rawBody: form });
  }
  return system.api[route.method](path, route.body, { token });
}

async function notFoundBody(route: Call, token: string) {
  const res = await call(route, randomUUID(), token);
  expect(res.status).toBe(404);
  return res.body;
}

/** What a contact carries, as its tenant's admin reads it: unchanged after a refused call. */
const snapshot = async (id: string, token: string) => {
  const [contact, notes, files] = await Promise.all(
    [`/api/contacts/${id}/`, `/api/contacts/${id}/notes/`, `/api/contacts/${id}/attachments/`].map((path) => system.api.get(path, { token })),
  );
  return { contact: contact!.body, notes: notes!.body.count, files: files!.body.count };
};

describe.each(CONTACT_ROUTES)('$name', (route) => {
  it('when the contact is another tenant’s, then 404 with the body of a random id, and it is unchanged', async () => {
    const before = await snapshot(strangersContact.id, stranger.access);
    const res = await call(route, strangersContact.id, admin.access);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(await notFoundBody(route, admin.access));
    expect(await snapshot(strangersContact.id, stranger.access)).toEqual(before);
  });

  it('when a member may not open the contact, then 404 with the same body, and it is unchanged', async () => {
    const before = await snapshot(adminsContact.id, admin.access);
    const res = await call(route, adminsContact.id, seller.access);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(await notFoundBody(route, seller.access));
    expect(await snapshot(adminsContact.id, admin.access)).toEqual(before);
  });

  it('when the id is malformed, then 404 with the same body', async () => {
    const res = await call(route, 'not-a-uuid', admin.access);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(await notFoundBody(route, admin.access));
  });

  it('when the member has no sales access, then 403', async () => {
    const res = await call(route, sellersContact.id, clerk.access);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: expect.any(String) });
  });
});

describe('routes without a contact id', () => {
  it.each([
    ['list', () => system.api.get('/api/contacts/', { token: clerk.access })],
    ['create', () => system.api.post('/api/contacts/', { first_name: 'X' }, { token: clerk.access })],
    ['custom fields', () => system.api.get('/api/contacts/custom-fields/', { token: clerk.access })],
  ])('when a member without sales access calls %s, then 403', async (_name, send) => {
    const res = await send();
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: expect.any(String) });
  });
});

describe('what an openable contact allows', () => {
  it('when a member owns a contact they did not create, then they can read and edit it', async () => {
    expect((await system.api.get(`/api/contacts/${ownedContact.id}/`, { token: seller.access })).status).toBe(200);
    const res = await system.api.patch(`/api/contacts/${ownedContact.id}/`, { title: 'Edited by owner' }, { token: seller.access });
    expect(res.status).toBe(200);
    expect(res.body.title).toBe('Edited by owner');
  });

  it('when a member deletes a contact they own but did not create, then 403 and it stays', async () => {
    const res = await system.api.delete(`/api/contacts/${ownedContact.id}/`, { token: seller.access });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: expect.any(String) });
    expect((await system.api.get(`/api/contacts/${ownedContact.id}/`, { token: admin.access })).status).toBe(200);
  });

  it('when a hidden contact is sent a bad body, then still 404 (nothing about the contact leaks)', async () => {
    for (const method of ['patch', 'put'] as const) {
      const res = await system.api[method](`/api/contacts/${adminsContact.id}/`, { email: 'nonsense', id: 'x' }, { token: seller.access });
      expect(res.status).toBe(404);
    }
  });

  it('when another member, or an API token without contacts scopes, tries, then 404 or 403', async () => {
    expect((await system.api.get(`/api/contacts/${sellersContact.id}/`, { token: otherSeller.access })).status).toBe(404);
    const token = await system.api.post('/api/auth/api-tokens/', { name: 'audit', scopes: ['audit:read'] }, { token: admin.access });
    expect((await system.api.get('/api/contacts/', { token: token.body.token })).status).toBe(403);
    const reader = await system.api.post('/api/auth/api-tokens/', { name: 'reader', scopes: ['contacts:read'] }, { token: admin.access });
    expect((await system.api.get(`/api/contacts/${adminsContact.id}/`, { token: reader.body.token })).status).toBe(200);
    expect((await system.api.patch(`/api/contacts/${adminsContact.id}/`, { title: 'x' }, { token: reader.body.token })).status).toBe(403);
  });

  it('when the creator deletes their contact, then 204; an admin deletes anyone’s', async () => {
    const mine = await createContact(system.api, seller.access, { first_name: 'Short-lived' });
    expect((await system.api.delete(`/api/contacts/${mine.id}/`, { token: seller.access })).status).toBe(204);
    const theirs = await createContact(system.api, seller.access, { first_name: 'Removed by admin' });
    expect((await system.api.delete(`/api/contacts/${theirs.id}/`, { token: admin.access })).status).toBe(204);
  });
});
