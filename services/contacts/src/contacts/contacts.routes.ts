import { type ApiOperation } from '@crm/platform';
import { recordKindOperations, recordRoutes } from '@crm/records';
import type { Router } from 'express';
import type { ContactsDeps } from '../contacts-deps';
import { contactKind } from './contact-kind';
import { contactBody, contactListQuery } from './contacts.schemas';
import { createContact } from './write-contact';
import { contactViewSchema } from './contact-view';

const CONTACTS_SCHEMAS = { basePath: '/api/contacts/', body: contactBody, listQuery: contactListQuery, view: contactViewSchema };

/**
 * `/api/contacts/`, `/api/contacts/<id>/`, their custom fields, notes and files, from the shared records
 * layer (a POST by the import's rules). A hidden contact answers 404 before its body is even read.
 */
export const contactsRoutes = (deps: ContactsDeps): Router =>
  recordRoutes(deps, contactKind, CONTACTS_SCHEMAS, { create: (caller, input) => createContact(deps, caller, input) });

export const contactOperations: ApiOperation[] = recordKindOperations(contactKind, CONTACTS_SCHEMAS, 'Contacts', {
  listDescription: '`search` matches name, e-mail and phone; `tags` takes comma-separated tags (any of them).',
});
