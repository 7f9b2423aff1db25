import type { EntityManager } from '@crm/platform';
import type { AuditEntry } from '../audit-log/audit-log.repository';

/** A place in the feed: the committing transaction's id and the row's sequence (`<tx>.<seq>`). */
export interface FeedPosition {
  txId: string;
  seq: string;
}

export const FEED_START: FeedPosition = { txId: '0', seq: '0' };

export interface ChangeFilter {
  tenantId: string;
  /** Undefined: every type. */
  types?: string[];
  /** Entities (`lead` of `lead.*`) whose every type is wanted. */
  entities?: string[];
}

/** The condition of `filter`'s types, its parameters numbered from `first`; none without types. */
function typeCondition(filter: ChangeFilter, first: number): { sql: string; params: unknown[] } {
  if (filter.types === undefined && filter.entities === undefined) return { sql: '', params: [] };
  return {
    sql: `AND (type = ANY($${first}::text[]) OR split_part(type, '.', 1) = ANY($${first + 1}::text[]))`,
    params: [filter.types ?? [], filter.entities ?? []],
  };
}

/** What `countChanges` answers: the matches, and the snapshot's xmin they were counted below. */
interface CountedChanges {
  count: number;
  /** `pg_snapshot_xmin` of the snapshot (as text): every change of a transaction below it is final. */
  xmin: string;
}

/**
 * How many of the tenant's changes lie after `after` and are final (below the snapshot's xmin, as
 * `readChanges` shows them): the range of `audit_log_tenant_feed` from `after` on, read through. (The
 * start is one position: with a second bound on `tx_id` beside it, PostgreSQL starts the range at the
 * row comparison's and reads the rows before the other's too.)
 */
export async function countChanges(manager: EntityManager, filter: ChangeFilter, after: FeedPosition): Promise<CountedChanges> {
  const types = typeCondition(filter, 4);
  const [row]: CountedChanges[] = await manager.query(
    `SELECT count(*)::int AS count, pg_snapshot_xmin(pg_current_snapshot())::text AS xmin
       FROM audit_log
      WHERE tenant_id = $1
        AND (tx_id, seq) > ($2::xid8, $3::bigint)
        AND tx_id < pg_snapshot_xmin(pg_current_snapshot())
        ${types.sql}`,
    [filter.tenantId, after.txId, after.seq, ...types.params],
  );
  return row!;
}

/**
 * The tenant's changes after `after`, in commit order, as far as it is final: only rows of transactions older
 * than every transaction still running (the statement snapshot's xmin). A row committed later always lies
 * beyond it (a running or later transaction has an id at or past that xmin), so a page never moves and
 * nothing lands behind a cursor already handed out.
 */
export async function readChanges(
  manager: EntityManager,
  filter: ChangeFilter,
  after: FeedPosition,
  limit: number,
): Promise<Array<AuditEntry & FeedPosition>> {
  const types = typeCondition(filter, 5);
  const params: unknown[] = [filter.tenantId, after.txId, after.seq, limit, ...types.params];
  const rows: Array<AuditEntry & FeedPosition & { time: Date }> = await manager.query(
    `SELECT id, type, record_id, actor, time, data, tx_id::text AS "txId", seq::text AS seq
       FROM audit_log
      WHERE tenant_id = $1
        AND (tx_id, seq) > ($2::xid8, $3::bigint)
        AND tx_id < pg_snapshot_xmin(pg_current_snapshot())
        ${types.sql}
      ORDER BY tx_id, seq
      LIMIT $4`,
    params,
  );
  return rows.map((row) => ({ ...row, time: row.time.toISOString() }));
}
