import { cellExporter, exportQueryOfList, listFilterOf, orderOf, parseQuery, recordImportExportRoutes, splitCustomFieldParams, type ExportedRecord } from '@crm/shared';
import type { Router } from 'express';
import type { ContactsDeps } from '../contacts-deps';
import { contactKind } from '../contacts/contact-kind';
import { CONTACTS, type ContactValues } from '../contacts/contacts.repository';
import { contactListQuery } from '../contacts/contacts.schemas';
import { contactCreation } from '../contacts/write-contact';
import { CONTACT_CELLS } from './contact-columns';

/** Exports read the list's query (`page` and `page_size` are accepted and ignored: an export has every match). */
const contactExporter = (deps: ContactsDeps) =>
  cellExporter<ExportedRecord<ContactValues>>({
    cells: CONTACT_CELLS,
    async query(db, caller, queryString) {
      const { rest, custom } = splitCustomFieldParams(queryString);
      const query = parseQuery({ query: rest }, contactListQuery);
      return exportQueryOfList(CONTACTS, await listFilterOf(db, contactKind, caller, query, custom), orderOf(query.ordering));
    },
  });

/** `/internal/contacts/import/validate/`, `/internal/contacts/import/commit/`, `/internal/contacts/export/` for import-export. */
export const contactImportExportRoutes = (deps: ContactsDeps): Router =>
  recordImportExportRoutes({ entity: 'contacts', dataSource: deps.dataSource, importer: contactCreation(deps), exporter: contactExporter(deps) });
