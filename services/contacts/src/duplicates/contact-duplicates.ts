import { duplicateCheckBody, duplicatesOperations, duplicatesRoutes, openRecord, type DuplicateChecks, type DuplicateTable } from '@crm/records';
import type { Router } from 'express';
import type { ContactsDeps } from '../contacts-deps';
import { CONTACTS } from '../contacts/contacts.repository';

/** Contacts are matched by e-mail, phone and full name (api-contract §4); they have no company and no closed state. */
export const CONTACT_DUPLICATES: DuplicateTable = { name: 'contacts', ownerColumn: 'owner_id' };

const CONTACT_CHECKS: DuplicateChecks = {
  basePath: '/api/contacts/', tag: 'Contacts', noun: 'contact',
  table: CONTACT_DUPLICATES, body: duplicateCheckBody(), open: (db, caller, id) => openRecord(db, CONTACTS, caller, id),
};

/** `POST /api/contacts/duplicates/` and `GET /api/contacts/<id>/duplicates/`. */
export const contactDuplicatesRoutes = (deps: ContactsDeps): Router => duplicatesRoutes(deps.dataSource.manager, CONTACT_CHECKS);

export const contactDuplicatesOperations = duplicatesOperations(CONTACT_CHECKS);
