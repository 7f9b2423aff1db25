import { randomUUID } from 'node:crypto';
import { createLead } from '../../support/leads';
import { startTestSystem, type TestSystem } from '../../support/system';
import { registerTenant, type TenantAdmin } from '../../support/tenants';

/**
 * ETag / If-Match / If-None-Match on every entity's record routes (api-contract §10), through the gateway:
 * two clients that read, then write, never silently overwrite each other.
 */
let system: TestSystem;
let admin: TenantAdmin;

beforeAll(async () => {
  system = await startTestSystem();
  admin = await registerTenant(system.api);
});
afterAll(async () => {
  await system.stop();
});

const token = () => ({ token: admin.access });
const ifMatch = (etag: string) => ({ token: admin.access, headers: { 'If-Match': etag } });

/** Each entity: where it lives, a body that creates it, and a change of one field. */
const ENTITIES = [
  { path: '/api/leads/', create: { first_name: 'Ada' }, change: { title: 'CTO' }, replace: { first_name: 'Ada', title: 'CEO' } },
  { path: '/api/contacts/', create: { first_name: 'Ada' }, change: { title: 'CTO' }, replace: { first_name: 'Ada', title: 'CEO' } },
  { path: '/api/accounts/', create: { name: 'Engines' }, change: { industry: 'Computing' }, replace: { name: 'Engines', industry: 'Looms' } },
  { path: '/api/opportunities/', create: { name: 'Deal' }, change: { stage: 'qualification' }, replace: { name: 'Deal', stage: 'proposal' } },
  { path: '/api/tasks/', create: { title: 'Call' }, change: { priority: 'high' }, replace: { title: 'Call', priority: 'low' } },
];

describe.each(ENTITIES)('the ETag of a record of $path', (entity) => {
  async function created(): Promise<{ id: string; etag: string }> {
    const res = await system.api.post(entity.path, entity.create, token());
    expect(res.status).toBe(201);
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"\d+"$/);
    return { id: res.body.id, etag: etag! };
  }

  it('when it is read, then its detail carries the same strong ETag, and If-None-Match with it is a 304', async () => {
    const record = await created();
    const read = await system.api.get(`${entity.path}${record.id}/`, token());
    expect(read.headers.get('etag')).toBe(record.etag);
    const fresh = await system.api.get(`${entity.path}${record.id}/`, { token: admin.access, headers: { 'If-None-Match': record.etag } });
    expect(fresh.status).toBe(304);
    expect(fresh.text).toBe('');
    expect(fresh.headers.get('etag')).toBe(record.etag);
  });

  it('when two clients read and then both change it with If-Match, then the first gets 200 and a new ETag, the second 412 and changes nothing', async () => {
    const record = await created();
    const first = await system.api.patch(`${entity.path}${record.id}/`, entity.change, ifMatch(record.etag));
    expect(first.status).toBe(200);
    const newEtag = first.headers.get('etag')!;
    expect(newEtag).not.toBe(record.etag);
    const second = await system.api.put(`${entity.path}${record.id}/`, entity.replace, ifMatch(record.etag));
    expect(second.status).toBe(412);
    expect(second.body).toEqual({ detail: expect.any(String) });
    expect(second.headers.get('etag')).toBe(newEtag);
    const now = await system.api.get(`${entity.path}${record.id}/`, token());
    expect(now.body).toMatchObject(entity.change);
    expect(now.headers.get('etag')).toBe(newEtag);
    // A read of the old version is no longer fresh.
    expect((await system.api.get(`${entity.path}${record.id}/`, { token: admin.access, headers: { 'If-None-Match': record.etag } })).status).toBe(200);
  });

  it('when it is deleted with a stale If-Match, then 412 and it is still there; with the current one, 204', async () => {
    const record = await created();
    const changed = await system.api.patch(`${entity.path}${record.id}/`, entity.change, token());
    expect((await system.api.delete(`${entity.path}${record.id}/`, ifMatch(record.etag))).status).toBe(412);
    expect((await system.api.get(`${entity.path}${record.id}/`, token())).status).toBe(200);
    expect((await system.api.delete(`${entity.path}${record.id}/`, ifMatch(changed.headers.get('etag')!))).status).toBe(204);
  });

  it('when If-Match is * or lists the current tag, then the write goes through; a weak tag never matches', async () => {
    const record = await created();
    expect((await system.api.patch(`${entity.path}${record.id}/`, entity.change, ifMatch(`W/${record.etag}`))).status).toBe(412);
    expect((await system.api.patch(`${entity.path}${record.id}/`, entity.change, ifMatch(`"999", ${record.etag}`))).status).toBe(200);
    expect((await system.api.patch(`${entity.path}${record.id}/`, entity.replace, ifMatch('*'))).status).toBe(200);
  });
});

describe('preconditions on merges and conversions', () => {
  it('when a merge names a stale version of the kept lead, then 412 and both leads stay', async () => {
    const keeper = await system.api.post('/api/leads/', { first_name: 'Keep', email: `k-${randomUUID()}@x.test` }, token());
    const other = await createLead(system.api, admin.access, { first_name: 'Other' });
    expect((await system.api.patch(`/api/leads/${keeper.body.id}/`, { title: 'Changed' }, token())).status).toBe(200);
    const merge = await system.api.post(`/api/leads/${keeper.body.id}/merge/`, { merge_id: other.id }, ifMatch(keeper.headers.get('etag')!));
    expect(merge.status).toBe(412);
    expect((await system.api.get(`/api/leads/${other.id}/`, token())).status).toBe(200);
    const current = (await system.api.get(`/api/leads/${keeper.body.id}/`, token())).headers.get('etag')!;
    const merged = await system.api.post(`/api/leads/${keeper.body.id}/merge/`, { merge_id: other.id }, ifMatch(current));
    expect(merged.status).toBe(200);
    expect(merged.headers.get('etag')).toBe((await system.api.get(`/api/leads/${keeper.body.id}/`, token())).headers.get('etag'));
  });

  it('when a conversion names a stale version of the lead, then 412 and the lead is not converted', async () => {
    const lead = await system.api.post('/api/leads/', { first_name: 'Ada', company_name: 'Engines' }, token());
    expect((await system.api.patch(`/api/leads/${lead.body.id}/`, { title: 'CTO' }, token())).status).toBe(200);
    const conversion = await system.api.put(`/api/leads/${lead.body.id}/`, { first_name: 'Ada', company_name: 'Engines', status: 'converted' }, ifMatch(lead.headers.get('etag')!));
    expect(conversion.status).toBe(412);
    expect((await system.api.get(`/api/leads/${lead.body.id}/`, token())).body.status).not.toBe('converted');
  });
});
