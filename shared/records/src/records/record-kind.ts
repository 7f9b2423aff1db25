import type { Caller } from '@crm/platform';
import type { CustomFieldWriteMode, EntityCustomFields } from '../custom-fields';
import type { Db, EntityManager } from '@crm/platform';
import { ValidationError } from '@crm/platform';
import type { EventActor } from '@crm/platform';
import { enqueueRecordChanges, enqueueRecordDeleted } from './record-events';
import { requireOwnerInTenant } from '../profile-replica';
import type { NamedReferences } from '../replicas/replicated-references';
import type { NewRecordRow } from './record-creation';
import type { ListFilter, RecordListQuery } from './record-list';
import { ownerOf, type OwnedValues, type RecordTable, type StoredRecord } from './record-table';
import { sameValues as sameRecordValues } from './same-values';

/** How a body relates to the stored record: POST creates, PUT replaces every writable field, PATCH changes some. */
export type WriteMode = CustomFieldWriteMode;

/** What every body carries besides the entity's values: its custom fields (checked apart) and its owner (named by the kind). */
export interface RecordInput {
  custom_fields?: unknown;
}

/** Who changes records, and when: for the events and `updated_at` of records a change touches in passing. */
export interface ChangeContext {
  actor: EventActor | null;
  now: Date;
}

/**
 * One entity, described once: its table, its owner field, its custom fields, its defaults and
 * references, its view and its own list filters. The shared use cases (`record-use-cases.ts`), the
 * routes (`record-routes.ts`) and every service's own flows (its processes, an import) read it.
 */
export interface RecordKind<V extends OwnedValues, View extends { id: string }, Query extends RecordListQuery = RecordListQuery, Required extends keyof V & string = never> {
  /** The entity's name, singular: the prefix of its events and the record type of its notes, files and custom fields. */
  entity: string;
  /** The service that owns it: its events' `source`. */
  source: string;
  table: RecordTable<V>;
  customFields: EntityCustomFields;
  /** The body field naming the owner (`assigned_to_id`, or another such as `owner_id`) and the list parameter filtering by it. */
  owner: { field: string; filter: string };
  /** Fields a POST and a PUT must carry (a PATCH may leave them, but never blank them). */
  required: readonly Required[];
  /**
   * What a new record, or a PUT of `existing`, starts from before the body applies. The owner is kept
   * on a PUT that omits it, as is anything a client cannot write (a reference the server keeps).
   */
  defaults(owner: string, existing: V | undefined): Omit<V, Required>;
  /** A rule on the whole record, after every write (it names someone; it has a name): throws a 400. */
  validate?(values: V): void;
  /** The entity's own rules on a body, before anything is read (a status it may not take: 400 or 422). */
  checkInput?(mode: WriteMode, input: RecordInput, existing: V | undefined): void;
  /**
   * Checks of a batch of new records the kind makes at once, one query per lookup (an import of 5,000
   * the references of a whole import looked up in one): it refuses a row by adding to its `errors`, and completes
   * values the server gives (a place at the end of a board column).
   */
  checkNew?(db: Db, caller: Caller, rows: NewRecordRow<V>[]): Promise<void>;
  /** Values the server completes on a change, once the body's are known (a record moved to another status goes to the end of its column). */
  completeChange?(db: Db, caller: Caller, input: RecordInput, values: V, existing: V): Promise<void>;
  /** Who may name which owner (403); by default only an admin may give a record to someone else. */
  checkOwnerChange?(caller: Caller, wanted: string | undefined, current: string | undefined): void;
  /** The body fields naming records of other services, which the service's replicas vouch for before a write. */
  namedReferences: NamedReferences;
  /**
   * Checks what the values point to (the owner, other services' records, ...): records of the tenant the
   * caller may open, else one 400 naming every bad field; `existing` when changing. Answers the values
   * to store (a reference to a merged-away record redirected to its keeper).
   */
  linkReferences(db: Db, caller: Caller, values: V, existing: V | undefined): Promise<V>;
  /** The records as the API shows them (owners and linked names looked up in a few queries). */
  views(db: Db, tenantId: string, records: StoredRecord<V>[]): Promise<View[]>;
  /** The views as one caller is answered them, where that differs (names of records they may not open). */
  asSeenBy?(db: Db, reader: Caller, views: View[]): Promise<View[]>;
  /** The entity's own list filters (the common ones and the owner's are applied already). */
  filters(filter: ListFilter, query: Query): void;
  /** What a change of a record does to the records whose views show it (after it is stored). */
  afterChange?(manager: EntityManager, context: ChangeContext, before: StoredRecord<V>, after: StoredRecord<V>): Promise<void>;
  /** What deleting a record does first to the records that point to it. */
  beforeDelete?(manager: EntityManager, context: ChangeContext, record: StoredRecord<V>): Promise<void>;
}

