import { visibleRecordsCondition } from './record-ownership';
import { type Caller } from '@crm/platform';
import { isCheckViolation, mapPageRows, queryOne, queryRows, readPageRows, type Db, type PageRows, type PageWindow } from '@crm/platform';
import { exportQueryOf, type ExportQuery } from '../import-export/record-export';

/**
 * What every entity shares in storage: its table has the server-derived columns below, plus one column
 * per writable value, named as the API names the field (`name`, `account_id`, `assigned_to`, `tags`,
 * `custom_fields`, ...). So one repository serves all five entities, and a value goes from a body to a
 * column and back to a view under a single name. The owner's column is named by the table (`owner`).
 */
export interface OwnedValues {
  tags: string[];
  custom_fields: Record<string, unknown>;
}

/** The values of an entity whose owner is `assigned_to` (shown as `assigned_to {id, email}`): most entities. */
export interface AssignedValues extends OwnedValues {
  assigned_to: string;
}

/** A stored record: what the server derives, and the values a client writes. */
export interface StoredRecord<V extends OwnedValues> {
  id: string;
  tenantId: string;
  createdBy: string;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  values: V;
}

/** A table of one entity, described once; every query below is built from it. */
export interface RecordTable<V extends OwnedValues, OrderField extends string = string> {
  /** Unqualified (the search path is the service's schema); a plain identifier. */
  name: string;
  /** The columns holding the values, one per key of V. */
  columns: readonly (keyof V & string)[];
  /** The column holding the owner's profile id (`assigned_to`, or another such as `owner_id`). */
  owner: keyof V & string;
  /** How a column is read where the driver would not return it as the API shows it (`amount::text`). */
  readAs?: Partial<Record<keyof V & string, string>>;
  /** The column (or stored rank) each ordering field sorts by. */
  orderColumns: Record<OrderField, string>;
  /** The answer to a write its table's check constraints refuse, by constraint (a status that may not change any more: 422). */
  checkRefusals?: Record<string, () => Error>;
  /** A phone column a search of digits finds however it was typed (its table has a trigram index on `phoneDigitsSql(column)`, as the services' migrations make). */
  phone?: keyof V & string;
  /**
   * The table keeps its totals per tenant, owner and creator (`recordTotalsSql`), its write counts per
   * tenant (`recordWriteCountsSql`) and its changed rows (`recordChangedRowsSql`, pruned by
   * `changedRowsRetention`): lists count from the totals where they can, and keep other counts per write
   * version, carried through the rows written since (`ListCounts`).
   */
  totals?: true;
}

/** A phone number's digits, as the search of digits and its index read them. */
export const phoneDigitsSql = (column: string) => `regexp_replace(${column}, '[^0-9]', '', 'g')`;

const SYSTEM_COLUMNS = ['id', 'tenant_id', 'created_by', 'version', 'created_at', 'updated_at'];

/** The table's value columns, each as it is read (`readAs`). */
const valueSelectList = <V extends OwnedValues>(table: RecordTable<V>): string[] =>
  table.columns.map((column) => {
    const expression = table.readAs?.[column];
    return expression ? `${expression} AS ${column}` : column;
  });

/** The select list of a table's records (what `recordFromRow` reads), for an entity's own queries. */
export function recordSelectList<V extends OwnedValues>(table: RecordTable<V>): string {
  return [...SYSTEM_COLUMNS, ...valueSelectList(table)].join(', ');
}

type Row = Record<string, unknown>;

/** A row read with `recordSelectList` as a record. */
export function recordFromRow<V extends OwnedValues>(table: RecordTable<V>, row: Row): StoredRecord<V> {
  return {
    id: row.id as string,
    tenantId: row.tenant_id as string,
    createdBy: row.created_by as string,
    version: row.version as number,
    createdAt: row.created_at as Date,
    updatedAt: row.updated_at as Date,
    values: Object.fromEntries(table.columns.map((column) => [column, row[column]])) as unknown as V,
  };
}

/** Objects (custom fields) go to jsonb as JSON text; arrays, strings, numbers and null as they are. */
const param = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date) ? JSON.stringify(value) : value;

