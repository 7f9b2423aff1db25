import { randomUUID } from 'node:crypto';
import type { ApiResponse } from '../../support/api-client';
import { createdRecord } from '../../support/api-client';
import type { TestSystem } from '../../support/system';
import { apiTokenOf, type TenantAdmin } from '../../support/tenants';
import { startWithTenant } from '../../support/suite';
import { bodyOf, ENTITIES } from './entities';

/**
 * A credential that may write an entity but not read it (`<entity>:write` without `<entity>:read`) reads
 * nothing through its writes (api-contract §2, docs/security.md §10.10): every write's success answers only
 * the receipt `{id, version}` (`{id}` where the thing has no version), with its `ETag` and `Location` as
 * ever, on every entity and every write; a repeat of a keyed write answers the same. Before, an empty
 * `PATCH {}` answered the whole record to a token that gets 403 on its GET.
 */
let system: TestSystem, admin: TenantAdmin;

beforeAll(async () => ({ system, admin } = await startWithTenant()));
afterAll(() => system.stop());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A receipt of a record: its id and version, the version as the ETag too; nothing of what was written. */
function expectRecordReceipt(res: ApiResponse, status: number, id?: string): { id: string; version: number } {
  expect({ status: res.status, body: res.body }).toEqual({ status, body: { id: id ?? expect.stringMatching(UUID), version: expect.any(Number) } });
  expect(res.headers.get('etag')).toBe(`"${res.body.version}"`);
  return res.body;
}

/** A receipt of what has no version (a note, a file, a custom-field definition): its id only. */
function expectReceipt(res: ApiResponse, status: number): string {
  expect({ status: res.status, body: res.body }).toEqual({ status, body: { id: expect.stringMatching(UUID) } });
  return res.body.id;
}

describe.each(ENTITIES)('$path with a token that may write but not read', (entity) => {
  const records = `/api/${entity.path}/`;
  let writeOnly: string;
  let readWrite: string;

  beforeAll(async () => {
    writeOnly = await apiTokenOf(system.api, admin, [`${entity.path}:write`], `write-only ${entity.path}`);
    readWrite = await apiTokenOf(system.api, admin, [`${entity.path}:read`, `${entity.path}:write`], `read-write ${entity.path}`);
  });

  it('when it creates a record, then 201 with only {id, version}, its Location and ETag; its GET stays a 403', async () => {
    const res = await system.api.post(records, bodyOf(entity, 'Secret', { tags: ['hidden'] }), { token: writeOnly });
    const receipt = expectRecordReceipt(res, 201);
    expect(res.headers.get('location')).toBe(`${records}${receipt.id}/`);
    expect((await system.api.get(`${records}${receipt.id}/`, { token: writeOnly })).status).toBe(403);
    expect((await system.api.get(`${records}${receipt.id}/`, { token: admin.access })).body).toMatchObject({ [entity.labelField]: 'Secret', tags: ['hidden'] });
  });

  it('when it sends an empty PATCH, a PATCH or a PUT, then each answers only {id, version}, and the version goes on from the ETag', async () => {
    const record = await createdRecord(system.api, records, bodyOf(entity, 'Someone else\'s', { tags: ['private'] }), admin.access);
    const empty = expectRecordReceipt(await system.api.patch(`${records}${record.id}/`, {}, { token: writeOnly }), 200, record.id);
    // The receipt's version is what a conditional write names: If-Match with it passes.
    const patched = await system.api.patch(`${records}${record.id}/`, { tags: ['changed'] }, { token: writeOnly, headers: { 'If-Match': `"${empty.version}"` } });
    const afterPatch = expectRecordReceipt(patched, 200, record.id);
    expect(afterPatch.version).toBeGreaterThan(empty.version);
    expectRecordReceipt(await system.api.put(`${records}${record.id}/`, bodyOf(entity, 'Replaced'), { token: writeOnly }), 200, record.id);
  });

  it('when the same token also may read, then the write answers the record as ever', async () => {
    const record = await createdRecord(system.api, records, bodyOf(entity, 'Readable'), admin.access);
    const res = await system.api.patch(`${records}${record.id}/`, {}, { token: readWrite });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: record.id, [entity.labelField]: 'Readable' });
  });

  it('when a keyed write is repeated, then the repeat answers the receipt the first did, not the record', async () => {
    const record = await createdRecord(system.api, records, bodyOf(entity, 'Keyed'), admin.access);
    const headers = { 'Idempotency-Key': randomUUID() };
    const first = expectRecordReceipt(await system.api.patch(`${records}${record.id}/`, { tags: ['keyed'] }, { token: writeOnly, headers }), 200, record.id);
    const repeat = await system.api.patch(`${records}${record.id}/`, { tags: ['keyed'] }, { token: writeOnly, headers });
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    expect(expectRecordReceipt(repeat, 200, record.id)).toEqual(first);
  });

  it('when it adds a note or a file, then 201 with only their id', async () => {
    const record = await createdRecord(system.api, records, bodyOf(entity, 'Annotated'), admin.access);
    const note = await system.api.post(`${records}${record.id}/notes/`, { body: 'Written blind' }, { token: writeOnly });
    expect(note.headers.get('location')).toBe(`${records}${record.id}/notes/${expectReceipt(note, 201)}/`);
    const form = new FormData();
    form.append('file', new Blob(['hello'], { type: 'text/plain' }), 'hello.txt');
    expectReceipt(await system.api.post(`${records}${record.id}/attachments/`, undefined, { token: writeOnly, rawBody: form }), 201);
  });

  it('when its admin defines or changes a custom field, then only the definition\'s id is answered', async () => {
    const created = await system.api.post(`${records}custom-fields/`, { key: `blind_${randomUUID().slice(0, 8)}`, label: 'Blind', field_type: 'text' }, { token: writeOnly });
    const id = expectReceipt(created, 201);
    expectReceipt(await system.api.patch(`${records}custom-fields/${id}/`, { label: 'Blinder' }, { token: writeOnly }), 200);
  });

  if (entity.mergeable) {
    it('when it merges two records, then only the keeper\'s {id, version} is answered', async () => {
      const keeper = await createdRecord(system.api, records, bodyOf(entity, 'Keeper', { email: `keeper-${randomUUID().slice(0, 8)}@example.test` }), admin.access);
      const merged = await createdRecord(system.api, records, bodyOf(entity, 'Merged'), admin.access);
      expectRecordReceipt(await system.api.post(`${records}${keeper.id}/merge/`, { merge_id: merged.id }, { token: writeOnly }), 200, keeper.id);
    });
  }
});

describe('what only leads have, with a token of leads:write alone', () => {
  let writeOnly: string;
  beforeAll(async () => (writeOnly = await apiTokenOf(system.api, admin, ['leads:write'], 'write-only leads, conversion')));

  it('when it converts a lead, then only the lead\'s {id, version} is answered', async () => {
    const lead = await createdRecord(system.api, '/api/leads/', { first_name: 'Convert', company_name: 'Blind Co' }, admin.access);
    const res = await system.api.put(`/api/leads/${lead.id}/`, { first_name: 'Convert', company_name: 'Blind Co', status: 'converted' }, { token: writeOnly });
    expectRecordReceipt(res, 200, lead.id);
  });

  it('when it creates or changes a web form, then only the form\'s {id, version} is answered', async () => {
    const created = expectRecordReceipt(await system.api.post('/api/web-forms/', { name: 'Blind form' }, { token: writeOnly }), 201);
    expectRecordReceipt(await system.api.patch(`/api/web-forms/${created.id}/`, { name: 'Still blind' }, { token: writeOnly }), 200, created.id);
  });
});
