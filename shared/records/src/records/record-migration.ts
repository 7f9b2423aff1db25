/**
 * What the migration of every record table is made of (architecture §6, "Adding an entity"): tools to write the SQL of
 * a NEW migration file. Applied migrations hold the SQL these gave then, frozen (services/<service>/migrations/,
 * docs/operations.md), so changing a builder changes only the migrations written after.
 */
import type { SqlMigration } from '@crm/platform';

/**
 * The columns every record table has besides its own: what the records layer reads as the
 * server-derived part and the owner, tags and custom fields of every entity (`record-table.ts`).
 */
export const OWNED_RECORD_COLUMNS = `tags text[] NOT NULL DEFAULT '{}',
        assigned_to uuid NOT NULL,
        created_by uuid NOT NULL,
        custom_fields jsonb NOT NULL DEFAULT '{}'::jsonb,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()`;

/**
 * The indexes every record table has: the default order and `updated_at` per tenant, members' views
 * (what they own, what they created), tags, custom fields (containment) and free text (trigram).
 */
export const ownedRecordIndexes = (table: string) => `
      CREATE INDEX ${table}_tenant_created ON ${table} (tenant_id, created_at, id);
      CREATE INDEX ${table}_tenant_updated ON ${table} (tenant_id, updated_at, id);
      CREATE INDEX ${table}_tenant_assigned ON ${table} (tenant_id, assigned_to, created_at, id);
      CREATE INDEX ${table}_tenant_creator ON ${table} (tenant_id, created_by, created_at, id);
      CREATE INDEX ${table}_tags ON ${table} USING gin (tags);
      CREATE INDEX ${table}_custom_fields ON ${table} USING gin (custom_fields jsonb_path_ops);
      CREATE INDEX ${table}_search ON ${table} USING gin (search_text public.gin_trgm_ops);`;

/**
 * The shard of `<table>_totals` and `<table>_writes` a transaction writes: the same for all its
 * statements, so a transaction takes one row of each per tenant and two transactions never wait for
 * each other's rows in turn (a deadlock); concurrent writers of one tenant mostly write different shards.
 */
const TRANSACTION_SHARD = '(txid_current() % 8)::smallint';

/** Columns besides the owner and creator that a table's totals are kept by, with their types (a status: `status: 'text'`). */
export type TotalsKeyColumns = Readonly<Record<string, string>>;

/**
 * A record table's totals (architecture: big tenants): how many records each tenant holds per owner and
 * creator, and per `keyColumns`, so a list restricted only by who may open, who owns and those columns
 * is counted from a few rows, not by reading a tenant's millions. Kept by statement triggers in the
 * writing transaction, so a count read in a snapshot agrees with the rows of that snapshot. Columns are
 * named as the table names them, so the list's own conditions read the totals. The functions keep the
 * schema's search path: a session of another schema (an operator, a restore) writing the table keeps
 * them too.
 */
export function recordTotalsSql(table: string, ownerColumn: string, keyColumns: TotalsKeyColumns = {}): string {
  const totals = `${table}_totals`;
  const key = ['tenant_id', ownerColumn, 'created_by', ...Object.keys(keyColumns)].join(', ');
  return `
    CREATE TABLE ${totals} (
      tenant_id uuid NOT NULL,
      ${ownerColumn} uuid NOT NULL,
      created_by uuid NOT NULL,
      ${Object.entries(keyColumns).map(([column, type]) => `${column} ${type} NOT NULL,`).join('\n      ')}
      shard smallint NOT NULL,
      n bigint NOT NULL,
      PRIMARY KEY (${key}, shard)
    );
    ${recordTotalsFunctionSql(table, ownerColumn, keyColumns)}
    CREATE FUNCTION ${table}_clear_totals() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
      DELETE FROM ${totals};
      RETURN NULL;
    END
    $$;
    LOCK TABLE ${table} IN SHARE MODE;
    INSERT INTO ${totals} (${key}, shard, n) SELECT ${key}, 0, count(*) FROM ${table} GROUP BY ${key};
    ${statementTriggersSql(table, 'totals', 'keep_totals', 'clear_totals')}
  `;
}

/**
 * The statement triggers running `<table>_<fn>()` after each insert, delete and update, with the rows the
 * statement changed as `old_rows` / `new_rows`, and `<table>_<onTruncate>()` after a truncate.
 */
