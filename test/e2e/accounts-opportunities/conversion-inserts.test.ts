import { randomUUID } from 'node:crypto';
import { insertOpportunity } from '@crm/accounts-opportunities';
import type { TestSystem } from '../../support/system';
import { eventually, type Member, type TenantAdmin } from '../../support/tenants';
import { outboxEvents, read, serviceDb } from './support';
import { publishEvent, waitForHandled, waitForProfilesIn } from '../../support/events';
import { startWithTenant } from '../../support/suite';

/**
 * What lead conversion creates in the service (api-contract §4): by the ids the leads service allocated,
 * once each. A redelivered `lead.converted` is skipped by the consumer's inbox, the one way an event is
 * skipped (the handler does not guess from what exists); what it creates is an ordinary record through
 * the gateway.
 */
let system: TestSystem, admin: TenantAdmin, seller: Member;

beforeAll(async () => {
  ({ system, admin, seller } = await startWithTenant({ members: { seller: true } }));
  // The records below are the conversion's consumer at work, not a write through the API: nothing has made
  // the profiles replica vouch for the seller yet, and the views show the owner's e-mail from it.
  await waitForProfilesIn(system, 'accounts-opportunities', [seller.profileId]);
});
afterAll(() => system.stop());

/** Deliveries of `type` the service's consumer settled as already handled, as its /metrics counts them. */
async function skipped(type: string): Promise<number> {
  const text = await (await fetch(`${system.services['accounts-opportunities']!.url}/metrics`)).text();
  const line = text.split('\n').find((candidate) => candidate.startsWith('crm_consumer_events_total{') && candidate.includes(`type="${type}"`) && candidate.includes('outcome="skipped"'));
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('records of a lead conversion', () => {
  it('when the same lead.converted is delivered twice, then the account and the opportunity exist once, as first written, each announced once', async () => {
    const [eventId, leadId, accountId, contactId, opportunityId] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const converted = (name: string) => ({
      id: eventId,
      source: 'leads',
      type: 'lead.converted',
      tenantId: admin.orgId,
      subject: leadId,
      data: {
        lead_id: leadId,
        owner_id: seller.profileId,
        converted_by: admin.profileId,
        account: { id: accountId, name },
        contact: { id: contactId, first_name: 'Ada', last_name: 'Lovelace', email: null, phone: null, title: null },
        opportunity: { id: opportunityId, name, amount: '1250.00', currency: 'GBP' },
        lead: { id: leadId, status: 'converted', version: 2, assigned_to: { id: seller.profileId, email: seller.email } },
      },
    });
    await publishEvent(converted('Analytical Engines'));
    await waitForHandled(system, 'accounts-opportunities', eventId);
    const skippedBefore = await skipped('lead.converted');
    await publishEvent(converted('Renamed on redelivery'));
    await eventually(async () => ((await skipped('lead.converted')) > skippedBefore ? true : undefined), 15_000, 'the redelivery skipped');

    const account = await read(system.api, seller.access, 'accounts', accountId);
    expect(account).toMatchObject({
      name: 'Analytical Engines',
      industry: null,
      tags: [],
      custom_fields: {},
      assigned_to: { id: seller.profileId, email: seller.email },
      created_by: admin.profileId,
    });
    const opportunity = await read(system.api, seller.access, 'opportunities', opportunityId);
    expect(opportunity).toMatchObject({
      name: 'Analytical Engines',
      account: { id: accountId, name: 'Analytical Engines' },
      contact_ids: [contactId],
      lead_id: leadId,
      amount: '1250.00',
      currency: 'GBP',
      stage: 'prospecting',
      probability: null,
      close_date: null,
    });
    const [counts] = await serviceDb(system).query(
      `SELECT (SELECT count(*)::int FROM accounts WHERE id = $1) AS accounts, (SELECT count(*)::int FROM opportunities WHERE id = $2) AS opportunities`,
      [accountId, opportunityId],
    );
    expect(counts).toEqual({ accounts: 1, opportunities: 1 });
    expect((await outboxEvents(system, accountId)).map((event) => event.type)).toEqual(['account.created']);
    expect((await outboxEvents(system, opportunityId)).map((event) => event.type)).toEqual(['opportunity.created']);
  });

  it('when a PUT replaces a converted opportunity, then its lead_id stays', async () => {
    const id = randomUUID();
    const leadId = randomUUID();
    await insertOpportunity(serviceDb(system).manager, {
      id,
      tenantId: admin.orgId,
      createdBy: admin.profileId,
      now: new Date(),
      name: 'Converted',
      assigned_to: admin.profileId,
      lead_id: leadId,
    });
    const res = await system.api.put(`/api/opportunities/${id}/`, { name: 'Renamed' }, { token: admin.access });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Renamed', lead_id: leadId });
  });
});
