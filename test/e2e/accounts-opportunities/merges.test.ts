import { randomUUID } from 'node:crypto';
import type { TestSystem } from '../../support/system';
import type { TenantAdmin } from '../../support/tenants';
import { announce, create, knownRecord, outboxEvents, publishEvent, read, waitForHandled, type EntityPath } from './support';
import { startWithTenant } from '../../support/suite';

/**
 * Merges of contacts and leads (api-contract §4), as the leads and contacts services announce them
 * (`lead.merged` / `contact.merged`, subject the keeper, plus the merged-away record's `.deleted`):
 * every task and opportunity pointing to the merged-away record moves to the keeper, as a change of
 * the record with its `*.updated` event; the replica remembers the redirect, so a link written later
 * lands on the keeper. Delivery is at least once and unordered, and each tenant only moves its own.
 */
let system: TestSystem, admin: TenantAdmin, stranger: TenantAdmin;

beforeAll(async () => ({ system, admin, stranger } = await startWithTenant({ tenants: { stranger: 'Stranger' } })));
afterAll(() => system.stop());

type KnownType = 'contact' | 'lead';

/** A contact or lead of the tenant, known to the replica. */
async function known(type: KnownType, tenant: TenantAdmin = admin): Promise<string> {
  const id = randomUUID();
  await announce(system, type, tenant.orgId, id);
  return id;
}

/** Publishes `<type>.merged` as its service writes it and waits until it is handled. */
async function merge(type: KnownType, keeperId: string, mergedId: string, tenant: TenantAdmin = admin): Promise<void> {
  const data = {
    keeper_id: keeperId,
    merged_id: mergedId,
    fields_from_keeper: ['first_name'],
    fields_from_merged: ['email'],
    merged_assigned_to: [tenant.profileId],
    keeper_version: 2,
  };
  await waitForHandled(system, await publishEvent({ type: `${type}.merged`, tenantId: tenant.orgId, subject: keeperId, data }));
}

/** Publishes `<type>.deleted` (of the merged-away record of a merge into `mergedInto`, when given) and waits until it is handled. */
async function deleted(type: KnownType, id: string, options: { version?: number; mergedInto?: string } = {}, tenant: TenantAdmin = admin): Promise<void> {
  const data = { id, assigned_to: [tenant.profileId], version: options.version ?? 4, merged_into: options.mergedInto ?? null };
  await waitForHandled(system, await publishEvent({ type: `${type}.deleted`, tenantId: tenant.orgId, subject: id, data }));
}

/** Publishes `lead.converted` (with an opportunity) as leads writes it; answers the opportunity's id once created. */
async function convert(tenant: TenantAdmin, leadId: string, contactId: string): Promise<string> {
  const opportunityId = randomUUID();
  const data = {
    lead_id: leadId,
    owner_id: tenant.profileId,
    converted_by: tenant.profileId,
    account: { id: randomUUID(), name: 'Converted Co' },
    contact: { id: contactId, first_name: 'Ada', last_name: 'Lovelace', email: null, phone: null, title: null },
    opportunity: { id: opportunityId, name: 'Converted deal', amount: '500.00', currency: 'USD' },
    lead: { id: leadId, status: 'converted', version: 3 },
  };
  await waitForHandled(system, await publishEvent({ type: 'lead.converted', tenantId: tenant.orgId, subject: leadId, data }));
  return opportunityId;
}

const task = (body: Record<string, unknown>, tenant: TenantAdmin = admin) => create(system.api, tenant.access, 'tasks', { title: 'Call back', ...body });
const opportunity = (body: Record<string, unknown>) => create(system.api, admin.access, 'opportunities', { name: 'Deal', ...body });
const readAs = (tenant: TenantAdmin, entity: EntityPath, id: string) => read(system.api, tenant.access, entity, id);
const reread = (entity: EntityPath, id: string) => readAs(admin, entity, id);

/** The types of the events written about a record, oldest first. */
const eventTypes = async (id: string) => (await outboxEvents(system, id)).map((event) => event.type);

