import { type Db, type EntityManager } from '@crm/platform';
import { dropReference, publishRecords, replaceReference, type ChangeContext, type OwnedValues, type ReferenceColumn } from '@crm/records';
import { resolveMergedIds, type KnownRecordType } from '../known-records/known-records';
import type { ServiceRecordKind } from './service-kind';

/**
 * A reference to a record of another service (a task's `lead_id`, an opportunity's `contact_ids`):
 * checked against the `known_records` replica, and following that record when it is merged away
 * (api-contract §4): moved on `<type>.merged`, and redirected to the keeper when written later.
 */
export interface KnownReference<V extends OwnedValues> extends ReferenceColumn<V> {
  type: KnownRecordType;
}

/** The ids a reference's value holds: none for null, one for an id, every one of a list. */
export const referencedIds = (value: unknown): string[] => {
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? (value as string[]) : [value as string];
};

/**
 * The values with every newly written reference to a merged-away contact or lead replaced by its
 * keeper, before they are checked and stored: a client holding an old id, or a late event naming it,
 * links the keeper. A list names the keeper once, where it first appears. Ids the record holds already
 * (`existing`) are left to the merge, which moves them: resolving them too would lock replica rows
 * after the record's row, the reverse of a merge's order, and the two could deadlock.
 */
export async function redirectMergedReferences<V extends OwnedValues, Values extends Partial<V>>(
  db: Db,
  references: readonly KnownReference<V>[],
  tenantId: string,
  values: Values,
  existing?: Partial<V>,
): Promise<Values> {
  const redirected: Partial<V> = { ...values };
  for (const reference of references) {
    const ids = referencedIds(values[reference.column]);
    const held = referencedIds(existing?.[reference.column]);
    const fresh = ids.filter((id) => !held.includes(id));
    if (fresh.length === 0) continue;
    const keepers = await resolveMergedIds(db, reference.type, tenantId, fresh);
    const keeperOf = new Map(fresh.map((id, i) => [id, keepers[i]!]));
    const linked = ids.map((id) => keeperOf.get(id) ?? id);
    redirected[reference.column] = (reference.list ? [...new Set(linked)] : linked[0]) as V[keyof V & string];
  }
  return redirected as Values;
}

/**
 * What a merge or a delete of a contact or lead does to the kind's records pointing to it: each such
 * record changes (version, `updated_at`), announced with `<entity>.updated` in the same transaction.
 * `keeperId` given (a merge): they point to the keeper instead; else (a delete) the reference is
 * cleared (a list loses the id). Records already changed hold the id no more, so a replay changes nothing.
 */
export async function followKnownRecord<V extends OwnedValues, View extends { id: string }>(
  manager: EntityManager,
  kind: ServiceRecordKind<V, View, any, any>,
  type: KnownRecordType,
  tenantId: string,
  gone: { id: string; keeperId?: string },
  context: ChangeContext,
): Promise<void> {
  for (const reference of kind.knownReferences.filter((candidate) => candidate.type === type)) {
    const records =
      gone.keeperId === undefined
        ? await dropReference(manager, kind.table, reference, tenantId, gone.id, context.now)
        : await replaceReference(manager, kind.table, reference, tenantId, gone.id, gone.keeperId, context.now);
    await publishRecords(manager, kind, 'updated', context.actor, records);
  }
}
