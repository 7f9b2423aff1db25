import { mergeOperations, mergeRoutes, type MergeableEntity } from '@crm/shared';
import type { Router } from 'express';
import type { ContactsDeps } from '../contacts-deps';
import { moveLeadLinksOfContact } from '../contact-leads/contact-leads.repository';
import { openContact, type OpenedContact } from '../contacts/contact-access';
import { emitContactChanged, actorOf, SERVICE_NAME } from '../contacts/contact-events';
import { contactAsSeenBy, contactViewOf, type ContactView } from '../contacts/contact-view';
import { deleteContact, updateContact } from '../contacts/contacts.repository';

/**
 * A contact merge (api-contract §6): the keeper's values and owner win; blanks are
 * filled by group (the name as first and last name together); its lead links are combined. Notes and
 * files move here; tasks and opportunities follow in accounts-opportunities on `contact.merged`.
 */
export const contactMerge: MergeableEntity<OpenedContact, ContactView> = {
  entity: 'contact',
  source: SERVICE_NAME,
  openForUpdate: (manager, caller, id) => openContact(manager, caller, id, true),
  fillGroups: [
    { fields: ['firstName', 'lastName'] },
    { fields: ['email'] },
    { fields: ['phone'] },
    { fields: ['title'] },
    { fields: ['accountId'] },
    { fields: ['linkedinUrl'] },
  ],
  keptAsIs: ['ownerId'],
  update: updateContact,
  view: contactViewOf,
  asSeenBy: contactAsSeenBy,
  emitUpdated: (manager, caller, view, version) => emitContactChanged(manager, 'contact.updated', actorOf(caller), view, version),
  moveLinks: moveLeadLinksOfContact,
  remove: deleteContact,
  owners: (contact) => [contact.ownerId],
};

/** `POST /api/contacts/<keeper_id>/merge/`. */
export const contactMergeRoutes = (deps: ContactsDeps): Router =>
  mergeRoutes({ basePath: '/api/contacts/', dataSource: deps.dataSource, entity: contactMerge, clock: deps.clock });

export const contactMergeOperation = mergeOperations({ basePath: '/api/contacts/', tag: 'Contacts', noun: 'contact' });
