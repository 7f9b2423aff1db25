import { randomUUID } from 'node:crypto';
import type { TestSystem } from '../../support/system';
import { eventually, serverDerived, type Member, type TenantAdmin } from '../../support/tenants';
import { createContact } from '../contacts/support';
import { create, outboxEvents, read, TIMESTAMP } from './support';
import { startWithTenant } from '../../support/suite';
import { expectEachRefused } from '../../support/api-client';

let system: TestSystem, admin: TenantAdmin, seller: Member, stranger: TenantAdmin, account: any;
let strangersAccount: any, contactA: string, contactB: string, strangersContact: string;
/** An opportunity given only its name (a POST), or replaced by one (a PUT): prospecting, USD, no account, no contacts. */
const WHAT_A_NAME_ALONE_GIVES = { account: null, account_id: null, contact_ids: [], amount: null, currency: 'USD', stage: 'prospecting', probability: null, close_date: null, tags: [] };

/** A contact created through the gateway a moment before it is named, as a client would. */
const newContact = async (token: string, first_name: string): Promise<string> => (await createContact(system.api, token, { first_name })).id;

beforeAll(async () => {
  ({ system, admin, seller, stranger } = await startWithTenant({ members: { seller: true }, tenants: { stranger: 'Stranger' } }));
  // The seller's, so both the seller and the admin may name them.
  account = await create(system.api, seller.access, 'accounts', { name: 'Engines' });
  strangersAccount = await create(system.api, stranger.access, 'accounts', { name: 'Stranger Co' });
  contactA = await newContact(seller.access, 'Ada');
  contactB = await newContact(seller.access, 'Grace');
  strangersContact = await newContact(stranger.access, 'Eve');
});
afterAll(() => system.stop());

describe('creating an opportunity', () => {
  it('when the body is complete, then 201 with the full record, its account shown by name', async () => {
    const sent = { name: 'Big deal', account_id: account.id, currency: 'EUR', stage: 'negotiation', probability: 60, close_date: '2027-03-31', tags: ['q1'] };
    const res = await system.api.post('/api/opportunities/', { ...sent, contact_ids: [contactA, contactB, contactA], amount: '1250.5' }, { token: seller.access });
    expect(res.status).toBe(201);
    // What was sent, normalised (contacts once each, the amount with two places, the account by name), and the owner.
    const normalised = { contact_ids: [contactA, contactB], amount: '1250.50', account: { id: account.id, name: 'Engines' }, lead_id: null };
    expect(res.body).toEqual({ ...serverDerived(admin, seller), ...sent, ...normalised, assigned_to: { id: seller.profileId, email: seller.email } });
  });

  it('when only a name is given, then the defaults: prospecting, USD, no account, no contacts', async () => {
    const opportunity = await create(system.api, admin.access, 'opportunities', { name: 'Small' });
    expect(opportunity).toMatchObject({ ...WHAT_A_NAME_ALONE_GIVES, lead_id: null });
  });

  it('when an amount is a number, then it is shown as a decimal string with two places', async () => {
    expect((await create(system.api, admin.access, 'opportunities', { name: 'N', amount: 99 })).amount).toBe('99.00');
  });

  it('when the account is another tenant’s or does not exist, then 400 on account_id and nothing is created', async () => {
    for (const accountId of [strangersAccount.id, randomUUID()]) {
      const res = await system.api.post('/api/opportunities/', { name: 'Poach', account_id: accountId }, { token: admin.access });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: true, errors: { account_id: expect.any(String) } });
    }
    expect((await system.api.get('/api/opportunities/?search=poach', { token: admin.access })).body.count).toBe(0);
  });

  it('when a contact is unknown or another tenant’s, then 400 on contact_ids', async () => {
    for (const contactIds of [[contactA, randomUUID()], [strangersContact]]) {
      const res = await system.api.post('/api/opportunities/', { name: 'X', contact_ids: contactIds }, { token: admin.access });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ contact_ids: expect.any(String) });
    }
  });

  it('when both the account and a contact are bad, then both are reported', async () => {
    const res = await system.api.post('/api/opportunities/', { name: 'X', account_id: strangersAccount.id, contact_ids: [strangersContact] }, { token: admin.access });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['account_id', 'contact_ids']);
  });

  it('when fields are unknown or malformed, then 400 on each of them', async () => {
    await expectEachRefused(system.api, admin.access, '/api/opportunities/', {}, { name: '', discount: 5, account_id: 'not-an-id', contact_ids: ['not-an-id'], amount: '-1', currency: 'XXXX', stage: 'won', probability: 101, close_date: '2027-02-30', tags: [1] });
  });

  it.each([
    ['probability', -1],
    ['probability', 50.5],
    ['probability', '50'],
    ['amount', '12.345'],
    ['close_date', '31/03/2027'],
    ['contact_ids', randomUUID()],
  ])('when %s is %j, then 400 on it', async (field, value) => {
    const res = await system.api.post('/api/opportunities/', { name: 'X', [field]: value }, { token: admin.access });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ [field]: expect.any(String) });
  });

  it.each([
    [1e20, 'Must be 100 or less.'],
    [-1, 'Must be 0 or more.'],
    [50.5, 'Must be a whole number.'],
    ['50', 'Must be a whole number.'],
  ])('when probability is %j, then 400 in the contract\'s words: %s (issue 35.12)', async (value, message) => {
    const res = await system.api.post('/api/opportunities/', { name: 'X', probability: value }, { token: admin.access });
    expect(res.body).toEqual({ error: true, errors: { probability: message } });
  });
});

