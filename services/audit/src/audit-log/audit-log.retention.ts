import type { DataSource } from '@crm/platform';

/** Entries deleted per statement: a big backlog goes over several runs, never in one long transaction. */
const PRUNE_BATCH = 10_000;

/** Deletes entries whose event is older than `retentionDays` (AUDIT_LOG_RETENTION_DAYS); answers how many. */
export async function pruneAuditLog(dataSource: DataSource, retentionDays: number): Promise<number> {
  const [row]: { deleted: number }[] = await dataSource.query(
    `WITH pruned AS (
       DELETE FROM audit_log WHERE id IN (
         SELECT id FROM audit_log WHERE time < now() - make_interval(days => $1) ORDER BY time LIMIT $2
       ) RETURNING 1
     )
     SELECT count(*)::int AS deleted FROM pruned`,
    [retentionDays, PRUNE_BATCH],
  );
  return row!.deleted;
}