function statementTriggersSql(table: string, purpose: string, fn: string, onTruncate = fn): string {
  const rows = { INSERT: 'NEW TABLE AS new_rows', DELETE: 'OLD TABLE AS old_rows', UPDATE: 'OLD TABLE AS old_rows NEW TABLE AS new_rows' };
  return [
    ...Object.entries(rows).map(
      ([operation, transition]) => `CREATE TRIGGER ${table}_${purpose}_on_${operation.toLowerCase()} AFTER ${operation} ON ${table} REFERENCING ${transition}
      FOR EACH STATEMENT EXECUTE FUNCTION ${table}_${fn}();`,
    ),
    `CREATE TRIGGER ${table}_${purpose}_on_truncate AFTER TRUNCATE ON ${table}
      FOR EACH STATEMENT EXECUTE FUNCTION ${table}_${onTruncate}();`,
  ].join('\n    ');
}

/** The function keeping `<table>_totals`; `CREATE OR REPLACE`, so a later migration changes it in place. */
export function recordTotalsFunctionSql(table: string, ownerColumn: string, keyColumns: TotalsKeyColumns = {}): string {
  const key = ['tenant_id', ownerColumn, 'created_by', ...Object.keys(keyColumns)];
  const add = (rows: string, sign: string) =>
    `INSERT INTO ${table}_totals AS t (${key.join(', ')}, shard, n)
         SELECT ${key.join(', ')}, ${TRANSACTION_SHARD}, ${sign}count(*) FROM ${rows} GROUP BY ${key.join(', ')}
         ON CONFLICT (${key.join(', ')}, shard) DO UPDATE SET n = t.n + EXCLUDED.n;`;
  const keyChanged = `(${key.map((column) => `o.${column}`).join(', ')}) IS DISTINCT FROM (${key.map((column) => `n.${column}`).join(', ')})`;
  const moved = (side: 'o' | 'n') => `(SELECT ${side}.* FROM old_rows o JOIN new_rows n USING (id) WHERE ${keyChanged}) AS moved`;
  return `CREATE OR REPLACE FUNCTION ${table}_keep_totals() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        ${add('new_rows', '')}
      ELSIF TG_OP = 'DELETE' THEN
        ${add('old_rows', '-')}
      ELSE
        -- Only rows whose key changed move between totals.
        ${add(moved('o'), '-')}
        ${add(moved('n'), '')}
      END IF;
      RETURN NULL;
    END
    $$;`;
}

/** Undoes `recordTotalsSql`, for a new migration that keeps the totals by other columns (a service's totals by status, say). */
export const dropRecordTotalsSql = (table: string) => `
    DROP TRIGGER ${table}_totals_on_insert ON ${table};
    DROP TRIGGER ${table}_totals_on_delete ON ${table};
    DROP TRIGGER ${table}_totals_on_update ON ${table};
    DROP TRIGGER ${table}_totals_on_truncate ON ${table};
    DROP FUNCTION ${table}_keep_totals();
    DROP FUNCTION ${table}_clear_totals();
    DROP TABLE ${table}_totals;`;

/**
 * A record table's write counts (architecture: big tenants): each statement that changes rows of a
 * tenant adds one to one of its shards, in the writing transaction. Their sum is the tenant's write
 * version as a snapshot sees it. Snapshots see ever more commits and every commit that changed a
 * tenant's rows added to its sum, so two snapshots with the same sum see the same rows of that tenant:
 * a count of them read once is exact for as long as the sum stays (`ListCounts`). A truncate changes
 * every tenant; the counts start at one for each tenant with rows.
 */
export function recordWriteCountsSql(table: string): string {
  return `
    CREATE TABLE ${table}_writes (tenant_id uuid NOT NULL, shard smallint NOT NULL, n bigint NOT NULL, PRIMARY KEY (tenant_id, shard));
    ${writeCountsFunctionSql(table, false)}
    LOCK TABLE ${table} IN SHARE MODE;
    INSERT INTO ${table}_writes (tenant_id, shard, n) SELECT DISTINCT tenant_id, 0, 1 FROM ${table};
    ${statementTriggersSql(table, 'writes', 'count_writes')}
  `;
}

/** The writing transaction's id as a number (`xid8` as text: PostgreSQL has no cast to bigint). */
const TRANSACTION_ID = 'pg_current_xact_id()::text::bigint';

