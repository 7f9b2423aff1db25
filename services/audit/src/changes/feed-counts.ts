import type { EntityManager } from '@crm/platform';
import { countChanges, type ChangeFilter, type FeedPosition } from './change-feed.repository';

/** How long a kept count is carried on: a sync reads on within seconds; a reader back later counts afresh. */
const KEPT_FOR_MS = 5 * 60_000;

interface KeptCount {
  /** The changes after the position, final below `xmin`. */
  count: number;
  xmin: string;
  keptAt: number;
}

/**
 * The feed's `count` (api-contract §2: the number of matches): the tenant's changes of the query's types
 * after its cursor, as final as the page. Counting them costs the rows counted (about 0.4 s a million), and
 * a sync from the start reads on page after page, so as lists do (`ListCounts` of `@crm/records`) a count is
 * kept and carried: once a page is served, what is left after its cursor is known (the count less the page),
 * and the next read from that cursor adds only the changes that became final since, the transactions from the
 * kept snapshot's xmin up to its own (an index range). Exact: a transaction below an xmin has ended, so the
 * changes below it never change. (The audit log's retention, when set, deletes entries older than its days;
 * a reader whose cursor lies among them may be told up to five minutes' prunings too many.) Kept in this
 * process only, the `capacity` most recently used.
 */
export class FeedCounts {
  private readonly kept = new Map<string, KeptCount>();

  constructor(private readonly capacity = 1_000) {}

  /** The changes after `after` matching `filter`, final in the snapshot of `db`'s transaction, and that snapshot's xmin. */
  async count(db: EntityManager, filter: ChangeFilter, after: FeedPosition): Promise<{ count: number; xmin: string }> {
    const kept = this.kept.get(keyOf(filter, after));
    if (kept && Date.now() - kept.keptAt < KEPT_FOR_MS) {
      // The changes final since: of transactions from the kept xmin on (`seq` starts at 1), and after the cursor.
      const since = BigInt(after.txId) >= BigInt(kept.xmin) ? after : { txId: kept.xmin, seq: '0' };
      const arrived = await countChanges(db, filter, since);
      // Snapshots' xmins only grow; were it otherwise, the kept count would not be this snapshot's.
      if (BigInt(arrived.xmin) >= BigInt(kept.xmin)) return { count: kept.count + arrived.count, xmin: arrived.xmin };
    }
    return countChanges(db, filter, after);
  }

  /** Keeps what is left after a page that ended at `end`: `count` changes final below `xmin`. */
  keep(filter: ChangeFilter, end: FeedPosition, count: number, xmin: string): void {
    const key = keyOf(filter, end);
    this.kept.delete(key);
    this.kept.set(key, { count, xmin, keptAt: Date.now() });
    if (this.kept.size > this.capacity) this.kept.delete(this.kept.keys().next().value!);
  }
}

const keyOf = (filter: ChangeFilter, position: FeedPosition): string =>
  JSON.stringify([filter.tenantId, filter.types ?? null, filter.entities ?? null, position.txId, position.seq]);
