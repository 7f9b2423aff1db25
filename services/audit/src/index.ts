import { commonConfig, consumedEvents, defineService } from '@crm/platform';
import { Router } from 'express';
import { z } from 'zod';
import { pruneAuditLog } from './audit-log/audit-log.retention';
import { auditLogOperation, auditLogRoutes } from './audit-log/audit-log.routes';
import { changeFeedOperation, changeFeedRoutes } from './changes/change-feed.routes';
import { SUBSCRIPTIONS } from './integration-events/subscriptions';
import { PUBLISHERS } from './integration-events/publishers';
import { auditMigrations } from './migrations';

/** The audit log: fed by every event on the bus, read by admins at `/api/audit-logs/` and as a change feed at `/api/changes/`. */
export const auditService = defineService({
  name: 'audit',
  // The change feed (`changes`) is the service's to decide, per type.
  scopes: { 'audit-logs': 'audit' },
  schema: 'audit',
  defaultPort: 8086,
  config: {
    ...commonConfig,
    AUDIT_LOG_RETENTION_DAYS: z.coerce
      .number()
      .int()
      .min(1)
      .optional()
      .describe('Days an entry stays in the audit log, by its event time; older ones are deleted (every 10 minutes, or by `main.js prune`). Unset: kept for ever.'),
  },
  migrations: auditMigrations,
  consumes: consumedEvents(SUBSCRIPTIONS, PUBLISHERS),
  routes: ({ dataSource }) => Router().use(auditLogRoutes(dataSource), changeFeedRoutes(dataSource)),
  retention: ({ config, dataSource }) =>
    config.AUDIT_LOG_RETENTION_DAYS === undefined ? [] : [{ name: 'audit log', prune: () => pruneAuditLog(dataSource, config.AUDIT_LOG_RETENTION_DAYS!) }],
  api: [auditLogOperation, changeFeedOperation],
});