/**
 * The statement's snapshot as it would be if this transaction had committed: everything it sees, and
 * this transaction; transactions still running, or begun since it was taken, not.
 */
const SNAPSHOT_SEEING_THIS_TRANSACTION = `(
          pg_snapshot_xmin(pg_current_snapshot()) || ':' || (${TRANSACTION_ID} + 1) || ':' || coalesce((
            SELECT string_agg(running::text, ',' ORDER BY running) FROM (
              SELECT xid::text::bigint AS running FROM pg_snapshot_xip(pg_current_snapshot()) AS xid
              UNION SELECT generate_series(pg_snapshot_xmax(pg_current_snapshot())::text::bigint, ${TRANSACTION_ID} - 1)
            ) AS others WHERE running <> ${TRANSACTION_ID}), '')
        )::pg_snapshot`;

/**
 * The function behind `<table>_writes`; with `changedRows` (`recordChangedRowsSql`) it also notes the
 * rows the statement changed, as they were before it. `CREATE OR REPLACE`, so a later migration changes it in place.
 */
function writeCountsFunctionSql(table: string, changedRows: boolean): string {
  const writes = `${table}_writes`;
  const add = (rows: string) =>
    `INSERT INTO ${writes} AS w (tenant_id, shard, n) SELECT DISTINCT tenant_id, ${TRANSACTION_SHARD}, 1 FROM ${rows}
         ON CONFLICT (tenant_id, shard) DO UPDATE SET n = w.n + 1;`;
  const note = (rows: string, before: string) =>
    changedRows
      ? `INSERT INTO ${table}_changed_rows (tenant_id, xid, record_ids, old_rows)
         SELECT tenant_id, ${TRANSACTION_ID}, array_agg(id ORDER BY id), ${before} FROM ${rows} GROUP BY tenant_id;`
      : '';
  return `CREATE OR REPLACE FUNCTION ${table}_count_writes() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        ${add('new_rows')}
        ${note('new_rows', 'NULL::jsonb')}
      ELSIF TG_OP = 'DELETE' THEN
        ${add('old_rows')}
        ${note('old_rows AS o', 'jsonb_agg(to_jsonb(o) ORDER BY id)')}
      ELSIF TG_OP = 'UPDATE' THEN
        ${add('(SELECT tenant_id FROM old_rows UNION ALL SELECT tenant_id FROM new_rows) AS changed')}
        ${note('old_rows AS o', 'jsonb_agg(to_jsonb(o) ORDER BY id)')}
      ELSE
        UPDATE ${writes} SET n = n + 1;
        ${changedRows ? `-- Unnoted, the truncate's rows: no count kept by a snapshot that did not see it may be carried on.
        UPDATE ${table}_changed_rows_pruned SET through = ${SNAPSHOT_SEEING_THIS_TRANSACTION};` : ''}
      END IF;
      RETURN NULL;
    END
    $$;`;
}

/**
 * The rows each committed write of a record table changed, as they were before it (none for an
 * insert), for a while (`pruneChangedRowsSql`): so a count kept from an earlier snapshot is carried to a
 * later one by looking at only the rows written between them (`ListCounts`), not by counting a tenant's
 * millions again after each write. One row per statement and tenant: the ids, and the old rows in the
 * same order (an import of 5,000 rows notes one row, not 5,000). `xid` is the writing transaction's,
 * which a snapshot says it sees or not; `seq` orders one record's changes (a row is locked until its
 * writer commits, so they follow in commit order). `<table>_changed_rows_pruned.through` is a snapshot that saw every write whose rows are
 * gone: a count kept by a snapshot that did not see all it saw cannot be carried on.
 */
export function recordChangedRowsSql(table: string): string {
  const changed = `${table}_changed_rows`;
  return `
    CREATE TABLE ${changed} (
      tenant_id uuid NOT NULL,
      xid bigint NOT NULL,
      seq bigint GENERATED ALWAYS AS IDENTITY,
      record_ids uuid[] NOT NULL,
      old_rows jsonb,
      noted_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX ${changed}_by_tenant ON ${changed} (tenant_id, xid);
    CREATE TABLE ${changed}_pruned (
      single boolean PRIMARY KEY DEFAULT true CHECK (single),
      through pg_snapshot NOT NULL,
      next_through pg_snapshot NOT NULL
    );
    INSERT INTO ${changed}_pruned (through, next_through) VALUES (pg_current_snapshot(), pg_current_snapshot());
    ${writeCountsFunctionSql(table, true)}
  `;
}

