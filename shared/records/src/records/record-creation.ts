import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { requireSalesAccess } from './record-ownership';
import { type Caller } from '@crm/platform';
import type { CustomFieldRule } from '../custom-fields/custom-field-definition';
import { requireValidCustomFieldValues } from '../custom-fields/custom-field-values';
import type { EntityManager } from '@crm/platform';
import { RefusedReferencesError, ValidationError } from '@crm/platform';
import type { ImportColumns } from '../import-export/import-columns';
import { prepareEach, type PreparedRow, type RecordImporter } from '../import-export/record-import';
import { actorOf } from './record-events';
import { NOT_A_MEMBER, profilesNotInTenant } from '../profile-replica';
import { ownerToCheck, publishRecords, valuesForWrite, type AnyRecordKind, type RecordInput } from './record-kind';
import { insertRecords, type OwnedValues } from './record-table';
import { checkOwnerChange, ensureReferences, type RecordsContext } from './record-use-cases';
import { recordsCounter, type TenantQuotas } from '../quotas/tenant-quotas';

/** A body of a batch being created: its values so far, and what refuses it (field by field) once the batch is checked. */
export interface NewRecordRow<V extends OwnedValues, Input extends RecordInput = RecordInput> {
  input: Input;
  values: V;
  errors: Record<string, string>;
  /** The ids among its refused references that another service may have handed out ahead of their records (`RefusedReferencesError`). */
  refusedMaybeHandedOut: string[];
}

/**
 * Every rule of a create, for many bodies at once (an import; a POST is a batch of one), with one query
 * per lookup whatever the number: per body the owner change (403), the kind's own rules, the whole
 * record, the custom fields against `definitions`; then for the batch the owners in the tenant and the
 * kind's own checks (`checkNew`). One answer per input, in order.
 */
export async function prepareNewRecords<V extends OwnedValues, Input extends RecordInput>(
  manager: EntityManager,
  kind: AnyRecordKind<V>,
  caller: Caller,
  inputs: readonly Input[],
  definitions: readonly CustomFieldRule[],
): Promise<PreparedRow<V>[]> {
  requireSalesAccess(caller);
  const prepared = prepareEach(inputs, (input) => {
    checkOwnerChange(kind, caller, input, undefined);
    kind.checkInput?.('create', input, undefined);
    const values = valuesForWrite(kind, 'create', caller, input, undefined);
    values.custom_fields = requireValidCustomFieldValues(input.custom_fields, definitions, 'create');
    return values;
  });
  const rows: NewRecordRow<V, Input>[] = [];
  for (const [index, result] of prepared.entries()) if (result.ok) rows.push({ input: inputs[index]!, values: result.values, errors: {}, refusedMaybeHandedOut: [] });
  const owners = rows.map((row) => ownerToCheck(kind, caller, row.values, undefined));
  const strangers = await profilesNotInTenant(manager, caller.tenantId, owners.filter((owner) => owner !== undefined));
  rows.forEach((row, index) => {
    if (owners[index] !== undefined && strangers.has(owners[index])) row.errors[kind.owner.field] = NOT_A_MEMBER;
  });
  await kind.checkNew?.(manager, caller, rows);
  const checked = new Map(rows.map((row) => [row.values, row]));
  return prepared.map((result) => {
    const row = result.ok ? checked.get(result.values)! : undefined;
    if (!row || Object.keys(row.errors).length === 0) return result;
    const error = row.refusedMaybeHandedOut.length > 0 ? new RefusedReferencesError(row.errors, row.refusedMaybeHandedOut) : new ValidationError(row.errors);
    return { ok: false, error };
  });
}

/**
 * Inserts prepared records owned by their creator's tenant, in one statement, and announces each (`<entity>.created`); answers their views.
 * All or none: a batch (an import) that would take the tenant past its quota of the entity is refused whole (403).
 */
export async function storeNewRecords<V extends OwnedValues, View extends { id: string }>(
  manager: EntityManager,
  kind: AnyRecordKind<V, View>,
  caller: Caller,
  values: readonly V[],
  now: Date,
  quotas: TenantQuotas,
): Promise<View[]> {
  await quotas.requireRoom(manager, caller.tenantId, recordsCounter(kind.table), values.length);
  const records = await insertRecords(
    manager,
    kind.table,
    values.map((recordValues) => ({ values: recordValues, id: randomUUID(), tenantId: caller.tenantId, createdBy: caller.profileId, now })),
  );
  return publishRecords(manager, kind, 'created', actorOf(caller), records);
}

/** How an entity's records are created, by its POST (a batch of one) or an import: the rules of `prepareNewRecords`, stored by `storeNewRecords`. */
export const recordCreation = <V extends OwnedValues, View extends { id: string }, Input extends RecordInput>(
  context: RecordsContext,
  kind: AnyRecordKind<V, View>,
  schemas: { columns: ImportColumns; body: z.ZodType<Input> },
): RecordImporter<Input, V, View> => ({
  customFieldEntity: kind.entity,
  columns: schemas.columns,
  body: schemas.body,
  ensureReferences: (caller, bodies) => ensureReferences(context, kind, caller, bodies),
  prepare: (manager, caller, inputs, definitions) => prepareNewRecords(manager, kind, caller, inputs, definitions),
  create: (manager, caller, values) => storeNewRecords(manager, kind, caller, values, context.clock(), context.quotas),
});
