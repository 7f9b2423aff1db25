import { cellExporter, parseQuery, recordImportExportRoutes, splitCustomFieldParams } from '@crm/shared';
import type { Router } from 'express';
import type { LeadsDeps } from '../leads-deps';
import { allLeadsQuery, type LeadRow } from '../leads/leads.repository';
import { leadListQuery } from '../leads/leads.schemas';
import { listFilter, orderOf } from '../leads/read-leads';
import { leadCreation } from '../leads/write-lead';
import { LEAD_CELLS } from './lead-columns';

/** Exports read the list's query (`page` and `page_size` are accepted and ignored: an export has every match). */
const leadExporter = (deps: LeadsDeps) =>
  cellExporter<LeadRow>({
    cells: LEAD_CELLS,
    async query(_db, caller, queryString) {
      const { rest, custom } = splitCustomFieldParams(queryString);
      const query = parseQuery({ query: rest }, leadListQuery);
      return allLeadsQuery(await listFilter(deps, caller, query, custom), orderOf(query));
    },
  });

/** `/internal/leads/import/validate/`, `/internal/leads/import/commit/`, `/internal/leads/export/` for import-export. */
export const leadImportExportRoutes = (deps: LeadsDeps): Router =>
  recordImportExportRoutes({ entity: 'leads', dataSource: deps.dataSource, importer: leadCreation(deps), exporter: leadExporter(deps) });