describe('lead.merged', () => {
  it('when a lead is merged, then its tasks and opportunities point to the keeper, each a change with its *.updated', async () => {
    const keeper = await known('lead');
    const merged = await known('lead');
    const contact = await known('contact');
    const moving = await task({ lead_id: merged });
    const onKeeper = await task({ lead_id: keeper });
    const converted = await convert(admin, merged, contact);
    const before = await reread('opportunities', converted);
    expect(before.lead_id).toBe(merged);

    await merge('lead', keeper, merged);

    const movedTask = await reread('tasks', moving.id);
    expect(movedTask.lead_id).toBe(keeper);
    expect(movedTask.updated_at > moving.updated_at).toBe(true);
    const movedOpportunity = await reread('opportunities', converted);
    expect(movedOpportunity.lead_id).toBe(keeper);
    expect(movedOpportunity.contact_ids).toEqual([contact]);
    expect(movedOpportunity.updated_at > before.updated_at).toBe(true);
    expect(await outboxEvents(system, moving.id)).toEqual([
      { type: 'task.created', data: expect.objectContaining({ lead_id: merged, version: 1 }) },
      { type: 'task.updated', data: expect.objectContaining({ id: moving.id, lead_id: keeper, version: 2 }) },
    ]);
    expect(await outboxEvents(system, converted)).toEqual([
      { type: 'opportunity.created', data: expect.objectContaining({ lead_id: merged, version: 1 }) },
      { type: 'opportunity.updated', data: expect.objectContaining({ id: converted, lead_id: keeper, version: 2 }) },
    ]);
    // What pointed to the keeper already is not touched.
    expect(await reread('tasks', onKeeper.id)).toEqual(onKeeper);
    expect(await eventTypes(onKeeper.id)).toEqual(['task.created']);
  });

  it('when the same merge is replayed under a new message id, then nothing more changes and nothing more is written', async () => {
    const keeper = await known('lead');
    const merged = await known('lead');
    const moving = await task({ lead_id: merged });
    await merge('lead', keeper, merged);
    const once = await reread('tasks', moving.id);
    expect(once.lead_id).toBe(keeper);

    await merge('lead', keeper, merged);

    expect(await reread('tasks', moving.id)).toEqual(once);
    expect(await eventTypes(moving.id)).toEqual(['task.created', 'task.updated']);
  });
});

describe('contact.merged', () => {
  it('when a contact is merged, then tasks and opportunities’ contact_ids point to the keeper, in place and once', async () => {
    const keeper = await known('contact');
    const merged = await known('contact');
    const [first, last] = [await known('contact'), await known('contact')];
    const moving = await task({ contact_id: merged });
    const between = await opportunity({ contact_ids: [first, merged, last] });
    const keeperAfter = await opportunity({ contact_ids: [keeper, merged] });
    const keeperBefore = await opportunity({ contact_ids: [merged, first, keeper] });
    const elsewhere = await opportunity({ contact_ids: [first, keeper] });

    await merge('contact', keeper, merged);

    expect(await reread('tasks', moving.id)).toMatchObject({ contact_id: keeper });
    expect((await reread('opportunities', between.id)).contact_ids).toEqual([first, keeper, last]);
    expect((await reread('opportunities', keeperAfter.id)).contact_ids).toEqual([keeper]);
    expect((await reread('opportunities', keeperBefore.id)).contact_ids).toEqual([first, keeper]);
    for (const changed of [between, keeperAfter, keeperBefore]) {
      const events = await outboxEvents(system, changed.id);
      expect(events.map((event) => event.type)).toEqual(['opportunity.created', 'opportunity.updated']);
      expect(events[1]!.data).toMatchObject({ contact_ids: (await reread('opportunities', changed.id)).contact_ids, version: 2 });
    }
    expect((await outboxEvents(system, moving.id))[1]).toEqual({ type: 'task.updated', data: expect.objectContaining({ contact_id: keeper, version: 2 }) });
    expect(await reread('opportunities', elsewhere.id)).toEqual(elsewhere);
    expect(await eventTypes(elsewhere.id)).toEqual(['opportunity.created']);
  });
});

