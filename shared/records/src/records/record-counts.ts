import { queryOne, type Db } from '@crm/platform';
import { pruneChangedRowsSql } from './record-migration';
import { conditionsWithImplied, type ListFilterSql } from './record-table';

/** A list's filters as the count reads them. */
export interface CountedFilter extends ListFilterSql {
  tenantId: string;
  /** Only who may open, who owns and the totals' key columns restrict the list (`ListFilter.countsFromTotals`). */
  countsFromTotals: boolean;
}

/** Rows a walk of the order's index may read to find a page of a filtered list (see `walksOrder`). */
const WALK_ROWS_AT_MOST = 5_000;

/**
 * Changed rows at most that carry a kept count to a later snapshot (`ListCounts`); past that, counting
 * again is as cheap (each changed row is a lookup and a row rebuilt from its old image).
 */
const CARRIED_CHANGES_AT_MOST = 10_000;

interface KeptCount {
  /** The tenant's write version in `snapshot`. */
  version: string;
  count: number;
  /** The snapshot `count` was read in (`pg_snapshot` as text). */
  snapshot: string;
}

/**
 * How many records a list matches (architecture: big tenants). A list restricted only as the table's
 * totals are kept is a sum of a few of their rows. Any other is counted once and kept with its snapshot
 * and the tenant's write version in it (`recordWriteCountsSql`): read in a later list's snapshot, the
 * same version means the same rows, so the kept count is exact. After writes, the kept count is carried
 * to the new snapshot through the rows written in between (`recordChangedRowsSql`): it loses the rows
 * that matched before and gains those that match now, each looked at once, so the first reader after a
 * write pays for the rows written, not for the tenant's millions. Kept in this process only, the most
 * recently used `capacity` lists.
 */
export class ListCounts {
  private readonly kept = new Map<string, KeptCount>();

  constructor(
    private readonly table: { name: string; totals?: true },
    private readonly capacity = 1_000,
  ) {}

  async count(db: Db, filter: CountedFilter): Promise<number> {
    const { name } = this.table;
    const where = conditionsWithImplied(filter).join(' AND ');
    if (this.table.totals !== true) return countRows(db, name, where, filter.params);
    if (filter.countsFromTotals) {
      const row = await queryOne<{ count: number }>(db, `SELECT coalesce(sum(n), 0)::int AS count FROM ${name}_totals WHERE ${where}`, filter.params);
      return row!.count;
    }
    const version = (await queryOne<{ version: string }>(db, `SELECT coalesce(sum(n), 0)::text AS version FROM ${name}_writes WHERE tenant_id = $1`, [filter.tenantId]))!.version;
    const key = JSON.stringify([filter.tenantId, where, filter.params]);
    const kept = this.kept.get(key);
    // Snapshots see ever more commits, and each commit that wrote the tenant's rows raised its version:
    // a higher version is a later snapshot, one the kept count can be carried forward to.
    const counted =
      kept?.version === version
        ? kept
        : ((kept && BigInt(version) > BigInt(kept.version) && (await this.carried(db, filter, kept))) ||
          (await countRowsInSnapshot(db, name, where, filter.params)));
    this.keep(key, { ...counted, version });
    return counted.count;
  }

