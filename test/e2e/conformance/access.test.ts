import { randomUUID } from 'node:crypto';
import type { TestSystem } from '../../support/system';
import type { Member, TenantAdmin } from '../../support/tenants';
import { bodyOf, ENTITIES, type Entity } from './entities';
import { startWithTenant } from '../../support/suite';
import { createdRecord } from '../../support/api-client';

/**
 * architecture §3 on every route and method under a record id, for every entity: a record of another
 * tenant, one the caller may not open, a random id and a malformed id all answer 404 with one body,
 * and the record is unchanged; a member without sales access gets 403; an openable record the role
 * may not delete gets 403; a read-only API token reads and may not write.
 */
let system: TestSystem, admin: TenantAdmin, seller: Member, otherSeller: Member, clerk: Member, stranger: TenantAdmin;

beforeAll(async () => ({ system, admin, seller, otherSeller, clerk, stranger } = await startWithTenant({ members: { seller: true, otherSeller: true, clerk: false }, tenants: { stranger: 'Stranger' } })));
afterAll(() => system.stop());

interface Call {
  name: string;
  method: 'get' | 'patch' | 'put' | 'delete' | 'post';
  path: (records: string, id: string) => string;
  /** A valid body (only access decides the answer); a file upload when absent on a POST. */
  body?: (entity: Entity) => unknown;
  /** Only on leads and contacts. */
  mergeable?: true;
}

/** Every route under a record id. */
const ROUTES: Call[] = [
  { name: 'detail', method: 'get', path: (records, id) => `${records}${id}/` },
  { name: 'patch', method: 'patch', path: (records, id) => `${records}${id}/`, body: () => ({ tags: ['changed'] }) },
  { name: 'put', method: 'put', path: (records, id) => `${records}${id}/`, body: (entity) => bodyOf(entity, 'Replaced') },
  { name: 'delete', method: 'delete', path: (records, id) => `${records}${id}/` },
  { name: 'notes list', method: 'get', path: (records, id) => `${records}${id}/notes/` },
  { name: 'note create', method: 'post', path: (records, id) => `${records}${id}/notes/`, body: () => ({ body: 'Hello' }) },
  { name: 'note delete', method: 'delete', path: (records, id) => `${records}${id}/notes/${randomUUID()}/` },
  { name: 'attachments list', method: 'get', path: (records, id) => `${records}${id}/attachments/` },
  { name: 'attachment upload', method: 'post', path: (records, id) => `${records}${id}/attachments/` },
  { name: 'attachment download', method: 'get', path: (records, id) => `${records}${id}/attachments/${randomUUID()}/` },
  { name: 'attachment delete', method: 'delete', path: (records, id) => `${records}${id}/attachments/${randomUUID()}/` },
  { name: 'duplicates', method: 'get', path: (records, id) => `${records}${id}/duplicates/`, mergeable: true },
  { name: 'merge (as keeper)', method: 'post', path: (records, id) => `${records}${id}/merge/`, body: () => ({ merge_id: randomUUID() }), mergeable: true },
];

