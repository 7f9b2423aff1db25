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
import { leadCustomFields } from '../custom-fields/lead-custom-fields';
import type { LeadsDeps } from '../leads-deps';
import { allLeadsQuery, leadOfRow, type LeadRecord, type LeadValues } from '../leads/leads.repository';
import { leadBody, leadListQuery, type LeadInput } from '../leads/leads.schemas';
import { listFilter, orderOf } from '../leads/read-leads';
import { prepareNewLeads, storeNewLeads } from '../leads/write-lead';

const LEAD_FIELDS = {
  title: 'text',
  first_name: 'text',
  last_name: 'text',
  email: 'text',
  phone: 'text',
  company_name: 'text',
  status: 'text',
  source: 'text',
  opportunity_amount: 'text',
  currency: 'text',
  tags: 'list',
  board_position: 'integer',
  assigned_to_id: 'text',
} as const;

/** A lead's CSV columns (DESIGN §8): its writable fields, `tags` separated by `;`. */
export const LEAD_COLUMNS: ImportColumns = { fields: LEAD_FIELDS, ownerField: 'assigned_to_id' };

/** Each column's cell in an export, as an import reads it back. */
const LEAD_CELLS: Record<keyof typeof LEAD_FIELDS, (lead: LeadRecord) => string> = {
  title: (lead) => lead.title ?? '',
  first_name: (lead) => lead.firstName ?? '',
  last_name: (lead) => lead.lastName ?? '',
  email: (lead) => lead.email ?? '',
  phone: (lead) => lead.phone ?? '',
  company_name: (lead) => lead.companyName ?? '',
  status: (lead) => lead.status,
  source: (lead) => lead.source ?? '',
  opportunity_amount: (lead) => lead.opportunityAmount ?? '',
  currency: (lead) => lead.currency,
  tags: (lead) => lead.tags.join(LIST_SEPARATOR),
  board_position: (lead) => String(lead.boardPosition),
  assigned_to_id: (lead) => lead.assignedTo,
};

/** Imports create leads with the rules of `POST /api/leads/`, a whole file in one transaction. */
const leadImporter = (deps: LeadsDeps): RecordImporter<LeadInput, LeadValues> => ({
  customFieldEntity: leadCustomFields.entity,
  columns: LEAD_COLUMNS,
  body: leadBody,
  prepare: prepareNewLeads,
  create: async (manager, caller, values) => (await storeNewLeads(manager, caller, values, deps.clock())).map((lead) => lead.id),
});

/** Exports read the list's query (`page` and `page_size` are accepted and ignored: an export has every match). */
const leadExporter = (deps: LeadsDeps) =>
  cellExporter<LeadRecord>({
    cells: LEAD_CELLS,
    recordOfRow: leadOfRow,
    async query(_db, caller, queryString) {
      const { rest, custom } = splitCustomFieldParams(queryString);
      const query = parseQuery({ query: rest }, leadListQuery);
      return allLeadsQuery(await listFilter(deps, caller, query, custom), orderOf(query));
    },
  });

/** `/internal/leads/import/validate/`, `/internal/leads/import/commit/`, `/internal/leads/export/` for import-export. */
export const leadImportExportRoutes = (deps: LeadsDeps): Router =>
  recordImportExportRoutes({ entity: 'leads', dataSource: deps.dataSource, importer: leadImporter(deps), exporter: leadExporter(deps) });
