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
  const params: unknown[] = [filter.tenantId, after.txId, after.seq, limit];
  let typeCondition = '';
  if (filter.types !== undefined || filter.entities !== undefined) {
    params.push(filter.types ?? [], filter.entities ?? []);
    typeCondition = `AND (type = ANY($5::text[]) OR split_part(type, '.', 1) = ANY($6::text[]))`;
  }
  const rows: Array<AuditEntry & FeedPosition & { time: Date }> = await manager.query(
    `SELECT id, type, record_id, actor, time, data, tx_id::text AS "txId", seq::text AS seq
       FROM audit_log
      WHERE tenant_id = $1
        AND (tx_id, seq) > ($2::xid8, $3::bigint)
        AND tx_id < pg_snapshot_xmin(pg_current_snapshot())
        ${typeCondition}
      ORDER BY tx_id, seq
      LIMIT $4`,
    params,
  );
  return rows.map((row) => ({ ...row, time: row.time.toISOString() }));
}
