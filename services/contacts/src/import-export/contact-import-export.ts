import {
  cellExporter,
  LIST_SEPARATOR,
  parseQuery,
  recordImportExportRoutes,
  splitCustomFieldParams,
  type ImportColumns,
  type RecordImporter,
} from '@crm/shared';
import type { Router } from 'express';
import type { ContactsDeps } from '../contacts-deps';
import { allContactsQuery, contactOfRow, type ContactRecord, type ContactValues } from '../contacts/contacts.repository';
import { contactBody, contactListQuery, type ContactInput } from '../contacts/contacts.schemas';
import { listFilter, orderOf } from '../contacts/read-contacts';
import { prepareNewContacts, storeNewContacts } from '../contacts/write-contact';
import { contactCustomFields } from '../custom-fields/contact-custom-fields';

const CONTACT_FIELDS = {
  first_name: 'text',
  last_name: 'text',
  email: 'text',
  phone: 'text',
  title: 'text',
  account_id: 'text',
  linkedin_url: 'text',
  tags: 'list',
  owner_id: 'text',
} as const;

/** A contact's CSV columns (DESIGN §8): its writable fields, `tags` separated by `;`. */
export const CONTACT_COLUMNS: ImportColumns = { fields: CONTACT_FIELDS, ownerField: 'owner_id' };

/** Each column's cell in an export, as an import reads it back. */
const CONTACT_CELLS: Record<keyof typeof CONTACT_FIELDS, (contact: ContactRecord) => string> = {
  first_name: (contact) => contact.firstName ?? '',
  last_name: (contact) => contact.lastName ?? '',
  email: (contact) => contact.email ?? '',
  phone: (contact) => contact.phone ?? '',
  title: (contact) => contact.title ?? '',
  account_id: (contact) => contact.accountId ?? '',
  linkedin_url: (contact) => contact.linkedinUrl ?? '',
  tags: (contact) => contact.tags.join(LIST_SEPARATOR),
  owner_id: (contact) => contact.ownerId,
};

/** Imports create contacts with the rules of `POST /api/contacts/`, a whole file in one transaction. */
const contactImporter = (deps: ContactsDeps): RecordImporter<ContactInput, ContactValues> => ({
  customFieldEntity: contactCustomFields.entity,
  columns: CONTACT_COLUMNS,
  body: contactBody,
  prepare: prepareNewContacts,
  create: async (manager, caller, values) => (await storeNewContacts(manager, caller, values, deps.clock())).map((contact) => contact.id),
});

/** Exports read the list's query (`page` and `page_size` are accepted and ignored: an export has every match). */
const contactExporter = (deps: ContactsDeps) =>
  cellExporter<ContactRecord>({
    cells: CONTACT_CELLS,
    recordOfRow: contactOfRow,
    async query(_db, caller, queryString) {
      const { rest, custom } = splitCustomFieldParams(queryString);
      const query = parseQuery({ query: rest }, contactListQuery);
      return allContactsQuery(await listFilter(deps, caller, query, custom), orderOf(query));
    },
  });

/** `/internal/contacts/import/validate/`, `/internal/contacts/import/commit/`, `/internal/contacts/export/` for import-export. */
export const contactImportExportRoutes = (deps: ContactsDeps): Router =>
  recordImportExportRoutes({ entity: 'contacts', dataSource: deps.dataSource, importer: contactImporter(deps), exporter: contactExporter(deps) });