  /**
   * `kept` carried to the list's snapshot through the rows changed since its own: plus those that match
   * now, minus those that matched as they were then (a record's oldest image not seen by `kept`). None
   * when too many changed, or when `kept`'s snapshot did not see every write whose rows are pruned.
   */
  private async carried(db: Db, filter: CountedFilter, kept: KeptCount): Promise<Omit<KeptCount, 'version'> | undefined> {
    const { name } = this.table;
    const where = filter.conditions.join(' AND ');
    const sinceKept = [kept.snapshot, filter.tenantId];
    const changes = (await queryOne<{ changes: number; covered: boolean }>(
      db,
      `SELECT coalesce(sum(cardinality(record_ids)), 0)::int AS changes,
         (SELECT pg_snapshot_xmax(through) <= pg_snapshot_xmax($1::pg_snapshot) AND NOT EXISTS (
            SELECT 1 FROM pg_snapshot_xip($1::pg_snapshot) AS running(xid) WHERE pg_visible_in_snapshot(running.xid, through))
          FROM ${name}_changed_rows_pruned) AS covered
       FROM ${name}_changed_rows WHERE ${unseenChanges('$1', '$2')}`,
      sinceKept,
    ))!;
    if (!changes.covered || changes.changes > CARRIED_CHANGES_AT_MOST) return undefined;
    const row = (await queryOne<{ now_matching: number; then_matching: number; snapshot: string }>(
      db,
      `WITH changed AS (
         SELECT DISTINCT ON (record_id) record_id AS changed_id, old_row
         FROM ${name}_changed_rows, ROWS FROM (unnest(record_ids), jsonb_array_elements(old_rows)) AS each_row(record_id, old_row)
         WHERE ${unseenChanges(`$${filter.params.length + 1}`, `$${filter.params.length + 2}`)} ORDER BY record_id, seq)
       SELECT
         (SELECT count(*) FROM ${name} WHERE id IN (SELECT changed_id FROM changed) AND ${where})::int AS now_matching,
         (SELECT count(*) FROM (SELECT was.* FROM changed, jsonb_populate_record(NULL::${name}, old_row) AS was WHERE old_row IS NOT NULL) AS ${name}
          WHERE ${where})::int AS then_matching,
         pg_current_snapshot()::text AS snapshot`,
      [...filter.params, ...sinceKept],
    ))!;
    return { count: kept.count + row.now_matching - row.then_matching, snapshot: row.snapshot };
  }

  /**
   * Whether the page should be read by walking the order's index, the list's `count` known: when its
   * matches are dense enough in the tenant that a walk meets a page of them within `WALK_ROWS_AT_MOST` rows.
   * The planner cannot tell: it estimates a custom field's containment to match a few rows of millions
   * (at 200,000 records, 23 for 66,667), and reads and sorts every match instead of walking.
   */
  async walksOrder(db: Db, filter: CountedFilter, count: number, pageSize: number): Promise<boolean> {
    if (this.table.totals !== true || filter.countsFromTotals || count === 0) return false;
    const { name } = this.table;
    const tenantTotal = (await queryOne<{ n: number }>(db, `SELECT coalesce(sum(n), 0)::float8 AS n FROM ${name}_totals WHERE tenant_id = $1`, [filter.tenantId]))!.n;
    return (pageSize * tenantTotal) / count <= WALK_ROWS_AT_MOST;
  }

  /** Keeps `key` as the most recently used, forgetting the least recently used past capacity. */
  private keep(key: string, count: KeptCount): void {
    this.kept.delete(key);
    this.kept.set(key, count);
    if (this.kept.size > this.capacity) this.kept.delete(this.kept.keys().next().value!);
  }
}

/** A tenant's changed rows (`recordChangedRowsSql`) whose writes the snapshot `snapshot` did not see. */
const unseenChanges = (snapshot: string, tenantId: string) =>
  `tenant_id = ${tenantId} AND xid >= pg_snapshot_xmin(${snapshot}::pg_snapshot)::text::bigint
         AND NOT pg_visible_in_snapshot(xid::text::xid8, ${snapshot}::pg_snapshot)`;

async function countRows(db: Db, table: string, where: string, params: unknown[]): Promise<number> {
  return (await countRowsInSnapshot(db, table, where, params)).count;
}

/** The count with the snapshot it was read in. */
async function countRowsInSnapshot(db: Db, table: string, where: string, params: unknown[]): Promise<Omit<KeptCount, 'version'>> {
  return (await queryOne<{ count: number; snapshot: string }>(
    db,
    `SELECT count(*)::int AS count, pg_current_snapshot()::text AS snapshot FROM ${table} WHERE ${where}`,
    params,
  ))!;
}

/**
 * The retention of the changed rows of a service's record tables (`recordChangedRowsSql`): a rule for
 * the service definition's `retention`.
 */
export function changedRowsRetention(db: Db, tables: readonly string[]): { name: string; prune: () => Promise<number> }[] {
  return tables.map((table) => ({
    name: `${table} changed rows`,
    prune: async () => (await queryOne<{ deleted: number }>(db, pruneChangedRowsSql(table)))!.deleted,
  }));
}