describe('the redirect in the replica', () => {
  it('when .merged comes before .deleted, then the merged-away id is dead, redirects to the keeper, and a late .created does not revive it', async () => {
    const keeper = await known('contact');
    const merged = await known('contact');
    await merge('contact', keeper, merged);
    expect(await knownRecord(system, 'contact', merged)).toMatchObject({ deleted: true, merged_into: keeper, version: 1 });

    await deleted('contact', merged, { version: 4, mergedInto: keeper });
    expect(await knownRecord(system, 'contact', merged)).toMatchObject({ deleted: true, merged_into: keeper, version: 4 });

    await waitForHandled(system, await publishEvent({ type: 'contact.updated', tenantId: admin.orgId, subject: merged, data: { id: merged, version: 9 } }));
    expect(await knownRecord(system, 'contact', merged)).toMatchObject({ deleted: true, merged_into: keeper, version: 4 });
    expect((await task({ contact_id: merged })).contact_id).toBe(keeper);
  });

  it('when .deleted comes before .merged, then what pointed to the merged-away lead moves to the keeper with it, once', async () => {
    const keeper = await known('lead');
    const merged = await known('lead');
    const moving = await task({ lead_id: merged });
    await deleted('lead', merged, { version: 6, mergedInto: keeper });
    expect(await knownRecord(system, 'lead', merged)).toMatchObject({ deleted: true, merged_into: keeper, version: 6 });
    expect(await reread('tasks', moving.id)).toMatchObject({ lead_id: keeper });

    await merge('lead', keeper, merged);

    expect(await knownRecord(system, 'lead', merged)).toMatchObject({ deleted: true, merged_into: keeper, version: 6 });
    expect(await reread('tasks', moving.id)).toMatchObject({ lead_id: keeper });
    expect(await eventTypes(moving.id)).toEqual(['task.created', 'task.updated']);
    await waitForHandled(system, await publishEvent({ type: 'lead.created', tenantId: admin.orgId, subject: merged, data: { id: merged, version: 1 } }));
    expect(await knownRecord(system, 'lead', merged)).toMatchObject({ deleted: true, merged_into: keeper });
  });

  it('when a merge arrives for a lead the replica never heard of, then it is recorded dead with its redirect', async () => {
    const keeper = await known('lead');
    const merged = randomUUID();
    await merge('lead', keeper, merged);
    expect(await knownRecord(system, 'lead', merged)).toMatchObject({ deleted: true, merged_into: keeper, tenant_id: admin.orgId });
    expect((await task({ lead_id: merged })).lead_id).toBe(keeper);
  });
});

describe('chains', () => {
  it('when A is merged into B and later B into C, then what pointed to A or B ends on C', async () => {
    const [a, b, c] = [await known('contact'), await known('contact'), await known('contact')];
    const onA = await task({ contact_id: a });
    const onBoth = await opportunity({ contact_ids: [a, b] });

    await merge('contact', b, a);
    expect(await reread('tasks', onA.id)).toMatchObject({ contact_id: b });
    expect((await reread('opportunities', onBoth.id)).contact_ids).toEqual([b]);
    await merge('contact', c, b);

    expect(await reread('tasks', onA.id)).toMatchObject({ contact_id: c });
    expect((await reread('opportunities', onBoth.id)).contact_ids).toEqual([c]);
    expect(await eventTypes(onA.id)).toEqual(['task.created', 'task.updated', 'task.updated']);
    expect((await task({ contact_id: a })).contact_id).toBe(c);
    expect((await opportunity({ contact_ids: [a, b] })).contact_ids).toEqual([c]);
  });

  it('when B into C arrives before A into B, then what pointed to A moves straight to C', async () => {
    const [a, b, c] = [await known('lead'), await known('lead'), await known('lead')];
    const onA = await task({ lead_id: a });

    await merge('lead', c, b);
    expect(await reread('tasks', onA.id)).toMatchObject({ lead_id: a });
    await merge('lead', b, a);

    expect(await reread('tasks', onA.id)).toMatchObject({ lead_id: c });
    expect(await outboxEvents(system, onA.id)).toEqual([
      { type: 'task.created', data: expect.objectContaining({ lead_id: a }) },
      { type: 'task.updated', data: expect.objectContaining({ lead_id: c, version: 2 }) },
    ]);
  });
});