/** How long at least a record table's changed rows are kept: longer than any count kept from before them is carried on. */
const CHANGED_ROWS_KEPT = '15 minutes';

/**
 * Deletes the changed rows noted over `CHANGED_ROWS_KEPT` ago whose writes the previous pruning's
 * snapshot saw, and keeps that snapshot as the one that saw every pruned write; answers how many went.
 * By snapshot, not by transaction id: a long writer still running elsewhere (an import, another
 * database's) neither loses its rows nor stops counts being carried past the pruned ones.
 */
export function pruneChangedRowsSql(table: string): string {
  const changed = `${table}_changed_rows`;
  return `WITH last AS (SELECT next_through FROM ${changed}_pruned),
      pruned AS (DELETE FROM ${changed} AS c USING last
                 WHERE c.noted_at < now() - interval '${CHANGED_ROWS_KEPT}' AND pg_visible_in_snapshot(c.xid::text::xid8, last.next_through) RETURNING 1),
      moved AS (UPDATE ${changed}_pruned SET through = next_through, next_through = pg_current_snapshot())
    SELECT count(*)::int AS deleted FROM pruned`;
}

/**
 * A record table's number and date custom-field values, one row per record and field, indexed by
 * tenant, field and value (architecture: big tenants): a bound (`cf_<key>__gte`, `__lte`) is an index
 * range there, not a read of every record's jsonb, and each entry carries its record's `created_at`, so
 * the range of creation times of the matches is read from the index alone (where a walk of the default
 * order starts). A number is kept as `number_value`; a string that reads as a date (`YYYY-MM-DD`, what a
 * date field holds) as its text in `date_value`, which sorts as the calendar does. Kept by statement
 * triggers in the writing transaction, as the totals are, so a list's snapshot sees both alike.
 *
 * For a table already holding records (a new table: `recordCustomValuesSql`), four migrations from
 * `timestamp` on, none of which stops writes: the table and its triggers; the values of the records
 * already there (one statement, beside the writes: a value a concurrent write has kept already stays);
 * each index, built concurrently. A list reads the values only once all have run (the migrate step runs
 * before the release's code).
 */
export function recordCustomValuesMigrations(table: string, timestamp: number): SqlMigration[] {
  const name = `${table.replace(/(^|_)([a-z])/g, (_, __, letter: string) => letter.toUpperCase())}CustomValues`;
  return [
    { name: `${name}${timestamp}`, up: customValuesKeptSql(table) },
    { name: `${name}Filled${timestamp + 1}`, transaction: false, up: keepCustomValuesSql(table, table, 'DO NOTHING') },
    ...customValuesIndexesSql(table, 'CONCURRENTLY IF NOT EXISTS').map((up, index) => ({ name: `${name}Index${index + 1}${timestamp + 2 + index}`, transaction: false as const, up })),
  ];
}

/** `recordCustomValuesMigrations` in one migration, for a table created in the same one or still small (writes wait for it). */
export const recordCustomValuesSql = (table: string): string =>
  [customValuesKeptSql(table), keepCustomValuesSql(table, table, 'DO NOTHING'), ...customValuesIndexesSql(table, '')].join(';\n');

/** Writes the custom values of `rows` (with `conflict`: what becomes of a value kept already). */
function keepCustomValuesSql(table: string, rows: string, conflict: string): string {
  return `INSERT INTO ${table}_custom_values AS kept (tenant_id, field, record_id, created_at, number_value, date_value)
         SELECT r.tenant_id, field.key, r.id, r.created_at,
           CASE WHEN jsonb_typeof(field.value) = 'number' THEN field.value::numeric END,
           CASE WHEN jsonb_typeof(field.value) = 'string' THEN field.value #>> '{}' END
         FROM ${rows} AS r, jsonb_each(r.custom_fields) AS field
         WHERE jsonb_typeof(field.value) = 'number'
            OR (jsonb_typeof(field.value) = 'string' AND field.value #>> '{}' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')
         ON CONFLICT (record_id, field) ${conflict}`;
}

