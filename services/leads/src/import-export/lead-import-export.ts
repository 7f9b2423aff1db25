import { cellExporter, exportQueryOfList, listFilterOf, orderOf, parseQuery, recordImportExportRoutes, splitCustomFieldParams, type ExportedRecord } from '@crm/shared';
import type { Router } from 'express';
import type { LeadsDeps } from '../leads-deps';
import { leadKind } from '../leads/lead-kind';
import { LEADS, type LeadValues } from '../leads/leads.repository';
import { leadListQuery } from '../leads/leads.schemas';
import { leadCreation } from '../leads/write-lead';
import { LEAD_CELLS } from './lead-columns';

/** Exports read the list's query (`page` and `page_size` are accepted and ignored: an export has every match). */
const leadExporter = (deps: LeadsDeps) =>
  cellExporter<ExportedRecord<LeadValues>>({
    cells: LEAD_CELLS,
    async query(db, caller, queryString) {
      const { rest, custom } = splitCustomFieldParams(queryString);
      const query = parseQuery({ query: rest }, leadListQuery);
      return exportQueryOfList(LEADS, await listFilterOf(db, leadKind, caller, query, custom), orderOf(query.ordering));
    },
  });

/** `/internal/leads/import/validate/`, `/internal/leads/import/commit/`, `/internal/leads/export/` for import-export. */
export const leadImportExportRoutes = (deps: LeadsDeps): Router =>
  recordImportExportRoutes({ entity: 'leads', dataSource: deps.dataSource, importer: leadCreation(deps), exporter: leadExporter(deps) });
