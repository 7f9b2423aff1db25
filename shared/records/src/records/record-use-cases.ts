import { randomUUID } from 'node:crypto';
import { checkAssignment, requireDeleteRight, requireSalesAccess } from './record-ownership';
import { type Caller } from '@crm/platform';
import type { CustomFieldDefinitionView } from '../custom-fields';
import { readInOneSnapshot, type DataSource, type Db, type EntityManager } from '@crm/platform';
import type { ListPage, PageRequest } from '@crm/platform';
import { actorOf } from './record-events';
import { deleteRecordNotes } from '../record-notes';
import type { ReplicatedReferences } from '../replicas/replicated-references';
import { recordsCounter, type TenantQuotas } from '../quotas/tenant-quotas';
import { openRecord, ownershipOf } from './record-access';
import { valuesForWrite, namedOwner, publishRecordDeleted, publishRecords, unchanged, type AnyRecordKind, type RecordInput, type RecordKind } from './record-kind';
import type { ListCounts } from './record-counts';
import { ListFilter, orderOf, type RecordListQuery } from './record-list';
import { deleteRecord, insertRecord, listRecords, ownerOf, updateRecord, type OwnedValues, type StoredRecord } from './record-table';

/**
 * The use cases every entity has, written once: list, create, read, change, delete. Each entity brings
 * its `RecordKind` (table, defaults, references, view, filters); a service with rules of its own (a
 * service's processes and boards, an import's batches) builds its flows from the same pieces.
 */

/** What the use cases need of a service. */
export interface RecordsContext {
  dataSource: DataSource;
  clock: () => Date;
  references: ReplicatedReferences;
  /** The tenants' quotas (docs/security.md §10.5): a create past one is a 403 writing nothing. */
  quotas: TenantQuotas;
}

/** Who may name which owner: the kind's rule, else only an admin may give a record to someone else. */
export function checkOwnerChange<V extends OwnedValues>(kind: AnyRecordKind<V>, caller: Caller, input: RecordInput, current: V | undefined): void {
  const wanted = namedOwner(kind, input);
  const currentOwner = current && ownerOf(kind.table, current);
  if (kind.checkOwnerChange) kind.checkOwnerChange(caller, wanted, currentOwner);
  else checkAssignment(caller, wanted, currentOwner);
}

/**
 * Before a write's transaction: the replicas vouch for the members and records of other services the
 * bodies name, and for the caller (`ReplicatedReferences`), so one created a moment ago is there to check and show.
 */
export const ensureReferences = <V extends OwnedValues>(context: RecordsContext, kind: AnyRecordKind<V>, caller: Caller, bodies: readonly object[]): Promise<void> =>
  context.references.ensureNamedIn(caller, bodies, kind.namedReferences);

type Viewing<V extends OwnedValues, View extends { id: string }> = Pick<AnyRecordKind<V, View>, 'views' | 'asSeenBy'>;

/** Views as `caller` is answered them (api-contract §2: no name of a record they may not open). */
export const seenBy = <V extends OwnedValues, View extends { id: string }>(db: Db, kind: Viewing<V, View>, caller: Caller, views: View[]): Promise<View[]> =>
  kind.asSeenBy ? kind.asSeenBy(db, caller, views) : Promise.resolve(views);

/** The records' views as `caller` is answered them. */
export const viewsFor = async <V extends OwnedValues, View extends { id: string }>(db: Db, kind: Viewing<V, View>, caller: Caller, records: StoredRecord<V>[]): Promise<View[]> =>
  seenBy(db, kind, caller, await kind.views(db, caller.tenantId, records));

/** One record's view as `caller` is answered it. */
export const viewFor = async <V extends OwnedValues, View extends { id: string }>(db: Db, kind: Viewing<V, View>, caller: Caller, record: StoredRecord<V>): Promise<View> =>
  (await viewsFor(db, kind, caller, [record]))[0]!;

/** A list's filters as SQL: what the caller may open, the common filters, the owner's, the kind's own, the `cf_<key>` ones. */
export async function listFilterOf<V extends OwnedValues, Query extends RecordListQuery>(
  db: Db,
  kind: RecordKind<V, { id: string }, Query, keyof V & string>,
  caller: Caller,
  query: Query,
  customParams: Record<string, unknown>,
): Promise<ListFilter> {
  const filter = new ListFilter(caller, kind.table.owner)
    .common(query, kind.table.phone)
    .ownedBy((query as Record<string, unknown>)[kind.owner.filter] as string | undefined);
  kind.filters(filter, query);
  return filter.customFields(db, kind.customFields, caller.tenantId, customParams);
}

/** The list: what the caller may open, filtered, ordered and paged; the count is of the same set. */
export async function findRecordViews<V extends OwnedValues, View extends { id: string }, Query extends RecordListQuery>(
  context: Pick<RecordsContext, 'dataSource'>,
  kind: RecordKind<V, View, Query, keyof V & string>,
  caller: Caller,
  query: Query,
  customParams: Record<string, unknown>,
  page: PageRequest,
  counts: ListCounts,
): Promise<ListPage<View>> {
  requireSalesAccess(caller);
  const filter = await listFilterOf(context.dataSource.manager, kind, caller, query, customParams);
  // One snapshot: the count, the page and the names its views show.
  return readInOneSnapshot(context.dataSource, async (snapshot) => {
    const count = await counts.count(snapshot, filter);
    // Knowing the count, a bare page= in the list's second half is read from its end.
    const start = 'offset' in page.start ? { ...page.start, total: count } : page.start;
    const walkOrder = await counts.walksOrder(snapshot, filter, count, page.pageSize);
    const { rows, ...place } = await listRecords(snapshot, kind.table, filter, orderOf(query.ordering), { limit: page.pageSize, start }, { walkOrder });
    return { count, results: await viewsFor(snapshot, kind, caller, rows), ...place };
  });
}

