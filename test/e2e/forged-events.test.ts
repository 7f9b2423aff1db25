import { randomUUID } from 'node:crypto';
import { topologyNames } from '@crm/platform';
import { deadLettersOf, publishEvent, waitForHandled, waitForProfilesIn } from '../support/events';
import { startWithTenant } from '../support/suite';
import type { TestSystem } from '../support/system';
import { eventually, type Member, type TenantAdmin } from '../support/tenants';

/**
 * Forged events (issue 35.2, docs/security.md §10.2): whoever can publish on the broker must not write into a
 * tenant by an event of a type that is not their service's. Each service publishes as its own broker user, under
 * its user-id; a consumer handles an event only under the user-id of the service owning its type, and dead-letters
 * any other with its reason, unhandled. On RabbitMQ and on the embedded bus alike.
 */
let system: TestSystem, victim: TenantAdmin, seller: Member;
const namespace = process.env.AMQP_NAMESPACE ?? 'crm';
const names = topologyNames(namespace);

beforeAll(async () => {
  ({ system, admin: victim, seller } = await startWithTenant({ members: { seller: true } }));
  await waitForProfilesIn(system, 'accounts-opportunities', [seller.profileId]);
  await waitForProfilesIn(system, 'contacts', [seller.profileId]);
});
afterAll(() => system.stop());

/** A `lead.converted` of a made-up lead into the victim's tenant: what leads would publish converting one. */
function conversion(publishAs?: string | null) {
  const [leadId, accountId, contactId, opportunityId] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const event = {
    source: 'leads',
    type: 'lead.converted',
    tenantId: victim.orgId,
    subject: leadId,
    data: {
      lead_id: leadId,
      owner_id: seller.profileId,
      converted_by: victim.profileId,
      account: { id: accountId, name: 'Forged Ltd' },
      contact: { id: contactId, first_name: 'Mallory', last_name: 'Forger', email: null, phone: null, title: null },
      opportunity: { id: opportunityId, name: 'Forged deal', amount: '1.00', currency: 'GBP' },
      lead: { id: leadId, status: 'converted', version: 2, assigned_to: { id: seller.profileId, email: seller.email } },
    },
    publishAs,
  };
  return { event, accountId, contactId, opportunityId };
}


/** Deliveries of lead.converted a service's consumer refused, as its /metrics counts them. */
async function refused(service: string): Promise<number> {
  const text = await (await fetch(`${system.services[service]!.url}/metrics`)).text();
  const line = text.split('\n').find((candidate) => candidate.startsWith('crm_consumer_events_total{') && candidate.includes('type="lead.converted"') && candidate.includes('outcome="refused"'));
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
}

async function inboxHolds(service: string, eventId: string): Promise<boolean> {
  return (await system.services[service]!.dataSource.query('SELECT 1 FROM inbox WHERE message_id = $1', [eventId])).length > 0;
}

describe('an event not published by the service owning its type', () => {
  it.each([
    ['as the broker guest, under its user-id', 'guest'],
    ['by nobody in particular, without a user-id', null],
  ])('a lead.converted published %s is dead-lettered by every consumer with the reason, counted, and writes nothing in the tenant', async (_, publishAs) => {
    const before = { accounts: await refused('accounts-opportunities'), contacts: await refused('contacts') };
    const forged = conversion(publishAs);
    const eventId = await publishEvent(forged.event);

    // Contacts, accounts-opportunities and audit each dead-letter it, saying why.
    const deadLetters = await deadLettersOf(eventId, 3);
    expect(deadLetters.map((message) => message.properties.headers!['crm-dead-letter-queue']).sort()).toEqual(
      ['accounts-opportunities', 'audit', 'contacts'].map(names.queue),
    );
    for (const message of deadLetters) {
      expect(message.properties.headers).toMatchObject({
        'crm-dead-letter-reason': 'untrusted_publisher',
        'crm-dead-letter-detail': `lead.converted is published by crm-leads, this one ${publishAs === null ? 'without a user-id' : `by ${publishAs}`}`,
      });
    }
    await eventually(async () => ((await refused('accounts-opportunities')) > before.accounts && (await refused('contacts')) > before.contacts ? true : undefined), 10_000, 'the refusals counted');

    // Never handled: no inbox row, nothing in the tenant.
    for (const service of ['accounts-opportunities', 'contacts', 'audit']) expect(await inboxHolds(service, eventId)).toBe(false);
    expect((await system.api.get(`/api/accounts/${forged.accountId}/`, { token: victim.access })).status).toBe(404);
    expect((await system.api.get(`/api/opportunities/${forged.opportunityId}/`, { token: victim.access })).status).toBe(404);
    expect((await system.api.get(`/api/contacts/${forged.contactId}/`, { token: victim.access })).status).toBe(404);
  });

  it('while the same lead.converted published as leads is handled (the check refuses the forgery only)', async () => {
    const genuine = conversion();
    const eventId = await publishEvent(genuine.event);
    await waitForHandled(system, 'accounts-opportunities', eventId);
    await waitForHandled(system, 'contacts', eventId);
    expect((await system.api.get(`/api/accounts/${genuine.accountId}/`, { token: victim.access })).status).toBe(200);
  });
});

describe("a service's broker connection", () => {
  /** Publishes on the contacts service's own connection; answers the broker's refusal (the channel closed with it), if any. */
  async function publishAsContacts(routingKey: string, userId: string): Promise<Error | undefined> {
    const channel = await system.services.contacts!.broker.createConfirmChannel();
    const closed = new Promise<Error | undefined>((resolve) => {
      channel.on('error', (error: Error) => resolve(error));
      channel.on('close', () => resolve(undefined));
    });
    const body = Buffer.from(JSON.stringify(conversion().event));
    channel.publish(names.exchange, routingKey, body, { messageId: randomUUID(), userId, persistent: true });
    const confirmed = await channel.waitForConfirms().then(
      () => true,
      () => false,
    );
    if (confirmed) {
      await channel.close();
      return undefined;
    }
    return closed;
  }

  it('cannot publish under another user-id, even its own routing keys (RabbitMQ, and the embedded bus as it, refuse it)', async () => {
    expect(await publishAsContacts('contact.updated', 'crm-leads')).toMatchObject({ code: 406, message: expect.stringContaining('PRECONDITION_FAILED') });
  });

  it("cannot publish another service's routing key, even under its own user-id (topic permissions)", async () => {
    const refusal = await publishAsContacts('lead.converted', 'crm-contacts');
    expect(refusal).toMatchObject({ code: 403, message: expect.stringContaining('ACCESS_REFUSED') });
  });
});
