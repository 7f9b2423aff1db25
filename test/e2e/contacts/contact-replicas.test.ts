import { randomUUID } from 'node:crypto';
import { upsertAccountReplica } from '@crm/contacts';
import { publishEvent, waitForHandled } from '../../support/events';
import type { TestSystem } from '../../support/system';
import { eventually, registerTenant, type TenantAdmin } from '../../support/tenants';
import { accountRow, contactsDb, createContact, outboxEvents } from './support';
import { startWithTenant } from '../../support/suite';

/**
 * What the contacts service keeps of other services, fed by their events through the bus: the accounts
 * replica (`account_id` checks, `account {id, name}`) and the profiles replica (owners). Account events
 * are published as accounts-opportunities publishes them, and also come from that service itself.
 */
let system: TestSystem, admin: TenantAdmin, stranger: TenantAdmin;

beforeAll(async () => ({ system, admin, stranger } = await startWithTenant({ tenants: { stranger: 'Stranger' } })));
afterAll(() => system.stop());

/** An `account.*` event of the tenant, as accounts-opportunities sends it; answers the event id. */
const accountEvent = (type: 'created' | 'updated' | 'deleted', tenantId: string, data: Record<string, unknown>) =>
  publishEvent({ source: 'accounts-opportunities', type: `account.${type}`, tenantId, subject: String(data.id), data });

/** Publishes the event and waits until the contacts service has handled it. */
const deliver = async (...args: Parameters<typeof accountEvent>) => waitForHandled(system, 'contacts', await accountEvent(...args));

const accountData = (id: string, name: string, version: number) => ({ id, name, industry: null, assigned_to: { id: admin.profileId, email: admin.email }, tags: [], version });

const contactWith = (accountId: string | null, token = admin.access) =>
  system.api.post('/api/contacts/', { first_name: 'Replica check', account_id: accountId }, { token });

