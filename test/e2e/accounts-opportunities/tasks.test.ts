import { randomUUID } from 'node:crypto';
import { createLead } from '../../support/leads';
import type { TestSystem } from '../../support/system';
import { serverDerived, type Member, type TenantAdmin } from '../../support/tenants';
import { createContact } from '../contacts/support';
import { create, read, TIMESTAMP } from './support';
import { startWithTenant } from '../../support/suite';
import { expectEachRefused } from '../../support/api-client';

let system: TestSystem, admin: TenantAdmin, seller: Member, stranger: TenantAdmin, account: any, opportunity: any, lead: any;
let strangers: { account: any; opportunity: any; lead: any; contact: string };
let contact: string;
/** A task given only its title (a POST), or replaced by one (a PUT): open, normal priority, about nothing. */
const WHAT_A_TITLE_ALONE_GIVES = { status: 'open', priority: 'normal', due_date: null, lead_id: null, contact_id: null, account_id: null, opportunity_id: null, tags: [] };

beforeAll(async () => {
  ({ system, admin, seller, stranger } = await startWithTenant({ members: { seller: true }, tenants: { stranger: 'Stranger' } }));
  // The seller's own, each used at once as a client would: the task checks ask their owners while the
  // replicas have not heard of them yet.
  account = await create(system.api, seller.access, 'accounts', { name: 'Engines' });
  opportunity = await create(system.api, seller.access, 'opportunities', { name: 'Deal', account_id: account.id });
  lead = await createLead(system.api, seller.access, { first_name: 'Ada' });
  contact = (await createContact(system.api, seller.access, { first_name: 'Grace' })).id;
  strangers = {
    account: await create(system.api, stranger.access, 'accounts', { name: 'Stranger Co' }),
    opportunity: await create(system.api, stranger.access, 'opportunities', { name: 'Stranger deal' }),
    lead: await createLead(system.api, stranger.access, { first_name: 'Eve' }),
    contact: (await createContact(system.api, stranger.access, { first_name: 'Mallory' })).id,
  };
});
afterAll(() => system.stop());

describe('creating a task', () => {
  it('when the body is complete, then 201 with the full record', async () => {
    const sent = { status: 'in_progress', priority: 'high', due_date: '2027-01-15', lead_id: lead.id, contact_id: contact, account_id: account.id, opportunity_id: opportunity.id, tags: ['call'] };
    const res = await system.api.post('/api/tasks/', { title: ' Call Ada ', ...sent }, { token: seller.access });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ...serverDerived(admin, seller), ...sent, title: 'Call Ada', assigned_to: { id: seller.profileId, email: seller.email } });
  });

  it('when only a title is given, then open, normal priority, about nothing', async () => {
    const task = await create(system.api, admin.access, 'tasks', { title: 'Think' });
    expect(task).toMatchObject(WHAT_A_TITLE_ALONE_GIVES);
  });

  it('when the title is missing, then 400 on title', async () => {
    const res = await system.api.post('/api/tasks/', { priority: 'low' }, { token: admin.access });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: true, errors: { title: 'This field is required.' } });
  });

  it.each([
    ['account_id', () => strangers.account.id],
    ['account_id', () => randomUUID()],
    ['opportunity_id', () => strangers.opportunity.id],
    ['opportunity_id', () => randomUUID()],
    ['lead_id', () => strangers.lead.id],
    ['lead_id', () => randomUUID()],
    ['contact_id', () => strangers.contact],
    ['contact_id', () => randomUUID()],
  ])('when %s names another tenant’s record or none, then 400 on it and nothing is created', async (field, id) => {
    const title = `Refused ${randomUUID()}`;
    const res = await system.api.post('/api/tasks/', { title, [field]: id() }, { token: admin.access });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: true, errors: { [field]: expect.any(String) } });
    expect((await system.api.get(`/api/tasks/?search=${encodeURIComponent(title)}`, { token: admin.access })).body.count).toBe(0);
  });

  it('when a member names records of the tenant they may not open, then 400 on each, as for random ids', async () => {
    const admins = {
      account: await create(system.api, admin.access, 'accounts', { name: 'Admin Co' }),
      lead: await createLead(system.api, admin.access, { first_name: 'Private' }),
      contact: (await createContact(system.api, admin.access, { first_name: 'Private' })).id,
    };
    const opportunityOfAdmin = await create(system.api, admin.access, 'opportunities', { name: 'Admin deal', account_id: admins.account.id });
    const body = { title: 'X', account_id: admins.account.id, opportunity_id: opportunityOfAdmin.id, lead_id: admins.lead.id, contact_id: admins.contact };
    const refused = await system.api.post('/api/tasks/', body, { token: seller.access });
    const random = await system.api.post('/api/tasks/', { title: 'X', account_id: randomUUID(), opportunity_id: randomUUID(), lead_id: randomUUID(), contact_id: randomUUID() }, { token: seller.access });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(random.body);
    expect((await system.api.post('/api/tasks/', body, { token: admin.access })).status).toBe(201);
  });

  it('when every reference is bad, then each is reported', async () => {
    const res = await system.api.post(
      '/api/tasks/',
      { title: 'X', account_id: strangers.account.id, opportunity_id: strangers.opportunity.id, lead_id: strangers.lead.id, contact_id: strangers.contact },
      { token: admin.access },
    );
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['account_id', 'contact_id', 'lead_id', 'opportunity_id']);
  });

  it('when fields are unknown or malformed, then 400 on each of them', async () => {
    await expectEachRefused(system.api, admin.access, '/api/tasks/', { title: 'X' }, { body: 'no', status: 'closed', priority: 'urgent', due_date: 'tomorrow', lead_id: 'x', contact_id: 5, id: randomUUID() });
  });
});

describe('changing and deleting a task', () => {
  it('when PATCH moves it to another tenant’s opportunity, then 400 and it keeps its own', async () => {
    const task = await create(system.api, admin.access, 'tasks', { title: 'Stay', opportunity_id: opportunity.id });
    const res = await system.api.patch(`/api/tasks/${task.id}/`, { opportunity_id: strangers.opportunity.id }, { token: admin.access });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ opportunity_id: expect.any(String) });
    expect((await read(system.api, admin.access, 'tasks', task.id)).opportunity_id).toBe(opportunity.id);
  });

  it('when PATCH marks it done, then only the status changes', async () => {
    const task = await create(system.api, admin.access, 'tasks', { title: 'Finish', lead_id: lead.id, due_date: '2027-01-01' });
    const res = await system.api.patch(`/api/tasks/${task.id}/`, { status: 'done' }, { token: admin.access });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...task, status: 'done', updated_at: expect.stringMatching(TIMESTAMP) });
  });

  it('when PUT omits fields, then they reset; the owner stays', async () => {
    const task = await create(system.api, admin.access, 'tasks', {
      title: 'Everything',
      status: 'done',
      priority: 'low',
      due_date: '2027-02-02',
      lead_id: lead.id,
      contact_id: contact,
      account_id: account.id,
      opportunity_id: opportunity.id,
      tags: ['a'],
      assigned_to_id: seller.profileId,
    });
    const res = await system.api.put(`/api/tasks/${task.id}/`, { title: 'Nothing' }, { token: admin.access });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...task, title: 'Nothing', ...WHAT_A_TITLE_ALONE_GIVES, updated_at: expect.stringMatching(TIMESTAMP) });
  });
});