describe('links written after the merge', () => {
  it('when a task names a merged-away lead or contact, then it is stored with the keeper', async () => {
    const [leadKeeper, leadMerged] = [await known('lead'), await known('lead')];
    const [contactKeeper, contactMerged] = [await known('contact'), await known('contact')];
    await merge('lead', leadKeeper, leadMerged);
    await merge('contact', contactKeeper, contactMerged);

    const created = await task({ lead_id: leadMerged, contact_id: contactMerged });
    expect(created).toMatchObject({ lead_id: leadKeeper, contact_id: contactKeeper });
    expect(await reread('tasks', created.id)).toMatchObject({ lead_id: leadKeeper, contact_id: contactKeeper });

    const plain = await task({});
    const patched = await system.api.patch(`/api/tasks/${plain.id}/`, { lead_id: leadMerged }, { token: admin.access });
    expect(patched.status).toBe(200);
    expect(patched.body.lead_id).toBe(leadKeeper);
    const put = await system.api.put(`/api/tasks/${plain.id}/`, { title: 'Call back', contact_id: contactMerged }, { token: admin.access });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ lead_id: null, contact_id: contactKeeper });
  });

  it('when a body names the merged-away id of the keeper the record holds already, then nothing changes', async () => {
    const [keeper, merged] = [await known('lead'), await known('lead')];
    await merge('lead', keeper, merged);
    const held = await task({ lead_id: keeper });

    const res = await system.api.patch(`/api/tasks/${held.id}/`, { lead_id: merged }, { token: admin.access });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ lead_id: keeper, updated_at: held.updated_at });
    expect(await eventTypes(held.id)).toEqual(['task.created']);
  });

  it('when an opportunity names merged-away contacts, then contact_ids holds each keeper once, in order', async () => {
    const [keeper, merged, other] = [await known('contact'), await known('contact'), await known('contact')];
    await merge('contact', keeper, merged);

    const created = await opportunity({ contact_ids: [merged, other, keeper] });
    expect(created.contact_ids).toEqual([keeper, other]);
    const put = await system.api.put(`/api/opportunities/${created.id}/`, { name: 'Deal', contact_ids: [other, merged] }, { token: admin.access });
    expect(put.status).toBe(200);
    expect(put.body.contact_ids).toEqual([other, keeper]);
  });

  it('when a body names a contact deleted without a merge, then 400 as before', async () => {
    const gone = await known('contact');
    await deleted('contact', gone);
    const res = await system.api.post('/api/tasks/', { title: 'Call back', contact_id: gone }, { token: admin.access });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ contact_id: expect.any(String) });
    const opportunityRes = await system.api.post('/api/opportunities/', { name: 'Deal', contact_ids: [gone] }, { token: admin.access });
    expect(opportunityRes.status).toBe(400);
    expect(opportunityRes.body.errors).toEqual({ contact_ids: expect.any(String) });
  });

  it('when lead.converted arrives after its contact was merged away, then the opportunity links the keeper', async () => {
    const [keeper, merged] = [await known('contact'), await known('contact')];
    const lead = await known('lead');
    await deleted('contact', merged, { mergedInto: keeper });
    await merge('contact', keeper, merged);

    const converted = await convert(admin, lead, merged);

    expect(await reread('opportunities', converted)).toMatchObject({ contact_ids: [keeper], lead_id: lead });
    expect(await outboxEvents(system, converted)).toEqual([
      { type: 'opportunity.created', data: expect.objectContaining({ contact_ids: [keeper], version: 1 }) },
    ]);
  });
});

describe('tenants', () => {
  it('when tenant A merges, then records of tenant B pointing to the same ids stay as they are', async () => {
    const [leadKeeper, leadMerged] = [await known('lead'), await known('lead')];
    const [contactKeeper, contactMerged] = [await known('contact'), await known('contact')];
    // Tenant B's opportunity names tenant A's ids (conversion takes its ids as leads allocated them).
    const theirs = await convert(stranger, leadMerged, contactMerged);
    const before = await readAs(stranger, 'opportunities', theirs);
    const ours = await task({ lead_id: leadMerged, contact_id: contactMerged });

    await merge('lead', leadKeeper, leadMerged);
    await merge('contact', contactKeeper, contactMerged);

    expect(await reread('tasks', ours.id)).toMatchObject({ lead_id: leadKeeper, contact_id: contactKeeper });
    expect(await readAs(stranger, 'opportunities', theirs)).toEqual(before);
    expect(await eventTypes(theirs)).toEqual(['opportunity.created']);
    // Nor does A's redirect apply to what B links later.
    const later = await convert(stranger, randomUUID(), contactMerged);
    expect((await readAs(stranger, 'opportunities', later)).contact_ids).toEqual([contactMerged]);
  });

  it('when tenant B announces a merge naming tenant A’s ids, then A’s records and replica stay as they are', async () => {
    const [keeper, merged] = [await known('lead'), await known('lead')];
    const ours = await task({ lead_id: merged });

    await merge('lead', keeper, merged, stranger);

    expect(await reread('tasks', ours.id)).toEqual(ours);
    expect(await knownRecord(system, 'lead', merged)).toMatchObject({ deleted: false, merged_into: null, tenant_id: admin.orgId });
    expect((await task({ lead_id: merged })).lead_id).toBe(merged);
  });
});
