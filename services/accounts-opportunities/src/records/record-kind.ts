import { ValidationError, type Caller, type CustomFieldWriteMode, type Db, type EntityManager, type EventActor, type NamedReferences } from '@crm/shared';
import { sameValues as sameRecordValues } from '@crm/shared';
import type { EntityCustomFields } from '@crm/shared';
import type { KnownReference } from './known-references';
import { emitRecordChanged, type EntityName } from './record-events';
import type { ListFilter } from './record-list';
import type { CommonListQuery } from './record-schemas';
import type { OwnedValues, RecordTable, StoredRecord } from './record-table';

/** How a body relates to the stored record: POST creates, PUT replaces every writable field, PATCH changes some. */
export type WriteMode = CustomFieldWriteMode;

/** What every body carries besides the entity's values: the owner to give it to, and its custom fields (checked apart). */
export interface RecordInput {
  assigned_to_id?: string;
  custom_fields?: unknown;
}

/** Who changes records, and when: for the events and `updated_at` of records a change touches in passing. */
export interface ChangeContext {
  actor: EventActor | null;
  now: Date;
}

/**
 * One entity of this service, as the shared use cases (`record-use-cases.ts`) need it: its table, its
 * custom fields, its defaults and references, its view and its own list filters.
 */
export interface RecordKind<V extends OwnedValues, View extends { id: string }, Query extends CommonListQuery, Required extends keyof V & string = never> {
  entity: EntityName;
  table: RecordTable<V>;
  customFields: EntityCustomFields;
  /** Fields a POST and a PUT must carry (a PATCH may leave them, but never blank them). */
  required: readonly Required[];
  /**
   * What a new record, or a PUT of `existing`, starts from before the body applies. The owner is kept
   * on a PUT that omits it, as is anything a client cannot write (an opportunity's `lead_id`).
   */
  defaults(owner: string, existing: V | undefined): Omit<V, Required>;
  /**
   * Its references to contacts and leads: checked against `known_records`, redirected from a
   * merged-away record to its keeper when written, and moved along when a merge is announced.
   */
  knownReferences: readonly KnownReference<V>[];
  /**
   * Checks what the values point to (accounts, contacts, ...): records of the tenant the caller may
   * open, else 400 on the field; `existing` when changing.
   */
  checkReferences(db: Db, caller: Caller, values: V, existing: V | undefined): Promise<void>;
  /** The records as the API shows them (owners and linked names looked up in a few queries). */
  views(db: Db, tenantId: string, records: StoredRecord<V>[]): Promise<View[]>;
  /** The views as one caller is answered them, where that differs (names of records they may not open). */
  asSeenBy?(db: Db, reader: Caller, views: View[]): Promise<View[]>;
  /** The entity's own list filters (the common ones are applied already). */
  filters(filter: ListFilter, query: Query): void;
  /** What a change of a record does to the records whose views show it (after it is stored). */
  afterChange?(manager: EntityManager, context: ChangeContext, before: StoredRecord<V>, after: StoredRecord<V>): Promise<void>;
  /** What deleting a record does first to the records that point to it. */
  beforeDelete?(manager: EntityManager, context: ChangeContext, record: StoredRecord<V>): Promise<void>;
}

/** The fields of the kind's bodies naming records of other services: its owner, its contacts and leads. */
export function namedReferencesOf<V extends OwnedValues>(kind: { knownReferences: readonly KnownReference<V>[] }): NamedReferences {
  return { assigned_to_id: 'profile', ...Object.fromEntries(kind.knownReferences.map(({ column, type }) => [column, type])) };
}

/**
 * The complete values to store for a body (custom fields are checked apart, against the tenant's
 * definitions). POST and PUT start from the defaults and need the required fields; PATCH starts from
 * the stored values. A field given as null is set to null.
 */
export function mergeValues<V extends OwnedValues, Required extends keyof V & string>(
  kind: RecordKind<V, { id: string }, CommonListQuery, Required>,
  mode: WriteMode,
  caller: Caller,
  input: RecordInput,
  existing: V | undefined,
): V {
  const { assigned_to_id, custom_fields: _checkedApart, ...fields } = input as RecordInput & Record<string, unknown>;
  if (mode !== 'patch') {
    const missing = kind.required.filter((field) => fields[field] === undefined);
    if (missing.length > 0) throw new ValidationError(Object.fromEntries(missing.map((field) => [field, 'This field is required.'])));
  }
  const base: Record<string, unknown> = mode === 'patch' ? { ...existing! } : { ...kind.defaults(existing?.assigned_to ?? caller.profileId, existing) };
  for (const column of kind.table.columns) {
    if (fields[column] !== undefined) base[column] = fields[column];
  }
  if (assigned_to_id !== undefined) base.assigned_to = assigned_to_id;
  return base as V;
}

/** Whether a change changes nothing (then it writes no event and keeps the version). */
export function sameValues<V extends OwnedValues>(table: RecordTable<V>, values: V, existing: V): boolean {
  return sameRecordValues(values, existing, table.columns);
}

/**
 * The views of records of one tenant just created or changed, each announced by its
 * `<entity>.created|updated` event in the same transaction.
 */
export async function publishRecords<V extends OwnedValues, View extends { id: string }>(
  manager: EntityManager,
  kind: RecordKind<V, View, never, keyof V & string>,
  change: 'created' | 'updated',
  actor: EventActor | null,
  records: StoredRecord<V>[],
): Promise<View[]> {
  if (records.length === 0) return [];
  const views = await kind.views(manager, records[0]!.tenantId, records);
  for (const [i, record] of records.entries()) await emitRecordChanged(manager, kind.entity, change, actor, record, views[i]!);
  return views;
}
