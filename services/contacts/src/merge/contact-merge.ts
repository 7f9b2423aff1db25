import { mergeOperations, mergeRoutes, type MergeableEntity } from '@crm/records';
import type { Router } from 'express';
import type { ContactsDeps } from '../contacts-deps';
import { moveLeadLinksOfContact } from '../contact-leads/contact-leads.repository';
import { contactKind } from '../contacts/contact-kind';
import { contactViewSchema, type ContactView } from '../contacts/contact-view';
import type { ContactValues } from '../contacts/contacts.repository';

/**
 * A contact merge (api-contract §4): the keeper's values and owner win; blanks are
 * filled by group (the name as first and last name together); its lead links are combined. Notes and
 * files move here; tasks and opportunities follow in accounts-opportunities on `contact.merged`.
 */
export const contactMerge: MergeableEntity<ContactValues, ContactView> = {
  kind: contactKind,
  fillGroups: [
    { fields: ['first_name', 'last_name'] },
    { fields: ['email'] },
    { fields: ['phone'] },
    { fields: ['title'] },
    { fields: ['account_id'] },
    { fields: ['linkedin_url'] },
  ],
  keptAsIs: ['owner_id'],
  moveLinks: moveLeadLinksOfContact,
};

/** `POST /api/contacts/<keeper_id>/merge/`. */
export const contactMergeRoutes = (deps: ContactsDeps): Router =>
  mergeRoutes({ basePath: '/api/contacts/', dataSource: deps.dataSource, entity: contactMerge, clock: deps.clock });

export const contactMergeOperation = mergeOperations({ basePath: '/api/contacts/', tag: 'Contacts', noun: 'contact', view: contactViewSchema });
