import { randomUUID } from 'node:crypto';
import { insertAccountIfAbsent, insertOpportunityIfAbsent } from '@crm/accounts-opportunities';
import type { TestSystem } from '../../support/system';
import type { Member, TenantAdmin } from '../../support/tenants';
import { read, serviceDb } from './support';
import { waitForProfilesIn } from '../../support/events';
import { startWithTenant } from '../../support/suite';

/**
 * The inserts lead conversion runs in the service (api-contract §4): by the ids the leads service allocated,
 * once each, so a redelivered `lead.converted` creates nothing twice; what they create is an ordinary
 * record through the gateway.
 */
let system: TestSystem, admin: TenantAdmin, seller: Member;

beforeAll(async () => {
  ({ system, admin, seller } = await startWithTenant({ members: { seller: true } }));
  // The inserts below are the conversion's consumer at work, not a write through the API: nothing has made
  // the profiles replica vouch for the seller yet, and the views show the owner's e-mail from it.
  await waitForProfilesIn(system, 'accounts-opportunities', [seller.profileId]);
});
afterAll(() => system.stop());

describe('inserts for lead conversion', () => {
  it('when the account and the opportunity are inserted twice by the same ids, then each exists once, as first written', async () => {
    const accountId = randomUUID();
    const opportunityId = randomUUID();
    const leadId = randomUUID();
    const contactId = randomUUID();
    const now = new Date();
    const insertBoth = (name: string) =>
      serviceDb(system).transaction(async (manager) => ({
        account: await insertAccountIfAbsent(manager, {
          id: accountId,
          tenantId: admin.orgId,
          createdBy: admin.profileId,
          now,
          name,
          assigned_to: seller.profileId,
        }),
        opportunity: await insertOpportunityIfAbsent(manager, {
          id: opportunityId,
          tenantId: admin.orgId,
          createdBy: admin.profileId,
          now,
          name,
          assigned_to: seller.profileId,
          account_id: accountId,
          contact_ids: [contactId],
          lead_id: leadId,
          amount: '1250.00',
          currency: 'GBP',
        }),
      }));

    const first = await insertBoth('Analytical Engines');
    expect(first.account).toMatchObject({ inserted: true, record: { id: accountId, version: 1 } });
    expect(first.opportunity).toMatchObject({ inserted: true, record: { id: opportunityId, version: 1 } });
    const again = await insertBoth('Renamed on redelivery');
    expect(again).toEqual({ account: { inserted: false }, opportunity: { inserted: false } });

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
  });

  it('when a PUT replaces a converted opportunity, then its lead_id stays', async () => {
    const id = randomUUID();
    const leadId = randomUUID();
    await insertOpportunityIfAbsent(serviceDb(system).manager, {
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
