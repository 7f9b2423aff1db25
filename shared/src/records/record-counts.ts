import { queryOne, type Db } from '../database';
import type { ListFilterSql } from './record-table';

/** A list's filters as the count reads them. */
export interface CountedFilter extends ListFilterSql {
  tenantId: string;
  /** Only who may open, who owns and the totals' key columns restrict the list (`ListFilter.countsFromTotals`). */
  countsFromTotals: boolean;
}

/** Rows a walk of the order's index may read to find a page of a filtered list (see `walksOrder`). */
const WALK_ROWS_AT_MOST = 5_000;

interface KeptCount {
  version: string;
  count: number;
}

/**
 * How many records a list matches (architecture: big tenants). A list restricted only as the table's
 * totals are kept is a sum of a few of their rows. Any other is counted once per write version of the
 * tenant (`recordWriteCountsSql`): read in the list's snapshot, the same version means the same rows, so
 * the kept count is exact. The first reader after a write pays the count (hundreds of milliseconds over
 * millions of rows); the readers after it, until the tenant's next write, read its eight write counts.
 * Kept in this process only, the most recently used `capacity` lists.
 */
export class ListCounts {
  private readonly kept = new Map<string, KeptCount>();

  constructor(
    private readonly table: { name: string; totals?: true },
    private readonly capacity = 1_000,
  ) {}

  async count(db: Db, filter: CountedFilter): Promise<number> {
    const { name } = this.table;
    const where = filter.conditions.join(' AND ');
    if (this.table.totals !== true) return countRows(db, name, where, filter.params);
    if (filter.countsFromTotals) {
      const row = await queryOne<{ count: number }>(db, `SELECT coalesce(sum(n), 0)::int AS count FROM ${name}_totals WHERE ${where}`, filter.params);
      return row!.count;
    }
    const version = (await queryOne<{ version: string }>(db, `SELECT coalesce(sum(n), 0)::text AS version FROM ${name}_writes WHERE tenant_id = $1`, [filter.tenantId]))!.version;
    const key = JSON.stringify([filter.tenantId, where, filter.params]);
    const kept = this.kept.get(key);
    if (kept?.version === version) {
      this.keep(key, kept);
      return kept.count;
    }
    const count = await countRows(db, name, where, filter.params);
    this.keep(key, { version, count });
    return count;
  }

  /**
   * Whether the page should be read by walking the order's index, the list's `count` known: when its
   * matches are dense enough in the tenant that a walk meets a page of them within `WALK_ROWS_AT_MOST` rows.
   * The planner cannot tell: it estimates a custom field's containment to match a few rows of millions
   * (at 200,000 leads, 23 for 66,667), and reads and sorts every match instead of walking.
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

async function countRows(db: Db, table: string, where: string, params: unknown[]): Promise<number> {
  return (await queryOne<{ count: number }>(db, `SELECT count(*)::int AS count FROM ${table} WHERE ${where}`, params))!.count;
}
