import { randomUUID } from 'node:crypto';
import { checkAssignment, requireOwnerInTenant, sameValues, requireSalesAccess, type Caller, type EntityManager } from '@crm/shared';
import type { LeadsDeps } from '../leads-deps';
import { leadCustomFields } from '../custom-fields/lead-custom-fields';
import { emitLeadChanged } from './lead-events';
import { openLead } from './lead-access';
import { leadViewOf, type LeadView } from './lead-view';
import { checkStatusChange, leadValuesFor, type WriteMode } from './lead-values';
import { insertLead, nextBoardPosition, updateLead, type LeadRecord, type LeadValues } from './leads.repository';
import type { LeadInput } from './leads.schemas';

/** POST: a new lead owned by the caller (or, for an admin, by `assigned_to_id`), at the end of its status column. */
export async function createLead(deps: LeadsDeps, caller: Caller, input: LeadInput): Promise<LeadView> {
  requireSalesAccess(caller);
  checkAssignment(caller, input.assigned_to_id, undefined, 'lead');
  checkStatusChange('create', input, undefined);
  const values = leadValuesFor('create', caller, input, undefined);
  return deps.dataSource.transaction(async (manager) => {
    values.customFields = await leadCustomFields.validValues(manager, caller.tenantId, 'create', input.custom_fields, {});
    if (input.assigned_to_id !== undefined) await requireOwnerInTenant(manager, caller.tenantId, values.assignedTo);
    if (input.board_position === undefined) values.boardPosition = await nextBoardPosition(manager, caller.tenantId, values.status);
    const lead = await insertLead(manager, {
      ...values,
      id: randomUUID(),
      tenantId: caller.tenantId,
      createdBy: caller.profileId,
      now: deps.clock(),
    });
    return publishChange(manager, 'lead.created', caller, lead);
  });
}

/**
 * The values a PUT (`replace`) or PATCH (`patch`) of `existing` stores, with every rule of a change
 * checked (assignment, custom fields, owner in the tenant); a status change without a position moves
 * the lead to the end of its new column.
 */
export async function valuesForChange(
  manager: EntityManager,
  caller: Caller,
  mode: Exclude<WriteMode, 'create'>,
  input: LeadInput,
  existing: LeadRecord,
): Promise<LeadValues> {
  checkAssignment(caller, input.assigned_to_id, existing.assignedTo, 'lead');
  const values = leadValuesFor(mode, caller, input, existing);
  values.customFields =
    mode === 'patch' && input.custom_fields === undefined
      ? existing.customFields
      : await leadCustomFields.validValues(manager, caller.tenantId, mode, input.custom_fields, existing.customFields);
  if (values.assignedTo !== existing.assignedTo) await requireOwnerInTenant(manager, caller.tenantId, values.assignedTo);
  if (values.status !== existing.status && input.board_position === undefined) {
    values.boardPosition = await nextBoardPosition(manager, caller.tenantId, values.status);
  }
  return values;
}

/**
 * PUT or PATCH of a lead the caller may open, other than a conversion (see `convertLead`); a change
 * that changes nothing emits nothing.
 */
export async function changeLead(
  deps: LeadsDeps,
  caller: Caller,
  id: string,
  mode: Exclude<WriteMode, 'create'>,
  input: LeadInput,
): Promise<LeadView> {
  return deps.dataSource.transaction(async (manager) => {
    const existing = await openLead(manager, caller, id, true);
    if (checkStatusChange(mode, input, existing.status) === 'conversion') {
      throw new Error('A conversion goes through convertLead');
    }
    const values = await valuesForChange(manager, caller, mode, input, existing);
    if (sameValues(values, existing as LeadValues)) return leadViewOf(manager, existing);
    const lead = await updateLead(manager, id, values, deps.clock());
    return publishChange(manager, 'lead.updated', caller, lead);
  });
}

async function publishChange(
  manager: EntityManager,
  type: 'lead.created' | 'lead.updated',
  caller: Caller,
  lead: LeadRecord,
): Promise<LeadView> {
  const view = await leadViewOf(manager, lead);
  await emitLeadChanged(manager, type, caller, view, lead.version);
  return view;
}
