import { cellExporter, parseQuery, recordImportExportRoutes, splitCustomFieldParams } from '@crm/shared';
import type { Router } from 'express';
import type { ContactsDeps } from '../contacts-deps';
import { allContactsQuery, type ContactRow } from '../contacts/contacts.repository';
import { contactListQuery } from '../contacts/contacts.schemas';
import { listFilter, orderOf } from '../contacts/read-contacts';
import { contactCreation } from '../contacts/write-contact';
import { CONTACT_CELLS } from './contact-columns';

/** Exports read the list's query (`page` and `page_size` are accepted and ignored: an export has every match). */
const contactExporter = (deps: ContactsDeps) =>
  cellExporter<ContactRow>({
    cells: CONTACT_CELLS,
    async query(_db, caller, queryString) {
      const { rest, custom } = splitCustomFieldParams(queryString);
      const query = parseQuery({ query: rest }, contactListQuery);
      return allContactsQuery(await listFilter(deps, caller, query, custom), orderOf(query));
    },
  });

/** `/internal/contacts/import/validate/`, `/internal/contacts/import/commit/`, `/internal/contacts/export/` for import-export. */
export const contactImportExportRoutes = (deps: ContactsDeps): Router =>
  recordImportExportRoutes({ entity: 'contacts', dataSource: deps.dataSource, importer: contactCreation(deps), exporter: contactExporter(deps) });