const valueParams = <V extends OwnedValues>(table: RecordTable<V>, values: V) =>
  table.columns.map((column) => param(values[column]));

/** The owner's profile id of a record. */
export const ownerOf = <V extends OwnedValues>(table: RecordTable<V>, values: V): string => values[table.owner] as string;

/** What the server sets on a new record. */
export interface NewRecord {
  id: string;
  tenantId: string;
  createdBy: string;
  now: Date;
}

/**
 * Inserts a record. A handler creating records by ids another service allocated relies on its consumer's
 * inbox to see a redelivered message once: it does not guess from what exists (architecture §4).
 */
export async function insertRecord<V extends OwnedValues>(db: Db, table: RecordTable<V>, record: NewRecord, values: V): Promise<StoredRecord<V>> {
  const columns = ['id', 'tenant_id', 'created_by', 'created_at', 'updated_at', ...table.columns];
  const placeholders = ['$1', '$2', '$3', '$4', '$4', ...table.columns.map((_, i) => `$${i + 5}`)];
  const row = await queryOne<Row>(
    db,
    `INSERT INTO ${table.name} (${columns.join(', ')}) VALUES (${placeholders.join(', ')})
     RETURNING ${recordSelectList(table)}`,
    [record.id, record.tenantId, record.createdBy, record.now, ...valueParams(table, values)],
  );
  return recordFromRow(table, row!);
}

/**
 * Inserts records in one statement, however many (an import's 5,000 too), and answers them in order.
 * The rows travel as one JSON array read by the table's own row type, so each value takes its column's
 * type (and no statement has more parameters than PostgreSQL allows).
 */
export async function insertRecords<V extends OwnedValues>(db: Db, table: RecordTable<V>, records: readonly (NewRecord & { values: V })[]): Promise<StoredRecord<V>[]> {
  if (records.length === 0) return [];
  const columns = ['id', 'tenant_id', 'created_by', 'created_at', 'updated_at', ...table.columns];
  const rows = records.map(({ id, tenantId, createdBy, now, values }) => ({
    ...values,
    id,
    tenant_id: tenantId,
    created_by: createdBy,
    created_at: now,
    updated_at: now,
  }));
  const inserted = await queryRows<Row>(
    db,
    `INSERT INTO ${table.name} (${columns.join(', ')})
     SELECT ${columns.join(', ')} FROM jsonb_populate_recordset(NULL::${table.name}, $1::jsonb)
     RETURNING ${recordSelectList(table)}`,
    [JSON.stringify(rows)],
  );
  const byId = new Map(inserted.map((row) => [row.id as string, recordFromRow(table, row)]));
  return records.map((record) => byId.get(record.id)!);
}

/** Replaces every value column, bumps the version and `updated_at`; a refusal of the table's checks answered as it says. */
export async function updateRecord<V extends OwnedValues>(
  db: Db,
  table: RecordTable<V>,
  id: string,
  values: V,
  now: Date,
): Promise<StoredRecord<V>> {
  const assignments = table.columns.map((column, i) => `${column} = $${i + 3}`);
  try {
    const row = await queryOne<Row>(
      db,
      `UPDATE ${table.name} SET ${assignments.join(', ')}, version = version + 1, updated_at = $2
       WHERE id = $1
       RETURNING ${recordSelectList(table)}`,
      [id, now, ...valueParams(table, values)],
    );
    return recordFromRow(table, row!);
  } catch (error) {
    const refusal = Object.entries(table.checkRefusals ?? {}).find(([constraint]) => isCheckViolation(error, constraint));
    throw refusal ? refusal[1]() : error;
  }
}

/**
 * The record with that id in the tenant, or undefined. `forUpdate` locks the row for the rest of the
 * transaction, so concurrent changes to one record apply one after the other.
 */
