import { type CrmEvent, type EntityManager } from '@crm/platform';
import { findRecord, insertRecord, leadConvertedData, publishRecords, rememberConversionOwner } from '@crm/records';
import { upsertAccountReplica } from '../accounts/account-replica';
import { linkContactToLead } from '../contact-leads/contact-leads.repository';
import { contactKind } from '../contacts/contact-kind';
import { CONTACTS } from '../contacts/contacts.repository';

/**
 * `lead.converted` (api-contract §4): the contact, by the id leads allocated, linked to the lead and to the
 * new account. The account is put in the replica from the event (version 0, so accounts-opportunities'
 * own `account.created` still applies), as it may arrive before that event does; so is the owner's
 * e-mail, from the converted lead's `assigned_to`, for the contact's view. A contact that exists
 * already means a redelivery: nothing happens twice.
 */
export async function createConvertedContact(event: CrmEvent, manager: EntityManager): Promise<void> {
  const data = leadConvertedData.parse(event.data);
  if (await findRecord(manager, CONTACTS, event.tenantid, data.contact.id)) return;
  const account = await upsertAccountReplica(manager, {
    id: data.account.id,
    tenantId: event.tenantid,
    name: data.account.name,
    version: 0,
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
  await linkContactToLead(manager, event.tenantid, contact!.id, data.lead_id);
  await publishRecords(manager, contactKind, 'created', event.actor, [contact!]);
}
