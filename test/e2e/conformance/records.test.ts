import { randomUUID } from 'node:crypto';
import type { TestSystem } from '../../support/system';
import { apiTokenOf, eventually, registerTenant, type Member, type TenantAdmin } from '../../support/tenants';
import { bodyOf, ENTITIES } from './entities';
import { startWithTenant } from '../../support/suite';
import { createdRecord } from '../../support/api-client';

/**
 * A record's life on every entity (api-contract §2, §3): what a create answers and the detail shows, PATCH
 * and PUT, who may be made the owner, bodies refused as a whole or field by field, the delete, and the
 * events each change announces. What each entity's own fields and rules do is in its own suite.
 */
let system: TestSystem, admin: TenantAdmin, seller: Member;

beforeAll(async () => ({ system, admin, seller } = await startWithTenant({ members: { seller: true } })));
afterAll(() => system.stop());

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(ENTITIES)('a record of $path', (entity) => {
  const records = `/api/${entity.path}/`;
  const owner = entity.owner;

  const create = (token: string, label: string, extra: Record<string, unknown> = {}): Promise<any> => createdRecord(system.api, records, bodyOf(entity, label, extra), token);

  const read = (id: string, token = admin.access) => system.api.get(`${records}${id}/`, { token });

  it('when it is created, then 201 with what the server derives: id, tenant, creator and owner, times; tags without repeats', async () => {
    const res = await system.api.post(records, bodyOf(entity, 'Ada', { tags: ['vip', 'uk', 'vip'] }), { token: seller.access });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.stringMatching(UUID),
      [entity.labelField]: 'Ada',
      [owner.view]: { id: seller.profileId, email: seller.email },
      tags: ['vip', 'uk'],
      custom_fields: {},
      org: admin.orgId,
      created_by: seller.profileId,
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: res.body.created_at,
    });
    expect(res.body).not.toHaveProperty('version');
    expect(res.body).not.toHaveProperty('custom_field_definitions');
  });

  it('when it is created, then Location names its own URL, and a GET there answers the record', async () => {
    const res = await system.api.post(records, bodyOf(entity, 'Located'), { token: admin.access });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(`${records}${res.body.id}/`);
    const there = await system.api.get(res.headers.get('location')!, { token: admin.access });
    expect(there.status).toBe(200);
    expect(there.body.id).toBe(res.body.id);
  });

  it('when a field has the wrong type, then 400 on it in plain words, not the validator\'s', async () => {
    for (const [value, message] of [
      [['a list'], 'Must be a string.'],
      [42, 'Must be a string.'],
      [null, 'This field may not be null.'],
    ] as const) {
      const res = await system.api.post(records, bodyOf(entity, 'Typed', { [owner.field]: value }), { token: admin.access });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: true, errors: { [owner.field]: message } });
    }
  });

  it('when the detail is read, then it is the record as created plus the custom field definitions', async () => {
    const record = await create(admin.access, 'Detail');
    const res = await read(record.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...record, custom_field_definitions: [] });
  });

  it('when PATCH sends some fields, then only those change, and updated_at and the ETag move on', async () => {
    const record = await create(admin.access, 'Patched', { tags: ['a'] });
    const before = await read(record.id);
    const res = await system.api.patch(`${records}${record.id}/`, { tags: ['b'] }, { token: admin.access });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...record, tags: ['b'], updated_at: expect.stringMatching(TIMESTAMP) });
    expect(res.body.updated_at > record.updated_at).toBe(true);
    expect(res.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });

  it('when PUT omits fields, then tags and custom fields go back to empty; the owner stays', async () => {
    const record = await create(admin.access, 'Replaced', { tags: ['a'], [owner.field]: seller.profileId });
    const res = await system.api.put(`${records}${record.id}/`, bodyOf(entity, 'Replaced again'), { token: admin.access });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ [entity.labelField]: 'Replaced again', tags: [], custom_fields: {}, [owner.view]: { id: seller.profileId } });
  });

  it('when a create carries a field the server derives, then 400 on that field, read-only, and nothing is created', async () => {
    const before = (await system.api.get(records, { token: admin.access })).body.count;
    const derived = ['id', 'org', 'created_by', 'created_at', 'updated_at', owner.view, 'version', 'custom_field_definitions', ...entity.ownServerFields];
    for (const field of derived) {
      const res = await system.api.post(records, bodyOf(entity, 'Derived', { [field]: randomUUID() }), { token: admin.access });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: true, errors: { [field]: 'This field is read-only.' } });
    }
    expect((await system.api.get(records, { token: admin.access })).body.count).toBe(before);
  });

  it('when PATCH or PUT carries a server-derived or unknown field, then 400 on it and nothing changes', async () => {
    const record = await create(admin.access, 'Guarded');
    for (const method of ['patch', 'put'] as const) {
      for (const [field, value] of [
        ['created_at', '2020-01-01'],
        ['org', randomUUID()],
        ['version', 7],
        [owner.view, seller.profileId],
        ['favourite_colour', 'red'],
      ] as const) {
        const res = await system.api[method](`${records}${record.id}/`, bodyOf(entity, 'Changed', { [field]: value }), { token: admin.access });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ error: true, errors: { [field]: expect.any(String) } });
      }
    }
    expect((await read(record.id)).body[entity.labelField]).toBe('Guarded');
  });

  it('when the body is not a JSON object, then 400 and nothing is created', async () => {
    const before = (await system.api.get(records, { token: admin.access })).body.count;
    for (const rawBody of ['[1,2]', '"text"', 'null', `{"${entity.labelField}": `]) {
      const res = await system.api.post(records, undefined, { token: admin.access, rawBody, headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(true);
    }
    expect((await system.api.get(records, { token: admin.access })).body.count).toBe(before);
  });

  describe('its owner', () => {
    it('when an admin gives it to a member, then the member owns it and the admin created it', async () => {
      const record = await create(admin.access, 'Given', { [owner.field]: seller.profileId });
      expect(record[owner.view]).toEqual({ id: seller.profileId, email: seller.email });
      expect(record.created_by).toBe(admin.profileId);
    });

    it('when the profile is not of this organisation, then 400 on the owner field', async () => {
      const other = await registerTenant(system.api, 'Other');
      for (const id of [other.profileId, randomUUID()]) {
        const res = await system.api.post(records, bodyOf(entity, 'X', { [owner.field]: id }), { token: admin.access });
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual({ [owner.field]: expect.any(String) });
      }
    });

    it('when a member gives a record to someone else, then 403 and it keeps its owner; to themselves, then it is theirs', async () => {
      expect((await system.api.post(records, bodyOf(entity, 'X', { [owner.field]: admin.profileId }), { token: seller.access })).status).toBe(403);
      const own = await create(seller.access, 'Mine', { [owner.field]: seller.profileId });
      const res = await system.api.patch(`${records}${own.id}/`, { [owner.field]: admin.profileId }, { token: seller.access });
      expect(res.status).toBe(403);
      expect((await read(own.id)).body[owner.view].id).toBe(seller.profileId);
    });
  });

  it('when it is deleted, then 204 with no body, and it is gone', async () => {
    const record = await create(admin.access, 'Doomed');
    const res = await system.api.delete(`${records}${record.id}/`, { token: admin.access });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await read(record.id)).status).toBe(404);
    expect((await system.api.delete(`${records}${record.id}/`, { token: admin.access })).status).toBe(404);
  });

  describe('its events', () => {
    it('when it is created, changed and deleted, then <entity>.created, .updated and .deleted reach the audit log, versions in order', async () => {
      const record = await create(seller.access, 'Evented');
      await system.api.patch(`${records}${record.id}/`, { tags: ['changed'] }, { token: seller.access });
      await system.api.delete(`${records}${record.id}/`, { token: seller.access });
      const log = await eventually(
        async () => {
          const res = await system.api.get(`/api/audit-logs/?record_id=${record.id}&ordering=time`, { token: admin.access });
          return res.body.count === 3 ? res.body.results : undefined;
        },
        30_000, // delivery is under test, not its speed: at the start of the full run the machine is at its busiest
        `three ${entity.entity} events in the audit log`,
      );
      expect(log.map((entry: { type: string }) => entry.type)).toEqual(['created', 'updated', 'deleted'].map((change) => `${entity.entity}.${change}`));
      expect(log[0].data).toMatchObject({ id: record.id, [entity.labelField]: 'Evented', version: 1 });
      expect(log[1].data).toMatchObject({ tags: ['changed'], version: 2 });
      expect(log[2].data).toEqual({ id: record.id, assigned_to: [seller.profileId], version: 3, merged_into: null });
      expect(log[2].actor).toEqual({ user_id: expect.any(String), profile_id: seller.profileId });
    });

    it("when it is created and changed, then both are on the change feed, in order, for a reader of the entity's scope only", async () => {
      const record = await create(admin.access, 'Fed');
      await system.api.patch(`${records}${record.id}/`, { tags: ['fed'] }, { token: admin.access });
      const reader = await apiTokenOf(system.api, admin, [`${entity.path}:read`], `${entity.path} feed reader`);
      const types = `${entity.entity}.created,${entity.entity}.updated`;
      const feed = await eventually(
        async () => {
          const res = await system.api.get(`/api/changes/?types=${types}&page_size=100`, { token: reader });
          const ofRecord = res.body.results.filter((change: { record_id: string }) => change.record_id === record.id);
          return ofRecord.length === 2 ? ofRecord : undefined;
        },
        30_000,
        `two ${entity.entity} changes in the feed`,
      );
      expect(feed.map((change: { type: string; data: { version: number } }) => [change.type, change.data.version])).toEqual([
        [`${entity.entity}.created`, 1],
        [`${entity.entity}.updated`, 2],
      ]);
      expect((await system.api.get('/api/changes/?types=profile.created', { token: reader })).status).toBe(403);
    });

    it('when a PATCH or PUT changes nothing, then no event is written and the record keeps its version', async () => {
      const record = await create(admin.access, 'Still', { tags: ['a'] });
      const etag = (await read(record.id)).headers.get('etag');
      expect((await system.api.patch(`${records}${record.id}/`, { tags: ['a'] }, { token: admin.access })).status).toBe(200);
      expect((await system.api.put(`${records}${record.id}/`, bodyOf(entity, 'Still', { tags: ['a'] }), { token: admin.access })).status).toBe(200);
      expect((await read(record.id)).headers.get('etag')).toBe(etag);
      const [row] = await system.services[entity.service]!.dataSource.query(`SELECT count(*)::int AS n FROM outbox WHERE subject = $1`, [record.id]);
      expect(row.n).toBe(1);
    });
  });
});
