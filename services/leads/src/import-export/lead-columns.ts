import { LIST_SEPARATOR, type ExportedRecord, type ImportColumns } from '@crm/records';
import type { LeadValues } from '../leads/leads.repository';

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

/** A lead's CSV columns (api-contract §5): its writable fields, `tags` separated by `;`. */
export const LEAD_COLUMNS: ImportColumns = { fields: LEAD_FIELDS, ownerField: 'assigned_to_id', nameField: 'first_name' };

/** Each column's cell in an export (from the lead's row), as an import reads it back. */
export const LEAD_CELLS: Record<keyof typeof LEAD_FIELDS, (lead: ExportedRecord<LeadValues>) => string> = {
  title: (lead) => lead.title ?? '',
  first_name: (lead) => lead.first_name ?? '',
  last_name: (lead) => lead.last_name ?? '',
  email: (lead) => lead.email ?? '',
  phone: (lead) => lead.phone ?? '',
  company_name: (lead) => lead.company_name ?? '',
  status: (lead) => lead.status,
  source: (lead) => lead.source ?? '',
  opportunity_amount: (lead) => lead.opportunity_amount ?? '',
  currency: (lead) => lead.currency,
  tags: (lead) => lead.tags.join(LIST_SEPARATOR),
  board_position: (lead) => String(lead.board_position),
  assigned_to_id: (lead) => lead.assigned_to,
};
