import { ValidationError } from '@crm/platform';
import { checkAssignment, requireOwnerMember, type RecordKind } from '@crm/records';
import { leadCustomFields } from '../custom-fields/lead-custom-fields';
import { leadViews, type LeadView } from './lead-view';
import { checkStatusChange } from './lead-values';
import { LEADS, nextBoardPosition, type LeadValues } from './leads.repository';
import { deleteSubmissionsOfLead } from '../submissions/submissions.repository';
import type { LeadInput, LeadListQuery } from './leads.schemas';

export const SERVICE_NAME = 'leads';

const IDENTITY_MESSAGE = 'Give at least one of first_name, last_name, email or company_name.';

/**
 * Leads (api-contract §3): people or companies that may become customers. What the shared records layer
 * does with them is described here; their conversion, board and merge rules are the service's own.
 */
export const leadKind: RecordKind<LeadValues, LeadView, LeadListQuery> = {
  entity: 'lead',
  source: SERVICE_NAME,
  table: LEADS,
  customFields: leadCustomFields,
  owner: { field: 'assigned_to_id', filter: 'assigned_to' },
  required: [],
  /** The owner and the board position are places rather than data: a PUT that omits them keeps them. */
  defaults: (owner, existing) => ({
    title: null,
    first_name: null,
    last_name: null,
    email: null,
    phone: null,
    company_name: null,
    status: 'new',
    source: null,
    opportunity_amount: null,
    currency: 'USD',
    tags: [],
    board_position: existing?.board_position ?? 0,
    assigned_to: owner,
    custom_fields: {},
  }),
  validate(values) {
    if (!values.first_name && !values.last_name && !values.email && !values.company_name) {
      throw new ValidationError({ non_field_errors: IDENTITY_MESSAGE });
    }
  },
  /** The status rules (a PUT asking for `converted` is sent to the conversion before it gets here). */
  checkInput(mode, input, existing) {
    checkStatusChange(mode, input as LeadInput, existing?.status);
  },
  /** New leads without a position go to the end of their status column, in the order given. */
  async checkNew(db, caller, rows) {
    const nextPosition = new Map<string, number>();
    for (const row of rows) {
      if (Object.keys(row.errors).length > 0 || (row.input as LeadInput).board_position !== undefined) continue;
      const status = row.values.status;
      const position = nextPosition.get(status) ?? (await nextBoardPosition(db, caller.tenantId, status));
      row.values.board_position = position;
      nextPosition.set(status, position + 1);
    }
  },
  /** A status change without a position moves the lead to the end of its new column. */
  async completeChange(db, caller, input, values, existing) {
    if (values.status !== existing.status && (input as LeadInput).board_position === undefined) {
      values.board_position = await nextBoardPosition(db, caller.tenantId, values.status);
    }
  },
  checkOwnerChange: (caller, wanted, current) => checkAssignment(caller, wanted, current, 'lead'),
  namedReferences: { assigned_to_id: 'profile' },
  /** A lead points to nothing but its owner, a member of the tenant. */
  async linkReferences(db, caller, values, existing) {
    await requireOwnerMember(db, leadKind, caller, values, existing);
    return values;
  },
  views: leadViews,
  /** What its web forms' visitors sent goes with a deleted lead (a merge moves it to the keeper instead). */
  async beforeDelete(manager, _context, lead) {
    await deleteSubmissionsOfLead(manager, lead.tenantId, lead.id);
  },
  filters(filter, query) {
    // The leads' totals are kept per status too (migration LeadTotalsByStatus).
    filter.totalled('status = ANY(?::text[])', query.status).where('source = ANY(?::text[])', query.source);
  },
};
