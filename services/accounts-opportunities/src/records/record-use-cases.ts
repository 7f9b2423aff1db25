import { randomUUID } from 'node:crypto';
import { deleteRecordNotes, readInOneSnapshot, requireDeleteRight, requireSalesAccess, type Caller, type CustomFieldDefinitionView, type Db, type EntityManager, type PageRequest, checkAssignment, requireOwnerInTenant } from '@crm/shared';
import type { ServiceContext } from '../config';
import { redirectMergedReferences, type KnownReference } from './known-references';
import { openRecord, ownershipOf } from './record-access';
import { actorOf, emitRecordDeleted } from './record-events';
import { mergeValues, namedReferencesOf, publishRecords, sameValues, type RecordInput, type RecordKind } from './record-kind';
import { ListFilter, orderOf } from './record-list';
import type { CommonListQuery } from './record-schemas';
import { countRecords, deleteRecord, insertRecord, listRecords, updateRecord, type OwnedValues, type StoredRecord } from './record-table';

/**
 * The use cases every entity of this service has, written once: list, create, read, change, delete.
 * Each entity brings its `RecordKind` (table, defaults, references, view, filters).
 */

/**
 * The values to store: new links to merged-away contacts and leads redirected to their keepers
 * (api-contract §6), then every reference checked (400 on the field); `existing` when changing.
 */
async function linkedValues<V extends OwnedValues>(
  manager: EntityManager,
  kind: RecordKind<V, { id: string }, never, keyof V & string>,
  caller: Caller,
  values: V,
  existing: V | undefined,
): Promise<V> {
  const linked = await redirectMergedReferences(manager, kind.knownReferences, caller.tenantId, values, existing);
  await kind.checkReferences(manager, caller, linked, existing);
  return linked;
}

/**
 * Before a write's transaction: the replicas vouch for the members, contacts and leads the body names,
 * and for the caller (`ReplicatedReferences`), so one created a moment ago is there to check and show.
 */
const ensureReferences = <V extends OwnedValues>(
  context: ServiceContext,
  kind: { knownReferences: readonly KnownReference<V>[] },
  caller: Caller,
  input: RecordInput,
): Promise<void> => context.references.ensureNamedIn(caller, [input], namedReferencesOf(kind));

type Viewing<V extends OwnedValues, View extends { id: string }> = Pick<RecordKind<V, View, CommonListQuery, keyof V & string>, 'views' | 'asSeenBy'>;

/** Views as `caller` is answered them (api-contract §4: no name of a record they may not open). */
const seenBy = <V extends OwnedValues, View extends { id: string }>(db: Db, kind: Viewing<V, View>, caller: Caller, views: View[]): Promise<View[]> =>
  kind.asSeenBy ? kind.asSeenBy(db, caller, views) : Promise.resolve(views);

/** The records' views as `caller` is answered them. */
const viewsFor = async <V extends OwnedValues, View extends { id: string }>(db: Db, kind: Viewing<V, View>, caller: Caller, records: StoredRecord<V>[]): Promise<View[]> =>
  seenBy(db, kind, caller, await kind.views(db, caller.tenantId, records));

/** The list: what the caller may open, filtered, ordered and paged; the count is of the same set. */
export async function findRecords<V extends OwnedValues, View extends { id: string }, Query extends CommonListQuery>(
  context: ServiceContext,
  kind: RecordKind<V, View, Query, keyof V & string>,
  caller: Caller,
  query: Query,
  customParams: Record<string, unknown>,
  page: PageRequest,
): Promise<{ count: number; results: View[] }> {
  requireSalesAccess(caller);
  const db = context.dataSource.manager;
  const filter = new ListFilter(caller).common(query);
  kind.filters(filter, query);
  await filter.customFields(db, kind.customFields, caller.tenantId, customParams);
  // One snapshot: the count, the page and the names its views show.
  return readInOneSnapshot(context.dataSource, async (snapshot) => {
    const count = await countRecords(snapshot, kind.table, filter);
    const records = await listRecords(snapshot, kind.table, filter, orderOf(query.ordering), { offset: page.offset, limit: page.pageSize });
    return { count, results: await viewsFor(snapshot, kind, caller, records) };
  });
}

