import type { CommonConfig } from '../config';
import type { DataSource } from '../database';
import { pruneExpiredKeys } from '../idempotency';
import type { Logger } from '../logging/logger';
import { pruneHandledMessages, prunePublishedEvents } from '../messaging';
import { publishesEvents, type AnyServiceDefinition, type RetentionRule } from './service-definition';

/**
 * Everything a service deletes with age: expired idempotency keys (IDEMPOTENCY_TTL), handled message ids
 * of its inbox (INBOX_RETENTION_DAYS), published events of its outbox (OUTBOX_RETENTION), and what its
 * definition adds (the audit log: AUDIT_LOG_RETENTION_DAYS). Notes and attachments have no age: they go
 * with their record, in its delete.
 */
export function retentionRules(definition: AnyServiceDefinition, config: CommonConfig & { DATABASE_URL: string }, dataSource: DataSource): RetentionRule[] {
  return [
    { name: 'idempotency keys', prune: () => pruneExpiredKeys(dataSource) },
    ...(definition.consumes ? [{ name: 'inbox', prune: () => pruneHandledMessages(dataSource, config.INBOX_RETENTION_DAYS) }] : []),
    ...(publishesEvents(definition) ? [{ name: 'outbox', prune: () => prunePublishedEvents(dataSource, config.OUTBOX_RETENTION) }] : []),
    ...(definition.retention?.({ config, dataSource }) ?? []),
  ];
}

/** Runs every rule once (a failure is logged and the others still run); answers the rows each deleted. */
export async function pruneOnce(rules: RetentionRule[], logger: Logger): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  for (const rule of rules) {
    try {
      deleted[rule.name] = await rule.prune();
    } catch (error) {
      logger.warn({ err: error, retention: rule.name }, 'pruning failed');
    }
  }
  return deleted;
}
