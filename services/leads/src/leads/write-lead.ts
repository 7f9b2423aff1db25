import { randomUUID } from 'node:crypto';
import {
  actorOf,
  checkAssignment,
  createOneRecord,
  enqueueRecordsCreated,
  NOT_A_MEMBER,
  prepareEach,
  profilesNotInTenant,
  requireOwnerInTenant,
  requireSalesAccess,
  requireValidCustomFieldValues,
  sameValues,
  ValidationError,
  type Caller,
  type CustomFieldRule,
  type EntityManager,
  type NamedReferences,
  type PreparedRow,
  type RecordImporter,
} from '@crm/shared';
import type { LeadsDeps } from '../leads-deps';
import { leadCustomFields } from '../custom-fields/lead-custom-fields';
import { emitLeadChanged, SERVICE_NAME } from './lead-events';
import { openLead } from './lead-access';
import { leadViewOf, leadViews, type LeadView } from './lead-view';
import { checkStatusChange, leadValuesFor, type WriteMode } from './lead-values';
import { insertLeads, nextBoardPosition, updateLead, type LeadRecord, type LeadValues } from './leads.repository';
import { leadBody, type LeadInput } from './leads.schemas';
import { LEAD_COLUMNS } from '../import-export/lead-columns';

/** The fields of a lead's body naming records of another service (checked against the profiles replica). */
const LEAD_REFERENCES: NamedReferences = { assigned_to_id: 'profile' };

/**
 * Before a write's transaction: the replicas vouch for the members `bodies` name, and for the caller
 * (`ReplicatedReferences`), so a member added a moment ago can be given the lead, with their e-mail.
 */
export const ensureLeadReferences = (deps: LeadsDeps, caller: Caller, bodies: readonly object[]): Promise<void> =>
  deps.references.ensureNamedIn(caller, bodies, LEAD_REFERENCES);

/**
 * Every rule of a create, for many bodies at once (an import; a POST is a batch of one), with one query
 * per lookup whatever the number: the assignment (403), the status (no `converted`), the identity
 * rule, the custom fields against `definitions`, the owners in the tenant, the board positions (the
 * end of each status column, in input order). One answer per input, in order.
 */
export async function prepareNewLeads(
  manager: EntityManager,
  caller: Caller,
  inputs: readonly LeadInput[],
  definitions: readonly CustomFieldRule[],
): Promise<PreparedRow<LeadValues>[]> {
  requireSalesAccess(caller);
  const prepared = prepareEach(inputs, (input) => {
    checkAssignment(caller, input.assigned_to_id, undefined, 'lead');
    checkStatusChange('create', input, undefined);
    const values = leadValuesFor('create', caller, input, undefined);
    values.customFields = requireValidCustomFieldValues(input.custom_fields, definitions, 'create');
    return values;
  });
  const assigned = inputs.flatMap((input, index) => (prepared[index]!.ok && input.assigned_to_id !== undefined ? [input.assigned_to_id] : []));
  const strangers = await profilesNotInTenant(manager, caller.tenantId, assigned);
  const nextPosition = new Map<string, number>();
  for (const [index, result] of prepared.entries()) {
    if (!result.ok) continue;
    if (strangers.has(result.values.assignedTo)) {
      prepared[index] = { ok: false, error: ValidationError.field('assigned_to_id', NOT_A_MEMBER) };
    } else if (inputs[index]!.board_position === undefined) {
      const status = result.values.status;
      const position = nextPosition.get(status) ?? (await nextBoardPosition(manager, caller.tenantId, status));
      result.values.boardPosition = position;
      nextPosition.set(status, position + 1);
    }
  }
  return prepared;
}

/** Inserts prepared leads owned by their creator's tenant and announces each (`lead.created`); answers their views. */
export async function storeNewLeads(manager: EntityManager, caller: Caller, leads: readonly LeadValues[], now: Date): Promise<LeadView[]> {
  const records = await insertLeads(
    manager,
    leads.map((values) => ({ ...values, id: randomUUID(), tenantId: caller.tenantId, createdBy: caller.profileId, now })),
  );
  const views = await leadViews(manager, caller.tenantId, records);
  await enqueueRecordsCreated(manager, { source: SERVICE_NAME, type: 'lead.created', actor: actorOf(caller), records, views });
  return views;
}

/** How leads are created, by a POST (a batch of one) or an import: the rules of `prepareNewLeads`, stored by `storeNewLeads`. */
export const leadCreation = (deps: LeadsDeps): RecordImporter<LeadInput, LeadValues, LeadView> => ({
  customFieldEntity: leadCustomFields.entity,
  columns: LEAD_COLUMNS,
  body: leadBody,
  ensureReferences: (caller, bodies) => ensureLeadReferences(deps, caller, bodies),
  prepare: prepareNewLeads,
  create: (manager, caller, values) => storeNewLeads(manager, caller, values, deps.clock()),
});

/** POST: a new lead owned by the caller (or, for an admin, by `assigned_to_id`), at the end of its status column. */
export const createLead = (deps: LeadsDeps, caller: Caller, input: LeadInput): Promise<LeadView> =>
  createOneRecord(deps.dataSource, leadCreation(deps), caller, input);

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
  await ensureLeadReferences(deps, caller, [input]);
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