/** A kind whatever its view, list query and required fields: what the helpers below read. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRecordKind<V extends OwnedValues, View extends { id: string } = { id: string }> = RecordKind<V, View, any, any>;

/**
 * The complete values to store for a body (custom fields are checked apart, against the tenant's
 * definitions). POST and PUT start from the defaults and need the required fields; PATCH starts from
 * the stored values. A field given as null is set to null. The kind's whole-record rule is checked last.
 */
export function valuesForWrite<V extends OwnedValues>(
  kind: AnyRecordKind<V>,
  mode: WriteMode,
  caller: Caller,
  input: RecordInput,
  existing: V | undefined,
): V {
  const { [kind.owner.field]: owner, custom_fields: _checkedApart, ...fields } = input as Record<string, unknown>;
  if (mode !== 'patch') {
    const missing = (kind.required as readonly string[]).filter((field) => fields[field] === undefined);
    if (missing.length > 0) throw new ValidationError(Object.fromEntries(missing.map((field) => [field, 'This field is required.'])));
  }
  const base: Record<string, unknown> =
    mode === 'patch' ? { ...existing! } : { ...kind.defaults(existing ? ownerOf(kind.table, existing) : caller.profileId, existing) };
  for (const column of kind.table.columns) {
    if (column !== kind.table.owner && fields[column] !== undefined) base[column] = fields[column];
  }
  if (owner !== undefined) base[kind.table.owner] = owner;
  kind.validate?.(base as V);
  return base as V;
}

/** The owner a body names, if any. */
export const namedOwner = <V extends OwnedValues>(kind: AnyRecordKind<V>, input: RecordInput): string | undefined =>
  (input as Record<string, unknown>)[kind.owner.field] as string | undefined;

/**
 * The owner the values give the record when it is a change to check (a member of the tenant): one
 * other than the record's current owner, or than its creator's for a new record.
 */
export function ownerToCheck<V extends OwnedValues>(kind: AnyRecordKind<V>, caller: Caller, values: V, existing: V | undefined): string | undefined {
  const owner = ownerOf(kind.table, values);
  return owner === (existing ? ownerOf(kind.table, existing) : caller.profileId) ? undefined : owner;
}

/** The owner the values give the record, when it is a change to check, is a member of the tenant (else 400 on `assigned_to_id`, as `requireOwnerInTenant` answers). */
export async function requireOwnerMember<V extends OwnedValues>(db: Db, kind: AnyRecordKind<V>, caller: Caller, values: V, existing: V | undefined): Promise<void> {
  const owner = ownerToCheck(kind, caller, values, existing);
  if (owner !== undefined) await requireOwnerInTenant(db, caller.tenantId, owner);
}

/** Whether a change changes nothing (then it writes no event and keeps the version). */
export function unchanged<V extends OwnedValues>(table: RecordTable<V>, values: V, existing: V): boolean {
  return sameRecordValues(values, existing, table.columns);
}

/**
 * The views of records of one tenant just created or changed, each announced by its
 * `<entity>.created|updated` event in the same transaction.
 */
export async function publishRecords<V extends OwnedValues, View extends { id: string }>(
  manager: EntityManager,
  kind: AnyRecordKind<V, View>,
  change: 'created' | 'updated',
  actor: EventActor | null,
  records: StoredRecord<V>[],
): Promise<View[]> {
  if (records.length === 0) return [];
  const views = await kind.views(manager, records[0]!.tenantId, records);
  const type = `${kind.entity}.${change}`;
  await enqueueRecordChanges(manager, { source: kind.source, type, actor, records, views });
  return views;
}

/** `<entity>.deleted`: `{id, assigned_to: [owners], version}`; `owners` every owner it had (more after a merge). */
export async function publishRecordDeleted<V extends OwnedValues>(
  manager: EntityManager,
  kind: AnyRecordKind<V>,
  actor: EventActor | null,
  record: StoredRecord<V>,
  event: { owners?: string[]; mergedInto?: string } = {},
): Promise<void> {
  await enqueueRecordDeleted(manager, {
    source: kind.source,
    type: `${kind.entity}.deleted`,
    actor,
    record,
    owners: event.owners ?? [ownerOf(kind.table, record.values)],
    ...(event.mergedInto ? { mergedInto: event.mergedInto } : {}),
  });
}