/** The values table and the triggers keeping it; a write's values replace any the filling wrote before them. */
function customValuesKeptSql(table: string): string {
  const values = `${table}_custom_values`;
  const keep = (rows: string) =>
    `${keepCustomValuesSql(table, rows, `DO UPDATE SET number_value = EXCLUDED.number_value, date_value = EXCLUDED.date_value`)};`;
  const changed = `(SELECT n.* FROM old_rows o JOIN new_rows n USING (id) WHERE o.custom_fields IS DISTINCT FROM n.custom_fields)`;
  return `
    CREATE TABLE ${values} (
      record_id uuid NOT NULL,
      field text NOT NULL,
      tenant_id uuid NOT NULL,
      created_at timestamptz NOT NULL,
      number_value numeric,
      date_value text,
      PRIMARY KEY (record_id, field)
    );
    CREATE FUNCTION ${table}_keep_custom_values() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        ${keep('new_rows')}
      ELSIF TG_OP = 'DELETE' THEN
        DELETE FROM ${values} AS v USING old_rows AS o WHERE v.record_id = o.id;
      ELSIF TG_OP = 'UPDATE' THEN
        -- Only records whose custom fields changed: their values are written again.
        DELETE FROM ${values} AS v USING ${changed} AS r WHERE v.record_id = r.id;
        ${keep(changed)}
      ELSE
        TRUNCATE ${values};
      END IF;
      RETURN NULL;
    END
    $$;
    ${statementTriggersSql(table, 'custom_values', 'keep_custom_values')}`;
}

/** The values' indexes (`how`: `CONCURRENTLY IF NOT EXISTS`, or nothing), each carrying what a bound's page and range read. */
const customValuesIndexesSql = (table: string, how: string): string[] =>
  (['number', 'date'] as const).map(
    (kind) =>
      `CREATE INDEX ${how} ${table}_custom_values_by_${kind} ON ${table}_custom_values (tenant_id, field, ${kind}_value) INCLUDE (created_at, record_id) WHERE ${kind}_value IS NOT NULL`,
  );

/**
 * Puts a record table's stored text in Unicode's composed form (NFC), as every request's text has been
 * since `composedText` (http/malformed-text.ts): a row written before may hold "Müller" decomposed
 * (u + U+0308), which a search or a duplicate check, both composed now, never finds. Only rows with some
 * text not in NFC are written, and their `version` and `updated_at` stay: it is the same text, changed by
 * nobody (so no event either: a replica elsewhere keeps its copy until the record's next change). What
 * derives from the text (`search_text`, the phone digits) follows by itself. Nulls stay null.
 * `arrayColumns` are text[] holding each value once, as `tags` (the API drops a repeated tag): each
 * element is composed, a repeat that differed only in form dropped, the order kept.
 * Custom fields are left as they are: their text sits inside jsonb values, which takes rebuilding each
 * document; a later migration can do it. One statement reading the whole table (the check is cheap and
 * few rows change); `normalize` and `IS NFC NORMALIZED` need PostgreSQL 13+ (PGlite has them). Every record
 * table has had it (each service's ComposedText migration); it stays as the tool for a new migration of a
 * table found holding text from before.
 */
export function composedTextSql(table: string, columns: readonly string[], arrayColumns: readonly string[] = []): string {
  const arrayNeedsComposing = (column: string) => `EXISTS (SELECT 1 FROM unnest(${column}) AS element WHERE element IS NOT NFC NORMALIZED)`;
  const composedArray = (column: string) => `ARRAY(
          SELECT element FROM (SELECT normalize(element, NFC) AS element, min(position) AS first_position
                               FROM unnest(${column}) WITH ORDINALITY AS listed(element, position) GROUP BY 1) AS composed
          ORDER BY first_position)`;
  const assignments = [
    ...columns.map((column) => `${column} = normalize(${column}, NFC)`),
    // Left as it is unless it needs composing: rebuilt, a null array would turn empty.
    ...arrayColumns.map((column) => `${column} = CASE WHEN ${arrayNeedsComposing(column)}
        THEN ${composedArray(column)}
        ELSE ${column} END`),
  ];
  const needsComposing = [...columns.map((column) => `${column} IS NOT NFC NORMALIZED`), ...arrayColumns.map(arrayNeedsComposing)];
  return `
    UPDATE ${table} SET
      ${assignments.join(',\n      ')}
    WHERE ${needsComposing.join('\n       OR ')};`;
}