describe('accounts, as account events announce them', () => {
  it('when an account is unknown, then 400; once account.created arrives, then it is accepted and named', async () => {
    const id = randomUUID();
    const refused = await contactWith(id);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ account_id: expect.any(String) });
    await deliver('created', admin.orgId, accountData(id, 'Engines Ltd', 1));
    expect(await accountRow(system, id)).toEqual({ id, tenant_id: admin.orgId, name: 'Engines Ltd', version: 1 });
    const created = await contactWith(id);
    expect(created.status).toBe(201);
    expect(created.body.account).toEqual({ id, name: 'Engines Ltd' });
  });

  it('when the account belongs to another tenant, then 400 for this one', async () => {
    const id = randomUUID();
    await deliver('created', stranger.orgId, accountData(id, 'Theirs', 1));
    expect((await contactWith(id)).status).toBe(400);
    expect((await contactWith(id, stranger.access)).status).toBe(201);
  });

  it('when account.updated arrives, then only a newer version renames it, and contacts show the name', async () => {
    const id = randomUUID();
    await deliver('created', admin.orgId, accountData(id, 'First', 3));
    const contact = (await contactWith(id)).body;
    await deliver('updated', admin.orgId, accountData(id, 'Older', 2));
    expect((await accountRow(system, id))!.name).toBe('First');
    await deliver('updated', admin.orgId, accountData(id, 'Newer', 5));
    await deliver('updated', admin.orgId, accountData(id, 'Stale', 4));
    expect(await accountRow(system, id)).toMatchObject({ name: 'Newer', version: 5 });
    expect((await system.api.get(`/api/contacts/${contact.id}/`, { token: admin.access })).body.account).toEqual({ id, name: 'Newer' });
  });

  it('when account.updated arrives before account.created, then the account is known from it', async () => {
    const id = randomUUID();
    await deliver('updated', admin.orgId, accountData(id, 'Out of order', 2));
    await deliver('created', admin.orgId, accountData(id, 'Original', 1));
    expect(await accountRow(system, id)).toMatchObject({ name: 'Out of order', version: 2 });
  });

  it('when account.deleted arrives, then its contacts become standalone, each as a change of its own, and it is refused', async () => {
    const id = randomUUID();
    await deliver('created', admin.orgId, accountData(id, 'Doomed Co', 1));
    const linked = [(await contactWith(id)).body, (await contactWith(id)).body];
    const unrelated = (await contactWith(null)).body;
    await deliver('deleted', admin.orgId, { id, version: 2, assigned_to: [admin.profileId] });
    expect(await accountRow(system, id)).toBeUndefined();
    for (const contact of linked) {
      const res = await system.api.get(`/api/contacts/${contact.id}/`, { token: admin.access });
      const { custom_field_definitions: _definitions, ...shown } = res.body;
      expect(shown).toEqual({ ...contact, account: null, updated_at: expect.any(String) });
      expect(shown.updated_at > contact.updated_at).toBe(true);
      const events = await outboxEvents(system, contact.id);
      expect(events.map((event) => event.type)).toEqual(['contact.created', 'contact.updated']);
      expect(events[1]!.data).toMatchObject({ account: null, version: events[0]!.data.version + 1 });
    }
    expect((await system.api.get(`/api/contacts/?account=${id}`, { token: admin.access })).body.count).toBe(0);
    const untouched = await system.api.get(`/api/contacts/${unrelated.id}/`, { token: admin.access });
    expect(untouched.body.updated_at).toBe(unrelated.updated_at);
    expect((await outboxEvents(system, unrelated.id)).map((event) => event.type)).toEqual(['contact.created']);
    const refused = await contactWith(id);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ account_id: expect.any(String) });
  });

  it('when an older or newer account event arrives after account.deleted, then the account stays gone', async () => {
    const id = randomUUID();
    await deliver('created', admin.orgId, accountData(id, 'Gone', 1));
    await deliver('deleted', admin.orgId, { id, version: 3, assigned_to: [] });
    await deliver('updated', admin.orgId, accountData(id, 'Late', 2));
    await deliver('created', admin.orgId, accountData(id, 'Replayed', 1));
    await deliver('updated', admin.orgId, accountData(id, 'After', 9));
    expect(await accountRow(system, id)).toBeUndefined();
    expect((await contactWith(id)).status).toBe(400);
    const live = await contactsDb(system).transaction((manager) =>
      upsertAccountReplica(manager, { id, tenantId: admin.orgId, name: 'From a conversion', version: 1, createdBy: admin.profileId, ownerId: admin.profileId }),
    );
    expect(live.held).toBe(false);
    expect(await accountRow(system, id)).toBeUndefined();
  });

  it('when account.deleted arrives for an account never seen, then a later account.created does not bring it in', async () => {
    const id = randomUUID();
    await deliver('deleted', admin.orgId, { id, version: 2, assigned_to: [] });
    await deliver('created', admin.orgId, accountData(id, 'Never', 1));
    expect(await accountRow(system, id)).toBeUndefined();
  });

  it('when an account event is malformed, then it is ignored and the next one is applied', async () => {
    const id = randomUUID();
    await deliver('created', admin.orgId, { id, version: 1 });
    await deliver('created', admin.orgId, { id, name: 'No version' });
    await deliver('created', admin.orgId, { id: 'not-a-uuid', name: 'Bad id', version: 1 });
    expect(await accountRow(system, id)).toBeUndefined();
    await deliver('created', admin.orgId, accountData(id, 'Well formed', 1));
    expect((await accountRow(system, id))!.name).toBe('Well formed');
  });

  it('when a conversion upserts an account the replica already holds, then it answers true and keeps the newer copy', async () => {
    const id = randomUUID();
    await deliver('created', admin.orgId, accountData(id, 'Current', 2));
    const owners = { createdBy: admin.profileId, ownerId: admin.profileId };
    expect(await upsertAccountReplica(contactsDb(system), { id, tenantId: admin.orgId, name: 'Older', version: 1, ...owners })).toEqual({ held: true, renamed: false });
    expect(await accountRow(system, id)).toEqual({ id, tenant_id: admin.orgId, name: 'Current', version: 2 });
    expect(await upsertAccountReplica(contactsDb(system), { id, tenantId: stranger.orgId, name: 'Current', version: 2, ...owners })).toEqual({ held: false, renamed: false });
  });
});

describe('accounts, as the accounts-opportunities service announces them', () => {
  it('when an account is created, renamed and deleted through the gateway, then contacts follow', async () => {
    const created = await system.api.post('/api/accounts/', { name: 'Real Co' }, { token: admin.access });
    expect(created.status).toBe(201);
    const id = created.body.id;
    // At once, as a client would: the contacts service asks accounts-opportunities if its replica has no copy yet.
    const linked = await contactWith(id);
    expect(linked.status).toBe(201);
    const contact = linked.body;
    expect(contact.account).toEqual({ id, name: 'Real Co' });

    expect((await system.api.patch(`/api/accounts/${id}/`, { name: 'Renamed Co' }, { token: admin.access })).status).toBe(200);
    await eventually(async () => ((await accountRow(system, id))?.name === 'Renamed Co' ? true : undefined), 15_000, 'account.updated in contacts');
    expect((await system.api.get(`/api/contacts/${contact.id}/`, { token: admin.access })).body.account).toEqual({ id, name: 'Renamed Co' });

    expect((await system.api.delete(`/api/accounts/${id}/`, { token: admin.access })).status).toBe(204);
    await eventually(async () => ((await accountRow(system, id)) === undefined ? true : undefined), 15_000, 'account.deleted in contacts');
    expect((await system.api.get(`/api/contacts/${contact.id}/`, { token: admin.access })).body.account).toBeNull();
  });
});

describe('profiles, as auth announces them', () => {
  it('when a tenant registers, then its admin owns what it creates at once, e-mail shown', async () => {
    const tenant = await registerTenant(system.api, 'Fresh');
    const contact = await createContact(system.api, tenant.access, { first_name: 'Fresh' });
    expect(contact.owner).toEqual({ id: tenant.profileId, email: tenant.email });
  });
});