export async function findRecord<V extends OwnedValues>(
  db: Db,
  table: RecordTable<V>,
  tenantId: string,
  id: string,
  forUpdate = false,
): Promise<StoredRecord<V> | undefined> {
  const row = await queryOne<Row>(
    db,
    `SELECT ${recordSelectList(table)} FROM ${table.name} WHERE tenant_id = $1 AND id = $2${forUpdate ? ' FOR UPDATE' : ''}`,
    [tenantId, id],
  );
  return row && recordFromRow(table, row);
}

/** The tenant's records among `ids` (others are left out). */
export async function findRecords<V extends OwnedValues>(db: Db, table: RecordTable<V>, tenantId: string, ids: readonly string[]): Promise<StoredRecord<V>[]> {
  const rows = await queryRows<Row>(db, `SELECT ${recordSelectList(table)} FROM ${table.name} WHERE tenant_id = $1 AND id = ANY($2::uuid[])`, [tenantId, ids]);
  return rows.map((row) => recordFromRow(table, row));
}

/**
 * Whether the caller may open the record with that id (of their tenant, and theirs unless they are an
 * admin). The row is share-locked until commit, so it cannot be deleted between this check and the
 * write that points to it.
 */
export async function recordOpenable(db: Db, table: { name: string; owner: string }, caller: Caller, id: string): Promise<boolean> {
  const params: unknown[] = [id];
  const visible = visibleRecordsCondition(caller, table.owner, params);
  const row = await queryOne(db, `SELECT 1 FROM ${table.name} WHERE id = $1 AND ${visible} FOR KEY SHARE`, params);
  return row !== undefined;
}

export async function deleteRecord(db: Db, table: { name: string }, id: string): Promise<void> {
  await db.query(`DELETE FROM ${table.name} WHERE id = $1`, [id]);
}

/** A column pointing to other records: one id (`lead_id`) or, with `list`, an array of ids (`contact_ids`). */
export interface ReferenceColumn<V extends OwnedValues> {
  column: keyof V & string;
  list?: boolean;
}

/**
 * Rewrites a reference on every record of the tenant that holds one, as a change of each (version and
 * `updated_at` move on): the records changed, for their events. `$1` is the tenant, `$2` the time, the
 * change's own parameters follow.
 */
async function changeReferenceHolders<V extends OwnedValues>(
  db: Db,
  table: RecordTable<V>,
  tenantId: string,
  now: Date,
  change: { set: string; holders: string; params: unknown[] },
): Promise<StoredRecord<V>[]> {
  const rows = await queryRows<Row>(
    db,
    `UPDATE ${table.name} SET ${change.set}, version = version + 1, updated_at = $2
     WHERE tenant_id = $1 AND ${change.holders}
     RETURNING ${recordSelectList(table)}`,
    [tenantId, now, ...change.params],
  );
  return rows.map((row) => recordFromRow(table, row));
}

/**
 * Every record of the tenant pointing to `referencedId` through `column`, changed: its reference cleared
 * (`clear`: what it pointed to is gone), or as is (`touch`: its view shows what it points to, which
 * changed). Answers the records changed.
 */
export async function changeReferenceHoldersOf<V extends OwnedValues>(
  db: Db,
  table: RecordTable<V>,
  column: keyof V & string,
  tenantId: string,
  referencedId: string,
  now: Date,
  change: 'clear' | 'touch',
): Promise<StoredRecord<V>[]> {
  const set = change === 'clear' ? `${column} = NULL` : `${column} = ${column}`;
  return changeReferenceHolders(db, table, tenantId, now, { set, holders: `${column} = $3`, params: [referencedId] });
}

/** The tenant's records among `ids`, changed as is (version and `updated_at` move on): their views show something that changed. */
export function touchRecords<V extends OwnedValues>(db: Db, table: RecordTable<V>, tenantId: string, ids: readonly string[], now: Date): Promise<StoredRecord<V>[]> {
  return changeReferenceHolders(db, table, tenantId, now, { set: 'id = id', holders: 'id = ANY($3::uuid[])', params: [ids] });
}

