import { leadConvertedData, rememberConversionOwner, type CrmEvent, type EntityManager } from '@crm/shared';
import { upsertAccountReplica } from '../accounts/account-replica';
import { linkContactToLead } from '../contact-leads/contact-leads.repository';
import { emitContactChanged } from '../contacts/contact-events';
import { contactViewOf } from '../contacts/contact-view';
import { findContact, insertContact } from '../contacts/contacts.repository';

/**
 * `lead.converted` (api-contract §6): the contact, by the id leads allocated, linked to the lead and to the
 * new account. The account is put in the replica from the event (version 0, so accounts-opportunities'
 * own `account.created` still applies), as it may arrive before that event does; so is the owner's
 * e-mail, from the converted lead's `assigned_to`, for the contact's view. A contact that exists
 * already means a redelivery: nothing happens twice.
 */
export async function createConvertedContact(event: CrmEvent, manager: EntityManager): Promise<void> {
  const data = leadConvertedData.parse(event.data);
  if (await findContact(manager, event.tenantid, data.contact.id)) return;
  const account = await upsertAccountReplica(manager, {
    id: data.account.id,
    tenantId: event.tenantid,
    name: data.account.name,
    version: 0,
    createdBy: data.converted_by,
    ownerId: data.owner_id,
  });
  await rememberConversionOwner(manager, event.tenantid, data);
  const contact = await insertContact(manager, {
    id: data.contact.id,
    tenantId: event.tenantid,
    createdBy: data.converted_by,
    now: new Date(event.time),
    firstName: data.contact.first_name,
    lastName: data.contact.last_name,
    email: data.contact.email,
    phone: data.contact.phone,
    title: data.contact.title,
    accountId: account.held ? data.account.id : null,
    linkedinUrl: null,
    tags: [],
    ownerId: data.owner_id,
    customFields: {},
  });
  await linkContactToLead(manager, event.tenantid, contact.id, data.lead_id);
  await emitContactChanged(manager, 'contact.created', event.actor, await contactViewOf(manager, contact), contact.version);
}
