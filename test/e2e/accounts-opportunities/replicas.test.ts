import { randomUUID } from 'node:crypto';
import { createLead } from '../../support/leads';
import type { TestSystem } from '../../support/system';
import { eventually, registerTenant, type TenantAdmin } from '../../support/tenants';
import { announce, knownRecord, outboxEvents, publishEvent, waitForHandled } from './support';
import { startWithTenant } from '../../support/suite';

/**
 * What the service keeps of other services, fed by their events through the bus: the profiles replica
 * (owners) and `known_records` (contacts and leads), against which `contact_ids`, `contact_id` and
 * `lead_id` are checked. Events are published as their services publish them.
 */
let system: TestSystem, admin: TenantAdmin, stranger: TenantAdmin;

beforeAll(async () => ({ system, admin, stranger } = await startWithTenant({ tenants: { stranger: 'Stranger' } })));
afterAll(() => system.stop());

const task = (body: Record<string, unknown>) => system.api.post('/api/tasks/', { title: 'Replica check', ...body }, { token: admin.access });
const opportunity = (body: Record<string, unknown>) => system.api.post('/api/opportunities/', { name: 'Replica check', ...body }, { token: admin.access });

/** Waits until the replica row of a record satisfies `done`. */
const replicaRow = (type: 'contact' | 'lead', id: string, done: (row: any) => boolean, what: string) =>
  eventually(async () => {
    const row = await knownRecord(system, type, id);
    return row && done(row) ? row : undefined;
  }, 15_000, what);

describe('contacts, as contact events announce them', () => {
  it('when a contact is unknown, then 400; once contact.created arrives, then it is accepted', async () => {
    const contact = randomUUID();
    expect((await task({ contact_id: contact })).status).toBe(400);
    expect((await opportunity({ contact_ids: [contact] })).status).toBe(400);
    await publishEvent({ type: 'contact.created', tenantId: admin.orgId, subject: contact, data: { id: contact, first_name: 'Ada', version: 1 } });
    await replicaRow('contact', contact, () => true, 'contact.created applied');
    const created = await task({ contact_id: contact });
    expect(created.status).toBe(201);
    expect(created.body.contact_id).toBe(contact);
    expect((await opportunity({ contact_ids: [contact] })).status).toBe(201);
  });

  it('when the contact belongs to another tenant, then 400 for this one', async () => {
    const contact = randomUUID();
    await announce(system, 'contact', stranger.orgId, contact);
    const res = await task({ contact_id: contact });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ contact_id: expect.any(String) });
    expect((await system.api.post('/api/tasks/', { title: 'Theirs', contact_id: contact }, { token: stranger.access })).status).toBe(201);
  });

  it('when contact.updated arrives, then only a newer version is applied', async () => {
    const contact = randomUUID();
    await announce(system, 'contact', admin.orgId, contact, 3);
    await publishEvent({ type: 'contact.updated', tenantId: admin.orgId, subject: contact, data: { id: contact, version: 2 } });
    await publishEvent({ type: 'contact.updated', tenantId: admin.orgId, subject: contact, data: { id: contact, version: 5 } });
    await replicaRow('contact', contact, (row) => row.version === 5, 'version 5');
    const older = await publishEvent({ type: 'contact.updated', tenantId: admin.orgId, subject: contact, data: { id: contact, version: 4 } });
    await waitForHandled(system, older);
    expect((await knownRecord(system, 'contact', contact)).version).toBe(5);
  });

  it('when contact.deleted arrives, then tasks let go of it, the contact is refused, and a late older event does not bring it back', async () => {
    const contact = randomUUID();
    await announce(system, 'contact', admin.orgId, contact);
    const linked = await task({ contact_id: contact });
    expect(linked.status).toBe(201);
    await waitForHandled(system, await publishEvent({ type: 'contact.deleted', tenantId: admin.orgId, subject: contact, data: { id: contact, assigned_to: [], version: 3, merged_into: null } }));
    expect(await knownRecord(system, 'contact', contact)).toMatchObject({ deleted: true });
    const cleared = await system.api.get(`/api/tasks/${linked.body.id}/`, { token: admin.access });
    expect(cleared.body).toMatchObject({ contact_id: null });
    expect(cleared.body.updated_at > linked.body.updated_at).toBe(true);
    expect((await system.api.get(`/api/tasks/?contact=${contact}`, { token: admin.access })).body.count).toBe(0);
    expect((await task({ contact_id: contact })).status).toBe(400);
    for (const version of [2, 9]) {
      await waitForHandled(system, await publishEvent({ type: 'contact.updated', tenantId: admin.orgId, subject: contact, data: { id: contact, version } }));
    }
    expect(await knownRecord(system, 'contact', contact)).toMatchObject({ deleted: true, version: 3 });
    const res = await opportunity({ contact_ids: [contact] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ contact_ids: expect.any(String) });
  });

  it('when a contact event is malformed, then it is ignored and the next one is applied', async () => {
    const contact = randomUUID();
    await waitForHandled(system, await publishEvent({ type: 'contact.created', tenantId: admin.orgId, subject: contact, data: { id: contact } }));
    expect(await knownRecord(system, 'contact', contact)).toBeUndefined();
    const next = randomUUID();
    await announce(system, 'contact', admin.orgId, next);
    expect((await task({ contact_id: next })).status).toBe(201);
  });
});

describe('leads, as the leads service announces them', () => {
  it('when a lead is created through the gateway, then a task may point to it at once; once deleted, the task lets go of it', async () => {
    const lead = await createLead(system.api, admin.access, { first_name: 'Replicated' });
    const created = await task({ lead_id: lead.id });
    expect(created.status).toBe(201);
    expect(created.body.lead_id).toBe(lead.id);

    expect((await system.api.delete(`/api/leads/${lead.id}/`, { token: admin.access })).status).toBe(204);
    await replicaRow('lead', lead.id, (row) => row.deleted, 'lead.deleted from the leads service');
    const refused = await task({ lead_id: lead.id });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ lead_id: expect.any(String) });
    // The task that pointed to it changed with the delete (lead_id cleared, a new version), and other changes still go through.
    const changed = await system.api.patch(`/api/tasks/${created.body.id}/`, { status: 'done' }, { token: admin.access });
    expect(changed.status).toBe(200);
    expect(changed.body.lead_id).toBeNull();
    expect((await outboxEvents(system, created.body.id)).map((event) => [event.type, event.data.lead_id, event.data.version])).toEqual([
      ['task.created', lead.id, 1],
      ['task.updated', null, 2],
      ['task.updated', null, 3],
    ]);
  });

  it('when a lead is updated through the gateway, then the replica follows its version', async () => {
    const lead = await createLead(system.api, admin.access, { first_name: 'Versioned' });
    await system.api.patch(`/api/leads/${lead.id}/`, { last_name: 'Twice' }, { token: admin.access });
    await replicaRow('lead', lead.id, (row) => row.version === 2, 'lead.updated applied');
  });
});

describe('profiles, as auth announces them', () => {
  it('when a tenant registers, then its admin owns what it creates at once, e-mail shown', async () => {
    const tenant = await registerTenant(system.api, 'Fresh');
    const res = await system.api.post('/api/accounts/', { name: 'Fresh Co' }, { token: tenant.access });
    expect(res.status).toBe(201);
    expect(res.body.assigned_to).toEqual({ id: tenant.profileId, email: tenant.email });
  });
});