/** Drops `referencedId` from a reference on every record of the tenant that holds it (null, or out of the list): the records changed. */
export async function dropReference<V extends OwnedValues>(
  db: Db,
  table: RecordTable<V>,
  reference: ReferenceColumn<V>,
  tenantId: string,
  referencedId: string,
  now: Date,
): Promise<StoredRecord<V>[]> {
  if (!reference.list) return changeReferenceHoldersOf(db, table, reference.column, tenantId, referencedId, now, 'clear');
  const { column } = reference;
  return changeReferenceHolders(db, table, tenantId, now, {
    set: `${column} = array_remove(${column}, $3::uuid)`,
    holders: `${column} @> ARRAY[$3::uuid]`,
    params: [referencedId],
  });
}

/**
 * Points every record of the tenant that references `fromId` to `toId` instead (a merge): the records
 * changed. A list keeps its order and holds `toId` once (where it held both, `fromId` is dropped).
 */
export async function replaceReference<V extends OwnedValues>(
  db: Db,
  table: RecordTable<V>,
  reference: ReferenceColumn<V>,
  tenantId: string,
  fromId: string,
  toId: string,
  now: Date,
): Promise<StoredRecord<V>[]> {
  const { column } = reference;
  const change = reference.list
    ? {
        set: `${column} = CASE WHEN ${column} @> ARRAY[$4::uuid] THEN array_remove(${column}, $3::uuid)
                          ELSE array_replace(${column}, $3::uuid, $4::uuid) END`,
        // Containment, so the GIN index on the list serves it.
        holders: `${column} @> ARRAY[$3::uuid]`,
      }
    : { set: `${column} = $4`, holders: `${column} = $3` };
  return changeReferenceHolders(db, table, tenantId, now, { ...change, params: [fromId, toId] });
}

/**
 * Gives up to `limit` of the tenant's records owned by `fromOwner` to `toOwner`, each a change of the record
 * (version and `updated_at` move on): the records changed. Rows are locked as they are picked, and a record
 * given away is no longer picked, so repeated calls walk through all of them, each record once.
 */
export function reassignOwner<V extends OwnedValues>(
  db: Db,
  table: RecordTable<V>,
  tenantId: string,
  owners: { from: string; to: string },
  now: Date,
  limit: number,
): Promise<StoredRecord<V>[]> {
  const { owner } = table;
  return changeReferenceHolders(db, table, tenantId, now, {
    set: `${owner} = $4`,
    // An array, so the pick runs once: as `id IN (…)` it may run again per row and pick more than `limit`.
    holders: `${owner} = $3 AND id = ANY (ARRAY(SELECT id FROM ${table.name} WHERE tenant_id = $1 AND ${owner} = $3 LIMIT $5 FOR UPDATE))`,
    params: [owners.from, owners.to, limit],
  });
}

/** A list query reduced to SQL: the WHERE conditions with their parameters. */
export interface ListFilterSql {
  conditions: string[];
  params: unknown[];
  /**
   * Conditions the others imply, there only to steer PostgreSQL to an index (a custom field's bound,
   * looked up in `<table>_custom_values`); they read other tables, so a row rebuilt from an old image
   * (`ListCounts`) is judged without them. Their parameters are among `params`.
   */
  implied?: string[];
  /**
   * The oldest and newest `created_at` a match can have, as SQL: a page in creation order is read
   * from there, not by walking past every newer (or older) record first.
   */
  createdBetween?: { oldest: string; newest: string }[];
}

/** A list's conditions with those they imply: what a read of the table itself (a page, a count, an export) filters by. */
export const conditionsWithImplied = (filter: ListFilterSql): string[] => [...filter.conditions, ...(filter.implied ?? [])];

export interface ListOrder<OrderField extends string> {
  field: OrderField;
  descending: boolean;
}

/** The field, then the id, both in the same direction (a stable order). */
function orderBy<OrderField extends string>(table: RecordTable<OwnedValues, OrderField>, order: ListOrder<OrderField>): string {
  const direction = order.descending ? 'DESC' : 'ASC';
  // Qualified with the table: the select list may read a column under its own name as another type.
  return `ORDER BY ${table.name}.${table.orderColumns[order.field]} ${direction}, ${table.name}.id ${direction}`;
}

