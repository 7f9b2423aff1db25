import { recordImportExport } from '@crm/records';
import type { Router } from 'express';
import type { LeadsDeps } from '../leads-deps';
import { leadKind } from '../leads/lead-kind';
import { leadListQuery } from '../leads/leads.schemas';
import { leadCreation } from '../leads/write-lead';
import { LEAD_CELLS } from './lead-columns';

/** `/internal/leads/import/validate/`, `/internal/leads/import/commit/`, `/internal/leads/export/` for import-export. */
export const leadImportExportRoutes = (deps: LeadsDeps): Router =>
  recordImportExport(deps, leadKind, { entity: 'leads', listQuery: leadListQuery, cells: LEAD_CELLS, creation: leadCreation(deps) });
