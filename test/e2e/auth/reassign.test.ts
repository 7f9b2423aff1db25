import { bodyOf, ENTITIES, type Entity } from '../conformance/entities';
import { outboxEvents } from '../../support/events';
import { startTestSystem, type TestSystem } from '../../support/system';
import { addMember, apiTokenOf, eventually, registerTenant, type Member, type TenantAdmin } from '../../support/tenants';

/**
 * api-contract §10.2 through the gateway: an admin gives every record of a member (leads, contacts,
 * accounts, opportunities, tasks) to another; the services move them by messages, each record a change as
 * a PATCH of its owner would be (a new version, `updated_at`, an `*.updated`), and the status resource
 * goes from pending to completed with the counts. A client waits by polling it.
 */
let system: TestSystem;
beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(async () => {
  await system.stop();
});

const reassign = (token: string, from: string, body: unknown) => system.api.post(`/api/auth/users/${from}/reassign/`, body, { token });
const statusOf = (token: string, location: string) => system.api.get(location, { token });

interface StoredRecord {
  entity: Entity;
  id: string;
  version: number;
  updated_at: string;
}

/** A record of `entity` the admin creates for `owner`. */
async function recordOf(admin: TenantAdmin, entity: Entity, owner: { profileId: string }, label: string): Promise<StoredRecord> {
  const res = await system.api.post(`/api/${entity.path}/`, bodyOf(entity, label, { [entity.owner.field]: owner.profileId }), { token: admin.access });
  if (res.status !== 201) throw new Error(`create ${entity.path}: ${res.status} ${res.text}`);
  return { entity, id: res.body.id, version: versionOf(res.headers), updated_at: res.body.updated_at };
}

/** A record's version: its strong ETag (api-contract §6). */
const versionOf = (headers: Headers): number => Number(JSON.parse(headers.get('etag')!));

/** A record as the admin reads it, with its version. */
async function read(admin: TenantAdmin, record: StoredRecord): Promise<Record<string, any>> {
  const res = await system.api.get(`/api/${record.entity.path}/${record.id}/`, { token: admin.access });
  expect(res.status).toBe(200);
  return { ...res.body, version: versionOf(res.headers) };
}

/** Polls the status resource, as a client would, until the reassignment is completed. */
const completed = (admin: TenantAdmin, location: string) =>
  eventually(
    async () => {
      const res = await statusOf(admin.access, location);
      expect(res.status).toBe(200);
      return res.body.status === 'completed' ? res.body : undefined;
    },
    60_000,
    `reassignment ${location} completed`,
  );

const UPDATED_TYPES = ENTITIES.map((entity) => `${entity.entity}.updated`).join(',');

/** The `*.updated` changes of the tenant in the change feed, once there are `count` of them. */
const updatesInFeed = (admin: TenantAdmin, count: number) =>
  eventually(
    async () => {
      const res = await system.api.get(`/api/changes/?types=${UPDATED_TYPES}&page_size=100`, { token: admin.access });
      expect(res.status).toBe(200);
      return res.body.results.length >= count ? (res.body.results as { type: string; record_id: string; data: Record<string, any> }[]) : undefined;
    },
    30_000,
    `${count} updates in the change feed`,
  );

