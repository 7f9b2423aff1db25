import type { EntityManager, IntegrationEventHandler } from '@crm/platform';
import { insertRecord, publishRecords, rememberProfileAhead, VERSION_AHEAD } from '@crm/records';
import { z } from 'zod';
import { upsertAccountReplica } from '../accounts/account-replica';
import { linkContactToLead } from '../contact-leads/contact-leads.repository';
import { contactKind } from '../contacts/contact-kind';
import { CONTACTS } from '../contacts/contacts.repository';

const id = z.uuid();
const text = z.string().nullable();

/** What this service reads of `lead.converted` (leads declares the whole event; the message pacts hold the two together). */
const leadConverted = z.object({
  lead_id: id,
  owner_id: id,
  converted_by: id,
  account: z.object({ id, name: z.string().min(1) }),
  contact: z.object({ id, first_name: text, last_name: text, email: text, phone: text, title: text }),
  /** The converted lead as the API shows it: its `assigned_to {id, email}` is the new records' owner. */
  lead: z.object({ assigned_to: z.object({ id, email: text }).nullish().catch(undefined) }),
});

type LeadConverted = z.infer<typeof leadConverted>;

/**
 * `lead.converted` (api-contract §4): the contact, by the id leads allocated, linked to the lead and to the
 * new account. The account is put in the replica from the event (`VERSION_AHEAD`, so accounts-opportunities'
 * own `account.created` still applies), as it may arrive before that event does; so is the owner's
 * e-mail, from the converted lead's `assigned_to`, for the contact's view. A redelivered message is
 * skipped by the inbox before it gets here. Its `contact.created` tells leads the contact is made.
 */
export const onLeadConverted: IntegrationEventHandler<unknown> = async (event, manager) => {
  const data = leadConverted.parse(event.data);
  const account = await upsertAccountReplica(manager, {
    id: data.account.id,
    tenantId: event.tenantid,
    name: data.account.name,
    version: VERSION_AHEAD,
    createdBy: data.converted_by,
    ownerId: data.owner_id,
  });
  await rememberConversionOwner(manager, event.tenantid, data);
  const contact = await insertRecord(
    manager,
    CONTACTS,
    { id: data.contact.id, tenantId: event.tenantid, createdBy: data.converted_by, now: new Date(event.time) },
    {
      first_name: data.contact.first_name,
      last_name: data.contact.last_name,
      email: data.contact.email,
      phone: data.contact.phone,
      title: data.contact.title,
      account_id: account.held ? data.account.id : null,
      linkedin_url: null,
      tags: [],
      owner_id: data.owner_id,
      custom_fields: {},
    },
  );
  await linkContactToLead(manager, event.tenantid, contact.id, data.lead_id);
  await publishRecords(manager, contactKind, 'created', event.actor, [contact]);
};

/** The converted lead's owner, as the event shows it, until auth's own events bring the profile (`rememberProfileAhead`). */
async function rememberConversionOwner(manager: EntityManager, tenantId: string, data: LeadConverted): Promise<void> {
  const owner = data.lead.assigned_to;
  if (owner?.id === data.owner_id) await rememberProfileAhead(manager, tenantId, owner);
}
