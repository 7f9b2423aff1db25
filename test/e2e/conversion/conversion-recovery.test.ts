import type { ApiClient } from '../../support/api-client';
import { startProcessSystemWithTenant, type ProcessSystem } from '../../support/process-system';
import { eventually, type TenantAdmin } from '../../support/tenants';

/**
 * The conversion guarantees of api-contract §4 with every service in its own process, as in production:
 * a conversion started while accounts-opportunities is down completes when it is back, and a consumer
 * killed between its commit and its ack creates nothing twice when the message comes again.
 */
let system: ProcessSystem, api: ApiClient, admin: TenantAdmin;

async function countAccounts(): Promise<number> {
  const { rows } = await system.db.query(`SELECT count(*)::int AS n FROM accounts_opportunities.accounts WHERE tenant_id = $1`, [admin.orgId]);
  return rows[0].n;
}

  // A short bounded wait, so a conversion with a service down answers `pending` quickly.
beforeAll(async () => ({ system, api, admin } = await startProcessSystemWithTenant({ CONVERSION_WAIT_MS: '1500', LOG_LEVEL: 'info' })), 120_000);
afterAll(() => system?.close(), 60_000);

async function newLead(firstName: string): Promise<string> {
  const res = await api.post(
    '/api/leads/',
    { first_name: firstName, company_name: `${firstName} Inc`, opportunity_amount: '500.00' },
    { token: admin.access },
  );
  expect(res.status).toBe(201);
  return res.body.id;
}

const convert = (id: string, firstName: string) =>
  api.put(`/api/leads/${id}/`, { first_name: firstName, company_name: `${firstName} Inc`, opportunity_amount: '500.00', status: 'converted' }, { token: admin.access });

describe('conversion across service failures', () => {
  it('when accounts-opportunities is down, then the conversion answers pending and completes once it is back', async () => {
    await system.stop('accounts-opportunities');
    const id = await newLead('Patient');
    const res = await convert(id, 'Patient');
    expect(res.status).toBe(200);
    expect(res.body.conversion_status).toBe('pending');
    // The contact does not depend on accounts-opportunities.
    await eventually(async () => ((await api.get(`/api/contacts/${res.body.contact_id}/`, { token: admin.access })).status === 200 ? true : undefined));

    await system.start('accounts-opportunities');
    const account = await eventually(
      async () => {
        const found = await api.get(`/api/accounts/${res.body.account_id}/`, { token: admin.access });
        return found.status === 200 ? found.body : undefined;
      },
      20_000,
      'the account after the restart',
    );
    expect(account.name).toBe('Patient Inc');
    expect((await api.get(`/api/opportunities/${res.body.opportunity_id}/`, { token: admin.access })).status).toBe(200);
  }, 60_000);

  it('when the consumer dies after its commit and before its ack, then the redelivery creates nothing twice', async () => {
    await system.stop('accounts-opportunities');
    await system.start('accounts-opportunities', { FAULT_KILL_AFTER_HANDLING: 'lead.converted' });
    const before = await countAccounts();
    const id = await newLead('Crashy');
    const res = await convert(id, 'Crashy');
    expect(res.status).toBe(200);
    // The process kills itself right after committing the account and the opportunity.
    expect(await system.running['accounts-opportunities']!.exited).toBe(-1);
    expect(await countAccounts()).toBe(before + 1);

    await system.start('accounts-opportunities', { LOG_LEVEL: 'debug' });
    // The unacknowledged message comes back; the inbox knows it, so it is skipped.
    const restarted = system.running['accounts-opportunities']!;
    await eventually(
      async () => (restarted.lines.some((line) => line.msg === 'already handled, skipped' && line.type === 'lead.converted') ? true : undefined),
      20_000,
      'the redelivered lead.converted to be skipped',
    );
    expect(await countAccounts()).toBe(before + 1);
    const { rows } = await system.db.query(`SELECT count(*)::int AS n FROM accounts_opportunities.opportunities WHERE lead_id = $1`, [id]);
    expect(rows[0].n).toBe(1);
    expect((await api.get(`/api/accounts/${res.body.account_id}/`, { token: admin.access })).status).toBe(200);
  }, 60_000);

  it('when 50 conversions of one lead race across the processes, then one converts and one set of records exists', async () => {
    const id = await newLead('Contended');
    const answers = await Promise.all(Array.from({ length: 50 }, () => convert(id, 'Contended')));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 422)).toHaveLength(49);
    const winner = answers.find((answer) => answer.status === 200)!.body;
    await eventually(async () => ((await api.get(`/api/accounts/${winner.account_id}/`, { token: admin.access })).status === 200 ? true : undefined));
    const { rows } = await system.db.query(
      `SELECT (SELECT count(*)::int FROM accounts_opportunities.opportunities WHERE lead_id = $1) AS opportunities,
              (SELECT count(*)::int FROM contacts.contact_leads WHERE lead_id = $1) AS contacts`,
      [id],
    );
    expect(rows[0]).toEqual({ opportunities: 1, contacts: 1 });
  }, 60_000);
});
