import { randomUUID } from 'node:crypto';
import { contactsService } from '@crm/contacts';
import type { CrmEvent } from '@crm/platform';
import { eventAbout, newTenant, startComponent, type EventInput, type Member, type ServiceComponent, type ScopesFor } from '@crm/testing';

/** What the gateway forwards of a user's token for these routes (each service checks the route's scope again). */
const CONTACTS_SCOPES: ScopesFor = () => ['contacts:read', 'contacts:write'];

/**
 * The contacts service alone, fed what leads publishes: a conversion's `lead.converted` makes the
 * contact (by the id leads handed out, linked to the lead), and `lead.merged` / `lead.deleted` move or
 * remove the links. Each change to a contact is announced by its own event.
 */
let contacts: ServiceComponent;
beforeAll(async () => (contacts = await startComponent(contactsService)));
afterAll(() => contacts?.stop());

const aSeller = (): Member => newTenant(CONTACTS_SCOPES).member();

/** `lead.converted` as leads publishes it (docs: api-contract §4; the pacts' expectations), `seller` converting their own lead. */
function leadConverted(seller: Member) {
  const ids = { lead: randomUUID(), contact: randomUUID(), account: randomUUID() };
  const owner = { id: seller.profileId, email: seller.email };
  const event: EventInput = {
    source: 'leads',
    type: 'lead.converted',
    tenantId: seller.tenantId,
    subject: ids.lead,
    actor: seller.actor,
    data: {
      lead_id: ids.lead,
      owner_id: seller.profileId,
      converted_by: seller.profileId,
      account: { id: ids.account, name: 'Analytical Engines' },
      contact: { id: ids.contact, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: null, title: 'CTO' },
      opportunity: null,
      lead: { id: ids.lead, first_name: 'Ada', last_name: 'Lovelace', status: 'converted', assigned_to: owner, version: 3 },
    },
  };
  return { ids, event };
}

/** A lead the seller converted: its contact exists, linked to it. */
async function convertedLead(seller: Member) {
  const conversion = leadConverted(seller);
  await contacts.deliver(conversion.event);
  return conversion.ids;
}

/** A `lead.<change>` of the seller's lead, as leads publishes it. */
const leadEvent = (seller: Member, type: 'lead.merged' | 'lead.deleted', subject: string, data: Record<string, unknown>): EventInput => ({
  source: 'leads',
  type,
  tenantId: seller.tenantId,
  subject,
  actor: seller.actor,
  data,
});

const readContact = (as: Member, id: string) => contacts.call('GET', `/api/contacts/${id}/`, { as: as.caller });

/** The contact's events in its own outbox: what it wrote, whether or not the relay has sent it yet. */
const outboxTypes = async (contactId: string): Promise<string[]> =>
  (await contacts.sql<{ type: string }>(`SELECT type FROM outbox WHERE subject = $1 ORDER BY seq`, [contactId])).map((row) => row.type);

describe('lead conversion', () => {
  it('when lead.converted is handled, then the contact exists by the id leads gave it, linked to the lead, at the new account, and contact.created is published', async () => {
    const seller = aSeller();
    const ids = await convertedLead(seller);
    const res = await readContact(seller, ids.contact);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: ids.contact,
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      title: 'CTO',
      account: { id: ids.account, name: 'Analytical Engines' },
      owner: { id: seller.profileId, email: seller.email },
      created_by: seller.profileId,
      lead_ids: [ids.lead],
    });
    const [created] = await contacts.published(eventAbout('contact.created', ids.contact));
    expect(created).toMatchObject({ tenantid: seller.tenantId, actor: seller.actor, data: { id: ids.contact, lead_ids: [ids.lead], version: 1 } });
  });

  it('when the same lead.converted is delivered again, then no second contact is made and nothing is published twice', async () => {
    const seller = aSeller();
    const conversion = leadConverted(seller);
    const delivered: CrmEvent = await contacts.deliver(conversion.event);
    const before = (await readContact(seller, conversion.ids.contact)).body;

    await contacts.redeliver(delivered);
    const list = await contacts.call('GET', '/api/contacts/', { as: seller.caller });
    expect(list.body.count).toBe(1);
    expect((await readContact(seller, conversion.ids.contact)).body).toEqual(before);
    expect(await outboxTypes(conversion.ids.contact)).toEqual(['contact.created']);
  });
});

describe('links to leads that change', () => {
  it('when lead.merged is handled, then links to the merged-away lead move to the keeper and contact.updated is published', async () => {
    const seller = aSeller();
    const merged = await convertedLead(seller);
    const keeperId = randomUUID();
    await contacts.deliver(
      leadEvent(seller, 'lead.merged', keeperId, {
        keeper_id: keeperId,
        merged_id: merged.lead,
        fields_from_keeper: ['email'],
        fields_from_merged: [],
        merged_assigned_to: [seller.profileId],
        keeper_version: 4,
      }),
    );
    expect((await readContact(seller, merged.contact)).body.lead_ids).toEqual([keeperId]);
    const [updated] = await contacts.published(eventAbout('contact.updated', merged.contact));
    expect(updated!.data).toMatchObject({ lead_ids: [keeperId], version: 2 });
  });

  it('when lead.deleted is handled, then the contact stays but is no longer linked to the lead, and contact.updated is published', async () => {
    const seller = aSeller();
    const deleted = await convertedLead(seller);
    await contacts.deliver(leadEvent(seller, 'lead.deleted', deleted.lead, { id: deleted.lead, assigned_to: [seller.profileId], version: 4, merged_into: null }));
    const res = await readContact(seller, deleted.contact);
    expect(res.status).toBe(200);
    expect(res.body.lead_ids).toEqual([]);
    const [updated] = await contacts.published(eventAbout('contact.updated', deleted.contact));
    expect(updated!.data).toMatchObject({ lead_ids: [], version: 2 });
  });

  it('when lead.deleted names the keeper it was merged into, then the links move there even before lead.merged arrives', async () => {
    const seller = aSeller();
    const merged = await convertedLead(seller);
    const keeperId = randomUUID();
    await contacts.deliver(leadEvent(seller, 'lead.deleted', merged.lead, { id: merged.lead, assigned_to: [seller.profileId], version: 4, merged_into: keeperId }));
    expect((await readContact(seller, merged.contact)).body.lead_ids).toEqual([keeperId]);
  });
});