describe.each(ENTITIES)('$path', (entity) => {
  const records = `/api/${entity.path}/`;
  let sellers: any;
  let assigned: any;
  let admins: any;
  let strangers: any;

  const create = (token: string, label: string, extra: Record<string, unknown> = {}): Promise<any> => createdRecord(system.api, records, bodyOf(entity, label, extra), token);

  beforeAll(async () => {
    sellers = await create(seller.access, 'Seller created');
    assigned = await create(admin.access, 'Owned by seller', { [entity.owner.field]: seller.profileId });
    admins = await create(admin.access, 'Admin only');
    strangers = await create(stranger.access, 'Stranger owns');
  });

  async function call(route: Call, id: string, token: string) {
    const path = route.path(records, id);
    if (route.method === 'get' || route.method === 'delete') return system.api[route.method](path, { token });
    if (route.body === undefined) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array([1, 2, 3])]), 'probe.bin');
      return system.api.post(path, undefined, { token, rawBody: form });
    }
    return system.api[route.method](path, route.body(entity), { token });
  }

  async function notFoundBody(route: Call, token: string) {
    const res = await call(route, randomUUID(), token);
    expect(res.status).toBe(404);
    return res.body;
  }

  /** What a record carries, as its tenant's admin reads it: unchanged after a refused call. */
  const snapshot = async (id: string, token: string) => {
    const [record, notes, files] = await Promise.all(
      [`${records}${id}/`, `${records}${id}/notes/`, `${records}${id}/attachments/`].map((path) => system.api.get(path, { token })),
    );
    return { record: record!.body, notes: notes!.body.count, files: files!.body.count };
  };

  describe.each(ROUTES.filter((route) => entity.mergeable || !route.mergeable))('$name', (route) => {
    it('when the record is another tenant’s, then 404 with the body of a random id, and it is unchanged', async () => {
      const before = await snapshot(strangers.id, stranger.access);
      const res = await call(route, strangers.id, admin.access);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(await notFoundBody(route, admin.access));
      expect(await snapshot(strangers.id, stranger.access)).toEqual(before);
    });

    it('when a member may not open the record, then 404 with the same body, and it is unchanged', async () => {
      const before = await snapshot(admins.id, admin.access);
      const res = await call(route, admins.id, seller.access);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(await notFoundBody(route, seller.access));
      expect(await snapshot(admins.id, admin.access)).toEqual(before);
    });

    it('when the id is malformed, then 404 with the same body', async () => {
      const res = await call(route, 'not-a-uuid', admin.access);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(await notFoundBody(route, admin.access));
    });

    it('when the member has no sales access, then 403', async () => {
      const res = await call(route, sellers.id, clerk.access);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail: expect.any(String) });
    });
  });

  describe('what an openable record allows', () => {
    it('when a member without sales access lists, creates or reads custom fields, then 403', async () => {
      for (const res of [
        await system.api.get(records, { token: clerk.access }),
        await system.api.post(records, bodyOf(entity, 'Clerk'), { token: clerk.access }),
        await system.api.get(`${records}custom-fields/`, { token: clerk.access }),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ detail: expect.any(String) });
      }
    });

    it('when a member owns a record they did not create, then they can read and edit it', async () => {
      expect((await system.api.get(`${records}${assigned.id}/`, { token: seller.access })).status).toBe(200);
      const res = await system.api.patch(`${records}${assigned.id}/`, { tags: ['edited-by-owner'] }, { token: seller.access });
      expect(res.status).toBe(200);
      expect(res.body.tags).toEqual(['edited-by-owner']);
    });

    it('when a member deletes a record they own but did not create, then 403 and it stays', async () => {
      const res = await system.api.delete(`${records}${assigned.id}/`, { token: seller.access });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail: expect.any(String) });
      expect((await system.api.get(`${records}${assigned.id}/`, { token: admin.access })).status).toBe(200);
    });

    it('when a hidden record is sent a bad body, then still 404: nothing about it leaks', async () => {
      for (const [id, token] of [
        [admins.id, seller.access],
        [strangers.id, admin.access],
      ]) {
        for (const method of ['patch', 'put'] as const) {
          for (const body of [entity.badBody, { nonsense: true, id: 'x' }]) {
            expect((await system.api[method](`${records}${id}/`, body, { token })).status).toBe(404);
          }
        }
      }
      // The same bad body on an openable record is a 400: the 404 above is about access only.
      expect((await system.api.patch(`${records}${admins.id}/`, entity.badBody, { token: admin.access })).status).toBe(400);
    });

    it('when another member tries the record of a colleague, then 404', async () => {
      expect((await system.api.get(`${records}${sellers.id}/`, { token: otherSeller.access })).status).toBe(404);
    });

    it('when an API token has only the read scope, then it reads but may not write, nor read another entity', async () => {
      const reader = await system.api.post('/api/auth/api-tokens/', { name: `reader-${entity.path}`, scopes: [`${entity.path}:read`] }, { token: admin.access });
      expect(reader.status).toBe(201);
      expect((await system.api.get(`${records}${admins.id}/`, { token: reader.body.token })).status).toBe(200);
      expect((await system.api.patch(`${records}${admins.id}/`, { tags: ['x'] }, { token: reader.body.token })).status).toBe(403);
      const other = entity.path === 'tasks' ? 'accounts' : 'tasks';
      expect((await system.api.get(`/api/${other}/`, { token: reader.body.token })).status).toBe(403);
    });

    it('when the creator deletes their record, then 204 and it is gone; an admin deletes anyone’s', async () => {
      const mine = await create(seller.access, 'Short-lived');
      expect((await system.api.delete(`${records}${mine.id}/`, { token: seller.access })).status).toBe(204);
      expect((await system.api.get(`${records}${mine.id}/`, { token: admin.access })).status).toBe(404);
      const theirs = await create(seller.access, 'Removed by admin');
      expect((await system.api.delete(`${records}${theirs.id}/`, { token: admin.access })).status).toBe(204);
    });
  });
});
