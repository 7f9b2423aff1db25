import { randomUUID } from 'node:crypto';
import {
  actorOf,
  changeRecord,
  checkOwnerChange,
  createOneRecord,
  ensureReferences,
  insertRecords,
  NOT_A_MEMBER,
  prepareEach,
  profilesNotInTenant,
  publishRecords,
  requireSalesAccess,
  requireValidCustomFieldValues,
  ValidationError,
  valuesForWrite,
  type Caller,
  type CustomFieldRule,
  type EntityManager,
  type PreparedRow,
  type RecordImporter,
} from '@crm/shared';
import type { LeadsDeps } from '../leads-deps';
import { LEAD_COLUMNS } from '../import-export/lead-columns';
import { leadKind } from './lead-kind';
import type { LeadView } from './lead-view';
import { checkStatusChange, type WriteMode } from './lead-values';
import { LEADS, nextBoardPosition, type LeadValues } from './leads.repository';
import { leadBody, type LeadInput } from './leads.schemas';

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
    checkOwnerChange(leadKind, caller, input, undefined);
    checkStatusChange('create', input, undefined);
    const values = valuesForWrite(leadKind, 'create', caller, input, undefined);
    values.custom_fields = requireValidCustomFieldValues(input.custom_fields, definitions, 'create');
    return values;
  });
  const assigned = inputs.flatMap((input, index) => (prepared[index]!.ok && input.assigned_to_id !== undefined ? [input.assigned_to_id] : []));
  const strangers = await profilesNotInTenant(manager, caller.tenantId, assigned);
  const nextPosition = new Map<string, number>();
  for (const [index, result] of prepared.entries()) {
    if (!result.ok) continue;
    if (strangers.has(result.values.assigned_to)) {
      prepared[index] = { ok: false, error: ValidationError.field('assigned_to_id', NOT_A_MEMBER) };
    } else if (inputs[index]!.board_position === undefined) {
      const status = result.values.status;
      const position = nextPosition.get(status) ?? (await nextBoardPosition(manager, caller.tenantId, status));
      result.values.board_position = position;
      nextPosition.set(status, position + 1);
    }
  }
  return prepared;
}

/** Inserts prepared leads owned by their creator's tenant and announces each (`lead.created`); answers their views. */
export async function storeNewLeads(manager: EntityManager, caller: Caller, leads: readonly LeadValues[], now: Date): Promise<LeadView[]> {
  const records = await insertRecords(
    manager,
    LEADS,
    leads.map((values) => ({ values, id: randomUUID(), tenantId: caller.tenantId, createdBy: caller.profileId, now })),
  );
  return publishRecords(manager, leadKind, 'created', actorOf(caller), records);
}

/** How leads are created, by a POST (a batch of one) or an import: the rules of `prepareNewLeads`, stored by `storeNewLeads`. */
export const leadCreation = (deps: LeadsDeps): RecordImporter<LeadInput, LeadValues, LeadView> => ({
  customFieldEntity: leadKind.entity,
  columns: LEAD_COLUMNS,
  body: leadBody,
  ensureReferences: (caller, bodies) => ensureReferences(deps, leadKind, caller, bodies),
  prepare: prepareNewLeads,
  create: (manager, caller, values) => storeNewLeads(manager, caller, values, deps.clock()),
});

/** POST: a new lead owned by the caller (or, for an admin, by `assigned_to_id`), at the end of its status column. */
export const createLead = (deps: LeadsDeps, caller: Caller, input: LeadInput): Promise<LeadView> =>
  createOneRecord(deps.dataSource, leadCreation(deps), caller, input);

/** PUT or PATCH of a lead the caller may open, other than a conversion (see `convertLead`); a change that changes nothing emits nothing. */
export const changeLead = (deps: LeadsDeps, caller: Caller, id: string, mode: Exclude<WriteMode, 'create'>, input: LeadInput): Promise<LeadView> =>
  changeRecord(deps, leadKind, caller, id, mode, input);
