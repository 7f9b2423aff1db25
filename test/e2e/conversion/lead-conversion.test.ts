import { createLead } from '../../support/leads';
import type { TestSystem } from '../../support/system';
import { eventually, registerTenant, type Member, type TenantAdmin } from '../../support/tenants';
import { startWithTenant } from '../../support/suite';

let system: TestSystem, admin: TenantAdmin, seller: Member;

beforeAll(async () => ({ system, admin, seller } = await startWithTenant({ members: { seller: true } })));
afterAll(() => system.stop());

const LEAD = {
  title: 'CTO',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@engines.test',
  phone: '555-0101',
  company_name: 'Analytical Engines',
  opportunity_amount: '1250.00',
  currency: 'GBP',
};

const convert = (id: string, body: Record<string, unknown>, token = admin.access) =>
  system.api.put(`/api/leads/${id}/`, { ...body, status: 'converted' }, { token });

describe('converting a lead', () => {
  it('when a lead with an amount is converted, then account, contact and opportunity are readable as the answer arrives', async () => {
    const lead = await createLead(system.api, seller.access, LEAD);
    const res = await convert(lead.id, LEAD, seller.access);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: lead.id,
      status: 'converted',
      first_name: 'Ada',
      account_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      contact_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      opportunity_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      conversion_status: 'completed',
    });
    const { account_id, contact_id, opportunity_id } = res.body;

    const account = await system.api.get(`/api/accounts/${account_id}/`, { token: seller.access });
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({ id: account_id, name: 'Analytical Engines', assigned_to: { id: seller.profileId, email: seller.email } });

    const contact = await system.api.get(`/api/contacts/${contact_id}/`, { token: seller.access });
    expect(contact.status).toBe(200);
    expect(contact.body).toMatchObject({
      id: contact_id,
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@engines.test',
      phone: '555-0101',
      title: 'CTO',
      account: { id: account_id, name: 'Analytical Engines' },
      lead_ids: [lead.id],
      owner: { id: seller.profileId, email: seller.email },
    });

    const opportunity = await system.api.get(`/api/opportunities/${opportunity_id}/`, { token: seller.access });
    expect(opportunity.status).toBe(200);
    expect(opportunity.body).toMatchObject({
      id: opportunity_id,
      amount: '1250.00',
      currency: 'GBP',
      account: { id: account_id, name: 'Analytical Engines' },
      lead_id: lead.id,
      contact_ids: [contact_id],
    });
  });

  it('when the lead has no amount, then no opportunity; a person without a company names the account', async () => {
    const lead = await createLead(system.api, admin.access, { first_name: 'Grace', last_name: 'Hopper' });
    const res = await convert(lead.id, { first_name: 'Grace', last_name: 'Hopper' });
    expect(res.status).toBe(200);
    expect(res.body.opportunity_id).toBeNull();
    expect(res.body.conversion_status).toBe('completed');
    const account = await system.api.get(`/api/accounts/${res.body.account_id}/`, { token: admin.access });
    expect(account.body.name).toBe('Grace Hopper');
  });

  it('when the lead has no person name, then 400 and it stays open', async () => {
    const lead = await createLead(system.api, admin.access, { company_name: 'Nameless Ltd' });
    const res = await convert(lead.id, { company_name: 'Nameless Ltd' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('first_name');
    expect((await system.api.get(`/api/leads/${lead.id}/`, { token: admin.access })).body.status).toBe('new');
  });

  it('when a converted lead is converted again or its status changes, then 422 and nothing changes', async () => {
    const lead = await createLead(system.api, admin.access, { first_name: 'Once' });
    expect((await convert(lead.id, { first_name: 'Once' })).status).toBe(200);
    const again = await convert(lead.id, { first_name: 'Once' });
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ detail: expect.any(String) });
    expect((await system.api.patch(`/api/leads/${lead.id}/`, { status: 'qualified' }, { token: admin.access })).status).toBe(422);
    expect((await system.api.put(`/api/leads/${lead.id}/`, { first_name: 'Once', status: 'new' }, { token: admin.access })).status).toBe(422);
    const edited = await system.api.patch(`/api/leads/${lead.id}/`, { title: 'Still editable' }, { token: admin.access });
    expect(edited.status).toBe(200);
    expect(edited.body.status).toBe('converted');
    const accounts = await system.api.get('/api/accounts/?search=Once', { token: admin.access });
    expect(accounts.body.count).toBe(1);
  });

  it('when a member converts a lead they cannot open, then 404', async () => {
    const lead = await createLead(system.api, admin.access, { first_name: 'Hidden' });
    expect((await convert(lead.id, { first_name: 'Hidden' }, seller.access)).status).toBe(404);
  });

  it('when the lead is converted, then lead.converted is in the audit log with the allocated ids', async () => {
    const lead = await createLead(system.api, admin.access, { first_name: 'Audited', opportunity_amount: '10.00' });
    const res = await convert(lead.id, { first_name: 'Audited', opportunity_amount: '10.00' });
    const entry = await eventually(
      async () => {
        const log = await system.api.get(`/api/audit-logs/?record_id=${lead.id}&type=lead.converted`, { token: admin.access });
        return log.body.count === 1 ? log.body.results[0] : undefined;
      },
      15_000,
      'lead.converted in the audit log',
    );
    expect(entry.data).toMatchObject({
      lead_id: lead.id,
      account: { id: res.body.account_id },
      contact: { id: res.body.contact_id },
      opportunity: { id: res.body.opportunity_id, amount: '10.00' },
    });
  });

  it('when 50 conversions of one lead race, then one converts and the others get 422; one set of records', async () => {
    const tenant = await registerTenant(system.api, 'Racing');
    const lead = await createLead(system.api, tenant.access, { first_name: 'Contended', company_name: 'Race Co', opportunity_amount: '99.00' });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => convert(lead.id, { first_name: 'Contended', company_name: 'Race Co', opportunity_amount: '99.00' }, tenant.access)),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(49);
    const winner = answers.find((a) => a.status === 200)!.body;
    const counts = async () => ({
      accounts: (await system.api.get('/api/accounts/', { token: tenant.access })).body.count,
      contacts: (await system.api.get('/api/contacts/', { token: tenant.access })).body.count,
      opportunities: (await system.api.get('/api/opportunities/', { token: tenant.access })).body.count,
    });
    expect(await counts()).toEqual({ accounts: 1, contacts: 1, opportunities: 1 });
    expect((await system.api.get(`/api/accounts/${winner.account_id}/`, { token: tenant.access })).status).toBe(200);
  });
});
