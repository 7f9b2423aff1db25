import { recordImportExport } from '@crm/records';
import type { Router } from 'express';
import type { ContactsDeps } from '../contacts-deps';
import { contactKind } from '../contacts/contact-kind';
import { contactListQuery } from '../contacts/contacts.schemas';
import { contactCreation } from '../contacts/write-contact';
import { CONTACT_CELLS } from './contact-columns';

/** `/internal/contacts/import/validate/`, `/internal/contacts/import/commit/`, `/internal/contacts/export/` for import-export. */
export const contactImportExportRoutes = (deps: ContactsDeps): Router =>
  recordImportExport(deps, contactKind, { entity: 'contacts', listQuery: contactListQuery, cells: CONTACT_CELLS, creation: contactCreation(deps) });