/** POST: a new record owned by the caller (or, for an admin, by `assigned_to_id`); `<entity>.created`. */
export async function createRecord<V extends OwnedValues, View extends { id: string }>(
  context: ServiceContext,
  kind: RecordKind<V, View, never, keyof V & string>,
  caller: Caller,
  input: RecordInput,
): Promise<View> {
  requireSalesAccess(caller);
  checkAssignment(caller, input.assigned_to_id, undefined);
  const values = mergeValues(kind, 'create', caller, input, undefined);
  await ensureReferences(context, kind, caller, input);
  return context.dataSource.transaction(async (manager) => {
    values.custom_fields = await kind.customFields.validValues(manager, caller.tenantId, 'create', input.custom_fields, {});
    if (input.assigned_to_id !== undefined) await requireOwnerInTenant(manager, caller.tenantId, values.assigned_to);
    const linked = await linkedValues(manager, kind, caller, values, undefined);
    const record = await insertRecord(
      manager,
      kind.table,
      { id: randomUUID(), tenantId: caller.tenantId, createdBy: caller.profileId, now: context.clock() },
      linked,
    );
    const [view] = await publishRecords(manager, kind, 'created', actorOf(caller), [record!]);
    return (await seenBy(manager, kind, caller, [view!]))[0]!;
  });
}

/** The detail GET: the record and the tenant's definitions of the entity's custom fields, to render its form. */
export async function getRecord<V extends OwnedValues, View extends { id: string }>(
  context: ServiceContext,
  kind: RecordKind<V, View, never, keyof V & string>,
  caller: Caller,
  id: string,
): Promise<View & { custom_field_definitions: CustomFieldDefinitionView[] }> {
  // One snapshot: the record and the names its view shows agree (a rename touches both at once).
  return readInOneSnapshot(context.dataSource, async (db) => {
    const record = await openRecord(db, kind.table, caller, id);
    const [view] = await viewsFor(db, kind, caller, [record]);
    return { ...view!, custom_field_definitions: await kind.customFields.definitions(db, caller.tenantId) };
  });
}

/** PUT (`replace`) or PATCH (`patch`) of a record the caller may open; a change that changes nothing emits nothing. */
export async function changeRecord<V extends OwnedValues, View extends { id: string }>(
  context: ServiceContext,
  kind: RecordKind<V, View, never, keyof V & string>,
  caller: Caller,
  id: string,
  mode: 'replace' | 'patch',
  input: RecordInput,
): Promise<View> {
  await ensureReferences(context, kind, caller, input);
  return context.dataSource.transaction(async (manager) => {
    const existing = await openRecord(manager, kind.table, caller, id, true);
    const stored = existing.values;
    checkAssignment(caller, input.assigned_to_id, stored.assigned_to);
    const values = mergeValues(kind, mode, caller, input, stored);
    values.custom_fields =
      mode === 'patch' && input.custom_fields === undefined
        ? stored.custom_fields
        : await kind.customFields.validValues(manager, caller.tenantId, mode, input.custom_fields, stored.custom_fields);
    if (values.assigned_to !== stored.assigned_to) await requireOwnerInTenant(manager, caller.tenantId, values.assigned_to);
    const linked = await linkedValues(manager, kind, caller, values, stored);
    if (sameValues(kind.table, linked, stored)) return (await viewsFor(manager, kind, caller, [existing]))[0]!;
    const now = context.clock();
    const record = await updateRecord(manager, kind.table, id, linked, now);
    const [view] = await publishRecords(manager, kind, 'updated', actorOf(caller), [record]);
    await kind.afterChange?.(manager, { actor: actorOf(caller), now }, existing, record);
    return (await seenBy(manager, kind, caller, [view!]))[0]!;
  });
}

/** DELETE: a hard delete by an admin or the creator (else 403); what pointed to it is cleared first, its notes and files go with it; `<entity>.deleted`. */
export async function removeRecord<V extends OwnedValues>(
  context: ServiceContext,
  kind: RecordKind<V, { id: string }, never, keyof V & string>,
  caller: Caller,
  id: string,
): Promise<void> {
  await context.dataSource.transaction(async (manager) => {
    const record = await openRecord(manager, kind.table, caller, id, true);
    requireDeleteRight(caller, ownershipOf(record));
    const actor = actorOf(caller);
    await kind.beforeDelete?.(manager, { actor, now: context.clock() }, record);
    await deleteRecordNotes(manager, kind.entity, id);
    await deleteRecord(manager, kind.table, id);
    await emitRecordDeleted(manager, kind.entity, actor, record);
  });
}
