import { randomUUID } from 'node:crypto';
import { topologyNames } from '@crm/platform';
import { deadLettersOf, publishEvent, waitForHandled, waitForProfilesIn } from '../support/events';
import { startWithTenant } from '../support/suite';
import type { TestSystem } from '../support/system';
import type { Member, TenantAdmin } from '../support/tenants';

/**
 * An event its consumers fail on, every time (issue 36.2, docs/operations.md §9): each consumer returns it with
 * basic.reject, which RabbitMQ counts in `x-delivery-count` (3.10, 4.0 and, since 4.3, only a reject), and
 * dead-letters it once it was returned more than EVENT_DELIVERY_LIMIT (5) times; the events behind it keep flowing. With a
 * basic.nack, RabbitMQ 4.3 (and the embedded bus, which counts as it does) would return it for ever.
 */
let system: TestSystem, admin: TenantAdmin, seller: Member;
const namespace = process.env.AMQP_NAMESPACE ?? 'crm';
const names = topologyNames(namespace);

beforeAll(async () => {
  ({ system, admin, seller } = await startWithTenant({ members: { seller: true } }));
  await waitForProfilesIn(system, 'accounts-opportunities', [seller.profileId]);
  await waitForProfilesIn(system, 'contacts', [seller.profileId]);
});
afterAll(() => system.stop());

/** A `lead.converted` as leads publishes it; `broken`: without the account and contact its consumers need. */
function conversion(broken: boolean) {
  const [leadId, accountId, contactId] = [randomUUID(), randomUUID(), randomUUID()];
  const data = {
    lead_id: leadId,
    owner_id: seller.profileId,
    converted_by: admin.profileId,
    ...(broken ? {} : { account: { id: accountId, name: 'Returned Ltd' } }),
    contact: broken ? null : { id: contactId, first_name: 'Rita', last_name: 'Return', email: null, phone: null, title: null },
    opportunity: null,
    lead: { id: leadId, status: 'converted', version: 2, assigned_to: { id: seller.profileId, email: seller.email } },
  };
  return { event: { source: 'leads', type: 'lead.converted', tenantId: admin.orgId, subject: leadId, data }, accountId, contactId };
}


describe('an event its consumers fail on every time', () => {
  it('is tried 6 times by each (EVENT_DELIVERY_LIMIT 5, + 1), then dead-lettered with delivery_limit, while a good event behind it is handled', async () => {
    const broken = conversion(true);
    const brokenId = await publishEvent(broken.event);
    const good = conversion(false);
    const goodId = await publishEvent(good.event);

    const deadLetters = await deadLettersOf(brokenId, 2);
    expect(deadLetters.map((message) => message.properties.headers!['crm-dead-letter-queue']).sort()).toEqual(['accounts-opportunities', 'contacts'].map(names.queue));
    for (const message of deadLetters) {
      // Each failure a reject: counted 6 returns at the 7th delivery, past the limit of 5, which dead-letters it unhandled.
      expect(message.properties.headers).toMatchObject({ 'crm-dead-letter-reason': 'delivery_limit', 'crm-returns': 6, 'crm-published-by': 'crm-leads' });
      expect(message.fields.routingKey).toBe('lead.converted');
    }
    for (const service of ['accounts-opportunities', 'contacts']) {
      expect(await system.services[service]!.dataSource.query('SELECT 1 FROM inbox WHERE message_id = $1', [brokenId])).toEqual([]);
    }

    await waitForHandled(system, 'contacts', goodId);
    await waitForHandled(system, 'accounts-opportunities', goodId);
    expect((await system.api.get(`/api/contacts/${good.contactId}/`, { token: admin.access })).status).toBe(200);
  });
});
