import { duplicateCheckBody, duplicatesOperations, duplicatesRoutes, openRecord, type DuplicateTable } from '@crm/shared';
import type { Router } from 'express';
import type { ContactsDeps } from '../contacts-deps';
import { CONTACTS } from '../contacts/contacts.repository';

/** Contacts are matched by e-mail, phone and full name (api-contract §6); they have no company and no closed state. */
export const CONTACT_DUPLICATES: DuplicateTable = { name: 'contacts', ownerColumn: 'owner_id' };

/** `POST /api/contacts/duplicates/` and `GET /api/contacts/<id>/duplicates/`. */
export const contactDuplicatesRoutes = (deps: ContactsDeps): Router =>
  duplicatesRoutes({
    basePath: '/api/contacts/',
    db: deps.dataSource.manager,
    table: CONTACT_DUPLICATES,
    body: duplicateCheckBody.contact,
    open: (db, caller, id) => openRecord(db, CONTACTS, caller, id),
  });

export const contactDuplicatesOperations = duplicatesOperations({
  basePath: '/api/contacts/',
  tag: 'Contacts',
  noun: 'contact',
  body: duplicateCheckBody.contact,
});
