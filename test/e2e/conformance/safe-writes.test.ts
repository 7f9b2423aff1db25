import { randomUUID } from 'node:crypto';
import type { TestSystem } from '../../support/system';
import type { TenantAdmin } from '../../support/tenants';
import { bodyOf, ENTITIES } from './entities';
import { startWithTenant } from '../../support/suite';

/**
 * Safe writes on every entity's record routes (api-contract §6), through the gateway: ETag / If-Match /
 * If-None-Match, so two clients that read and then write never silently overwrite each other; and
 * Idempotency-Key, so a client that lost an answer and repeats its request gets the first answer again
 * and nothing is done twice. What is particular to merges, conversions and imports is in `safe-writes/`.
 */
let system: TestSystem, admin: TenantAdmin;

beforeAll(async () => ({ system, admin } = await startWithTenant()));
afterAll(() => system.stop());

const token = () => ({ token: admin.access });
const ifMatch = (etag: string) => ({ token: admin.access, headers: { 'If-Match': etag } });
const keyed = (key: string) => ({ token: admin.access, headers: { 'Idempotency-Key': key } });

describe.each(ENTITIES)('$path', (entity) => {
  const records = `/api/${entity.path}/`;
  const change = { tags: ['changed'] };
  const replace = bodyOf(entity, 'Replaced', { tags: ['replaced'] });

  async function createdRecord(label = 'Ada'): Promise<{ id: string; etag: string }> {
    const res = await system.api.post(records, bodyOf(entity, label), token());
    expect(res.status).toBe(201);
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"\d+"$/);
    return { id: res.body.id, etag: etag! };
  }

  /** How many of the tenant's records carry `label` (each case names its records uniquely). */
  const countNamed = async (label: string) => (await system.api.get(`${records}?search=${encodeURIComponent(label)}`, token())).body.count;

  describe('ETags', () => {
    it('when it is read, then its detail carries the same strong ETag, and If-None-Match with it is a 304', async () => {
      const record = await createdRecord();
      const read = await system.api.get(`${records}${record.id}/`, token());
      expect(read.headers.get('etag')).toBe(record.etag);
      const fresh = await system.api.get(`${records}${record.id}/`, { token: admin.access, headers: { 'If-None-Match': record.etag } });
      expect(fresh.status).toBe(304);
      expect(fresh.text).toBe('');
      expect(fresh.headers.get('etag')).toBe(record.etag);
    });

    it('when two clients read and then both change it with If-Match, then the first gets 200 and a new ETag, the second 412 and changes nothing', async () => {
      const record = await createdRecord();
      const first = await system.api.patch(`${records}${record.id}/`, change, ifMatch(record.etag));
      expect(first.status).toBe(200);
      const newEtag = first.headers.get('etag')!;
      expect(newEtag).not.toBe(record.etag);
      const second = await system.api.put(`${records}${record.id}/`, replace, ifMatch(record.etag));
      expect(second.status).toBe(412);
      expect(second.body).toEqual({ detail: expect.any(String) });
      expect(second.headers.get('etag')).toBe(newEtag);
      const now = await system.api.get(`${records}${record.id}/`, token());
      expect(now.body).toMatchObject(change);
      expect(now.headers.get('etag')).toBe(newEtag);
      // A read of the old version is no longer fresh.
      expect((await system.api.get(`${records}${record.id}/`, { token: admin.access, headers: { 'If-None-Match': record.etag } })).status).toBe(200);
    });

    it('when it is deleted with a stale If-Match, then 412 and it is still there; with the current one, 204', async () => {
      const record = await createdRecord();
      const changed = await system.api.patch(`${records}${record.id}/`, change, token());
      expect((await system.api.delete(`${records}${record.id}/`, ifMatch(record.etag))).status).toBe(412);
      expect((await system.api.get(`${records}${record.id}/`, token())).status).toBe(200);
      expect((await system.api.delete(`${records}${record.id}/`, ifMatch(changed.headers.get('etag')!))).status).toBe(204);
    });

    it('when If-Match is * or lists the current tag, then the write goes through; a weak tag never matches', async () => {
      const record = await createdRecord();
      expect((await system.api.patch(`${records}${record.id}/`, change, ifMatch(`W/${record.etag}`))).status).toBe(412);
      expect((await system.api.patch(`${records}${record.id}/`, change, ifMatch(`"999", ${record.etag}`))).status).toBe(200);
      expect((await system.api.patch(`${records}${record.id}/`, replace, ifMatch('*'))).status).toBe(200);
    });
  });

  describe('Idempotency-Key', () => {
    it('when a create is repeated, then the first answer comes again (replayed) and one record exists', async () => {
      const key = randomUUID();
      const label = `Once${randomUUID().slice(0, 8)}`;
      const first = await system.api.post(records, bodyOf(entity, label), keyed(key));
      const again = await system.api.post(records, bodyOf(entity, label), keyed(key));
      expect(first.status).toBe(201);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body).toEqual(first.body);
      expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
      expect(again.headers.get('location')).toBe(`${records}${first.body.id}/`);
      expect(await countNamed(label)).toBe(1);
    });

    it('when the same key comes with another body, then 422 and nothing more is created', async () => {
      const key = randomUUID();
      const label = `Other${randomUUID().slice(0, 8)}`;
      expect((await system.api.post(records, bodyOf(entity, label), keyed(key))).status).toBe(201);
      const other = await system.api.post(records, bodyOf(entity, label, { tags: ['other'] }), keyed(key));
      expect(other.status).toBe(422);
      expect(other.body.detail).toMatch(/Idempotency-Key/);
      expect(await countNamed(label)).toBe(1);
    });

    it('when a validation error is repeated, then the same 400 comes again and nothing is created', async () => {
      const key = randomUUID();
      const label = `Bad${randomUUID().slice(0, 8)}`;
      const first = await system.api.post(records, bodyOf(entity, label, entity.badBody), keyed(key));
      const again = await system.api.post(records, bodyOf(entity, label, entity.badBody), keyed(key));
      expect(first.status).toBe(400);
      expect(again.status).toBe(400);
      expect(again.body).toEqual(first.body);
      expect(await countNamed(label)).toBe(0);
    });

    it('when a PATCH is repeated after a later change, then the first answer comes again and the later change stays', async () => {
      const record = await createdRecord();
      const key = randomUUID();
      const first = await system.api.patch(`${records}${record.id}/`, { tags: ['first'] }, keyed(key));
      expect(first.status).toBe(200);
      expect((await system.api.patch(`${records}${record.id}/`, { tags: ['later'] }, token())).status).toBe(200);
      const again = await system.api.patch(`${records}${record.id}/`, { tags: ['first'] }, keyed(key));
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect((await system.api.get(`${records}${record.id}/`, token())).body.tags).toEqual(['later']);
    });

    it('when a DELETE is repeated, then 204 again (not 404)', async () => {
      const record = await createdRecord();
      const key = randomUUID();
      expect((await system.api.delete(`${records}${record.id}/`, keyed(key))).status).toBe(204);
      const again = await system.api.delete(`${records}${record.id}/`, keyed(key));
      expect(again.status).toBe(204);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect((await system.api.delete(`${records}${record.id}/`, token())).status).toBe(404);
    });
  });
});