/** In creation order, the creation time past which no record matches: where a walk of the order starts. */
function walkStart<OrderField extends string>(table: Pick<RecordTable<OwnedValues, OrderField>, 'name' | 'orderColumns'>, filter: ListFilterSql, order: ListOrder<OrderField>): string[] {
  if (table.orderColumns[order.field] !== 'created_at') return [];
  const column = `${table.name}.created_at`;
  return (filter.createdBetween ?? []).map(({ oldest, newest }) => (order.descending ? `${column} <= ${newest}` : `${column} >= ${oldest}`));
}

/**
 * The planner's choices while a page is read by walking its order's index (`walkOrder`): no sort of
 * every match, no bitmap or sequential scan, no parallel workers (their start costs more than the walk).
 */
const WALK_ORDER = ['enable_sort', 'enable_bitmapscan', 'enable_seqscan', 'max_parallel_workers_per_gather'];

/**
 * One page of a list, in its order (from an offset, or beyond a row: `readPageRows`). With `walkOrder`
 * (the caller knows the matches are dense: `ListCounts.walksOrder`), read by walking the order's index,
 * whatever the planner estimates; `db` must be in a transaction, whose later reads plan as usual again.
 */
export async function listRecords<V extends OwnedValues, OrderField extends string>(
  db: Db,
  table: RecordTable<V, OrderField>,
  filter: ListFilterSql,
  order: ListOrder<OrderField>,
  window: PageWindow,
  options: { walkOrder?: boolean } = {},
): Promise<PageRows<StoredRecord<V>>> {
  const orderSql = {
    // Qualified with the table: the select list may read a column under its own name as another type.
    columns: [`${table.name}.${table.orderColumns[order.field]}`],
    // Taken as nullable whatever the column: for one that is not, it costs a lookup that finds nothing at the end of a list.
    firstNullable: true,
    descending: order.descending,
    id: `${table.name}.id`,
  };
  const query = { select: recordSelectList(table), from: table.name, where: [...conditionsWithImplied(filter), ...walkStart(table, filter, order)], params: filter.params, order: orderSql };
  if (!options.walkOrder) return mapPageRows(await readPageRows<Row>(db, query, window), (row) => recordFromRow(table, row));
  await db.query(WALK_ORDER.map((setting) => `SET LOCAL ${setting} = ${setting.startsWith('enable') ? 'off' : '0'}`).join('; '));
  const rows = await readPageRows<Row>(db, query, window);
  // Not on a failure: the transaction is then over, and its settings with it.
  await db.query(WALK_ORDER.map((setting) => `RESET ${setting}`).join('; '));
  return mapPageRows(rows, (row) => recordFromRow(table, row));
}

/** A record as an export's cells read it: its row, the values under their column names (`created_at` as `ExportedRow` has it). */
export type ExportedRecord<V extends OwnedValues> = V & { id: string; created_at: string };

/**
 * `created_at` as the text an export writes, `Date#toISOString`'s (UTC, milliseconds truncated), made by
 * PostgreSQL: parsing a Date from each row and formatting it again took over a tenth of the owning
 * service's CPU in an export.
 */
const CREATED_AT_ISO = `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`;

/**
 * The select list of an export's rows: what its cells read, not `recordSelectList`'s every system column
 * (each column read is text PostgreSQL writes and pg parses, per row, by the hundred thousand).
 */
const exportSelectList = <V extends OwnedValues>(table: RecordTable<V>): string => ['id', CREATED_AT_ISO, ...valueSelectList(table)].join(', ');

/** Every record of a list, unpaged, in its order, as an export reads them (`ExportedRecord`s). */
export function exportQueryOfList<V extends OwnedValues, OrderField extends string>(
  table: RecordTable<V, OrderField>,
  filter: ListFilterSql,
  order: ListOrder<OrderField>,
): ExportQuery {
  return exportQueryOf({
    table: table.name,
    columns: exportSelectList(table),
    where: conditionsWithImplied(filter).join(' AND '),
    params: filter.params,
    orderBy: orderBy(table as RecordTable<OwnedValues, OrderField>, order),
  });
}