/** POST: a new record owned by the caller (or, for an admin, by the owner the body names); `<entity>.created`. */
export async function createRecord<V extends OwnedValues, View extends { id: string }>(
  context: RecordsContext,
  kind: AnyRecordKind<V, View>,
  caller: Caller,
  input: RecordInput,
): Promise<View> {
  requireSalesAccess(caller);
  checkOwnerChange(kind, caller, input, undefined);
  kind.checkInput?.('create', input, undefined);
  const values = valuesForWrite(kind, 'create', caller, input, undefined);
  await ensureReferences(context, kind, caller, [input]);
  return context.dataSource.transaction(async (manager) => {
    values.custom_fields = await kind.customFields.validValues(manager, caller.tenantId, 'create', input.custom_fields, {});
    const linked = await kind.linkReferences(manager, caller, values, undefined);
    await context.quotas.requireRoom(manager, caller.tenantId, recordsCounter(kind.table), 1);
    const record = await insertRecord(
      manager,
      kind.table,
      { id: randomUUID(), tenantId: caller.tenantId, createdBy: caller.profileId, now: context.clock() },
      linked,
    );
    const [view] = await publishRecords(manager, kind, 'created', actorOf(caller), [record]);
    return (await seenBy(manager, kind, caller, [view!]))[0]!;
  });
}

/** The detail GET: the record and the tenant's definitions of the entity's custom fields, to render its form. */
export async function getRecord<V extends OwnedValues, View extends { id: string }>(
  context: Pick<RecordsContext, 'dataSource'>,
  kind: AnyRecordKind<V, View>,
  caller: Caller,
  id: string,
): Promise<View & { custom_field_definitions: CustomFieldDefinitionView[] }> {
  // One snapshot: the record and the names its view shows agree (a rename touches both at once).
  return readInOneSnapshot(context.dataSource, async (db) => {
    const record = await openRecord(db, kind.table, caller, id);
    return { ...(await viewFor(db, kind, caller, record)), custom_field_definitions: await kind.customFields.definitions(db, caller.tenantId) };
  });
}

/**
 * The values a PUT (`replace`) or PATCH (`patch`) of `stored` stores, with every rule of a change checked:
 * the kind's own, the owner change (403), the whole record, the custom fields, the references (the
 * owner among them); the values the server completes filled in.
 */
export async function valuesForChange<V extends OwnedValues>(
  manager: EntityManager,
  kind: AnyRecordKind<V>,
  caller: Caller,
  mode: 'replace' | 'patch',
  input: RecordInput,
  stored: V,
): Promise<V> {
  kind.checkInput?.(mode, input, stored);
  checkOwnerChange(kind, caller, input, stored);
  const values = valuesForWrite(kind, mode, caller, input, stored);
  values.custom_fields =
    mode === 'patch' && input.custom_fields === undefined
      ? stored.custom_fields
      : await kind.customFields.validValues(manager, caller.tenantId, mode, input.custom_fields, stored.custom_fields);
  await kind.completeChange?.(manager, caller, input, values, stored);
  const linked = await kind.linkReferences(manager, caller, values, stored);
  return linked;
}

/** PUT (`replace`) or PATCH (`patch`) of a record the caller may open; a change that changes nothing emits nothing. */
export async function changeRecord<V extends OwnedValues, View extends { id: string }>(
  context: RecordsContext,
  kind: AnyRecordKind<V, View>,
  caller: Caller,
  id: string,
  mode: 'replace' | 'patch',
  input: RecordInput,
): Promise<View> {
  await ensureReferences(context, kind, caller, [input]);
  return context.dataSource.transaction(async (manager) => {
    const existing = await openRecord(manager, kind.table, caller, id, true);
    const stored = existing.values;
    const linked = await valuesForChange(manager, kind, caller, mode, input, stored);
    if (unchanged(kind.table, linked, stored)) return viewFor(manager, kind, caller, existing);
    const now = context.clock();
    const record = await updateRecord(manager, kind.table, id, linked, now);
    const [view] = await publishRecords(manager, kind, 'updated', actorOf(caller), [record]);
    await kind.afterChange?.(manager, { actor: actorOf(caller), now }, existing, record);
    return (await seenBy(manager, kind, caller, [view!]))[0]!;
  });
}

/** DELETE: a hard delete by an admin or the creator (else 403); what pointed to it is cleared first, its notes and files go with it; `<entity>.deleted`. */
export async function removeRecord<V extends OwnedValues>(
  context: Pick<RecordsContext, 'dataSource' | 'clock'>,
  kind: AnyRecordKind<V>,
  caller: Caller,
  id: string,
): Promise<void> {
  await context.dataSource.transaction(async (manager) => {
    const record = await openRecord(manager, kind.table, caller, id, true);
    requireDeleteRight(caller, ownershipOf(kind.table, record));
    const actor = actorOf(caller);
    await kind.beforeDelete?.(manager, { actor, now: context.clock() }, record);
    await deleteRecordNotes(manager, kind.entity, id);
    await deleteRecord(manager, kind.table, id);
    await publishRecordDeleted(manager, kind, actor, record);
  });
}