describe('changing an opportunity', () => {
  it('when PATCH changes the account and contacts, then the account shown follows', async () => {
    const other = await create(system.api, admin.access, 'accounts', { name: 'Other Co' });
    const opportunity = await create(system.api, admin.access, 'opportunities', { name: 'Moving', account_id: account.id, contact_ids: [contactA] });
    const res = await system.api.patch(`/api/opportunities/${opportunity.id}/`, { account_id: other.id, contact_ids: [contactB] }, { token: admin.access });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...opportunity,
      account: { id: other.id, name: 'Other Co' },
      account_id: other.id,
      contact_ids: [contactB],
      updated_at: expect.stringMatching(TIMESTAMP),
    });
    const cleared = await system.api.patch(`/api/opportunities/${opportunity.id}/`, { account_id: null }, { token: admin.access });
    expect(cleared.body).toMatchObject({ account: null, account_id: null });
  });

  it('when PATCH moves it to another tenant’s account, then 400 and it keeps its account', async () => {
    const opportunity = await create(system.api, admin.access, 'opportunities', { name: 'Stay', account_id: account.id });
    const res = await system.api.patch(`/api/opportunities/${opportunity.id}/`, { account_id: strangersAccount.id }, { token: admin.access });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ account_id: expect.any(String) });
    expect((await read(system.api, admin.access, 'opportunities', opportunity.id)).account_id).toBe(account.id);
  });

  it('when a linked contact is deleted, then it leaves contact_ids as a change of the opportunity, and naming it again is refused', async () => {
    const doomed = await newContact(admin.access, 'Doomed');
    const opportunity = await create(system.api, admin.access, 'opportunities', { name: 'Linked', contact_ids: [contactA, doomed] });
    expect((await system.api.delete(`/api/contacts/${doomed}/`, { token: admin.access })).status).toBe(204);
    // The delete travels as contact.deleted; a client syncing by updated_at sees the opportunity change.
    const changed = await eventually(async () => {
      const now = await read(system.api, admin.access, 'opportunities', opportunity.id);
      return now.contact_ids.includes(doomed) ? undefined : now;
    }, 15_000, 'the opportunity to let go of the deleted contact');
    expect(changed.contact_ids).toEqual([contactA]);
    expect(changed.updated_at > opportunity.updated_at).toBe(true);
    const events = await outboxEvents(system, opportunity.id);
    expect(events.map((event) => event.type)).toEqual(['opportunity.created', 'opportunity.updated']);
    expect(events[1]!.data).toMatchObject({ contact_ids: [contactA], version: events[0]!.data.version + 1 });
    const refused = await system.api.post('/api/opportunities/', { name: 'Again', contact_ids: [doomed] }, { token: admin.access });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ contact_ids: expect.any(String) });
    expect((await system.api.patch(`/api/opportunities/${opportunity.id}/`, { stage: 'proposal' }, { token: admin.access })).status).toBe(200);
  });

  it('when PUT omits fields, then they reset; owner and lead_id stay', async () => {
    const opportunity = await create(system.api, admin.access, 'opportunities', {
      name: 'Full',
      account_id: account.id,
      contact_ids: [contactA],
      amount: '10.00',
      currency: 'GBP',
      stage: 'proposal',
      probability: 20,
      close_date: '2027-01-01',
      tags: ['x'],
      assigned_to_id: seller.profileId,
    });
    const res = await system.api.put(`/api/opportunities/${opportunity.id}/`, { name: 'Reset' }, { token: admin.access });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...opportunity,
      name: 'Reset',
      ...WHAT_A_NAME_ALONE_GIVES,
      updated_at: expect.stringMatching(TIMESTAMP),
    });
    expect(res.body.assigned_to.id).toBe(seller.profileId);
  });

  it('when PATCH or PUT sends lead_id, then 400: it is set by conversion only', async () => {
    const opportunity = await create(system.api, admin.access, 'opportunities', { name: 'Mine' });
    for (const method of ['patch', 'put'] as const) {
      const res = await system.api[method](`/api/opportunities/${opportunity.id}/`, { name: 'Mine', lead_id: randomUUID() }, { token: admin.access });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ lead_id: expect.any(String) });
    }
  });
});

describe('deleting an opportunity', () => {
  it('when it has tasks, then they stay without it, each as a change; 204', async () => {
    const opportunity = await create(system.api, seller.access, 'opportunities', { name: 'Doomed deal' });
    const task = await create(system.api, seller.access, 'tasks', { title: 'Follow up', opportunity_id: opportunity.id, account_id: account.id });
    const res = await system.api.delete(`/api/opportunities/${opportunity.id}/`, { token: seller.access });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await system.api.get(`/api/opportunities/${opportunity.id}/`, { token: seller.access })).status).toBe(404);
    const kept = await read(system.api, seller.access, 'tasks', task.id);
    expect(kept).toEqual({ ...task, opportunity_id: null, updated_at: expect.stringMatching(TIMESTAMP) });
    expect((await outboxEvents(system, task.id)).map((e) => [e.type, e.data.version, e.data.opportunity_id])).toEqual([
      ['task.created', 1, opportunity.id],
      ['task.updated', 2, null],
    ]);
  });
});