describe("reassigning a member's records", () => {
  let admin: TenantAdmin;
  let leaving: Member;
  let taking: Member;
  let staying: Member;
  let moving: StoredRecord[];
  let untouched: StoredRecord[];
  beforeAll(async () => {
    admin = await registerTenant(system.api);
    [leaving, taking, staying] = [await addMember(system.api, admin, true), await addMember(system.api, admin, true), await addMember(system.api, admin, true)];
    moving = [];
    untouched = [];
    for (const entity of ENTITIES) {
      moving.push(await recordOf(admin, entity, leaving, `${entity.path} one`), await recordOf(admin, entity, leaving, `${entity.path} two`));
      untouched.push(await recordOf(admin, entity, staying, `${entity.path} kept`));
    }
  });

  it('when a member or an API token asks, then 403, and nothing is requested', async () => {
    expect((await reassign(staying.access, leaving.profileId, { to: taking.profileId })).status).toBe(403);
    const token = await apiTokenOf(system.api, admin, ['leads:read', 'leads:write']);
    expect((await reassign(token, leaving.profileId, { to: taking.profileId })).status).toBe(403);
  });

  it('when the path names no member of the tenant, then 404; when `to` is missing, malformed, the same member, deactivated or of no member of the tenant, then 400 on `to`', async () => {
    const stranger = await registerTenant(system.api, 'Elsewhere');
    expect((await reassign(admin.access, stranger.profileId, { to: taking.profileId })).status).toBe(404);
    expect((await reassign(admin.access, 'not-an-id', { to: taking.profileId })).status).toBe(404);
    const gone = await addMember(system.api, admin, true);
    expect((await system.api.post(`/api/auth/users/${gone.profileId}/deactivate/`, {}, { token: admin.access })).status).toBe(200);
    for (const body of [{}, { to: 'nope' }, { to: leaving.profileId }, { to: gone.profileId }, { to: stranger.profileId }]) {
      const res = await reassign(admin.access, leaving.profileId, body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(Object.keys(res.body.errors)).toEqual(['to']);
    }
    // Nothing was asked of the services: every record still has its first version.
    for (const record of moving) expect((await read(admin, record)).version).toBe(record.version);
  });

  it('when an admin reassigns a deactivated member to another, then 202 pending, and once completed every record of theirs is the other’s, a version on, each with its *.updated', async () => {
    // The usual way: the member leaves (deactivation moves nothing), then their records go to a colleague.
    expect((await system.api.post(`/api/auth/users/${leaving.profileId}/deactivate/`, {}, { token: admin.access })).status).toBe(200);
    for (const record of moving) expect((await read(admin, record))[record.entity.owner.view].id).toBe(leaving.profileId);

    const res = await reassign(admin.access, leaving.profileId, { to: taking.profileId });
    expect(res.status).toBe(202);
    const location = res.headers.get('location')!;
    expect(location).toBe(`/api/auth/reassignments/${res.body.id}/`);
    expect(res.body).toEqual({
      id: expect.any(String),
      from: leaving.profileId,
      to: taking.profileId,
      status: 'pending',
      moved: { leads: 0, contacts: 0, accounts: 0, opportunities: 0, tasks: 0 },
      requested_at: expect.any(String),
      completed_at: null,
    });

    const done = await completed(admin, location);
    expect(done).toEqual({ ...res.body, status: 'completed', moved: { leads: 2, contacts: 2, accounts: 2, opportunities: 2, tasks: 2 }, completed_at: expect.any(String) });

    for (const record of moving) {
      const now = await read(admin, record);
      expect({ id: now.id, owner: now[record.entity.owner.view], version: now.version }).toEqual({ id: record.id, owner: { id: taking.profileId, email: taking.email }, version: record.version + 1 });
      expect(now.updated_at > record.updated_at).toBe(true);
    }
    for (const record of untouched) {
      const now = await read(admin, record);
      expect({ owner: now[record.entity.owner.view].id, version: now.version, updated_at: now.updated_at }).toEqual({ owner: staying.profileId, version: record.version, updated_at: record.updated_at });
    }
    // The new owner's lists show them, the old owner's none.
    for (const entity of ENTITIES) {
      expect((await system.api.get(`/api/${entity.path}/?${entity.owner.filter}=${taking.profileId}`, { token: admin.access })).body.count).toBe(2);
      expect((await system.api.get(`/api/${entity.path}/?${entity.owner.filter}=${leaving.profileId}`, { token: admin.access })).body.count).toBe(0);
    }

    // One *.updated per record moved, written by its service before it reported, and none for any other record.
    for (const record of [...moving, ...untouched]) {
      const types = (await outboxEvents(system, record.entity.service, record.id)).map((event) => event.type);
      expect({ id: record.id, types }).toEqual({ id: record.id, types: [`${record.entity.entity}.created`, ...(moving.includes(record) ? [`${record.entity.entity}.updated`] : [])] });
    }
    // The change feed shows them: the record as the API shows it now, a version on.
    const updates = await updatesInFeed(admin, moving.length);
    expect(updates.map((change) => change.record_id).sort()).toEqual(moving.map((record) => record.id).sort());
    for (const change of updates) {
      const record = moving.find((candidate) => candidate.id === change.record_id)!;
      expect(change.type).toBe(`${record.entity.entity}.updated`);
      expect({ version: change.data.version, owner: change.data[record.entity.owner.view] }).toEqual({ version: record.version + 1, owner: { id: taking.profileId, email: taking.email } });
    }
  });

  it('when the member has nothing left, then a second reassignment completes with nothing moved', async () => {
    const res = await reassign(admin.access, leaving.profileId, { to: staying.profileId });
    expect(res.status).toBe(202);
    const done = await completed(admin, res.headers.get('location')!);
    expect(done.moved).toEqual({ leads: 0, contacts: 0, accounts: 0, opportunities: 0, tasks: 0 });
  });

  it('when a member or another tenant’s admin reads the status, then 403 and 404', async () => {
    const res = await reassign(admin.access, staying.profileId, { to: taking.profileId });
    const location = res.headers.get('location')!;
    await completed(admin, location);
    expect((await statusOf(taking.access, location)).status).toBe(403);
    const stranger = await registerTenant(system.api, 'Elsewhere');
    expect((await statusOf(stranger.access, location)).status).toBe(404);
    expect((await statusOf(admin.access, `/api/auth/reassignments/${stranger.profileId}/`)).status).toBe(404);
  });
});
