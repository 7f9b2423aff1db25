import { commonConfig, defineService } from '@crm/shared';
import { auditLogOperation, auditLogRoutes } from './audit-log/audit-log.routes';
import { recordAuditEntry } from './audit-log/audit-log.consumer';
import { auditMigrations } from './migrations';

/** The audit log: fed by every event on the bus, read by admins at `/api/audit-logs/`. */
export const auditService = defineService({
  name: 'audit',
  schema: 'audit',
  defaultPort: 8086,
  config: { ...commonConfig },
  migrations: auditMigrations,
  publishesEvents: false,
  consumes: { bindings: ['#'], handler: () => recordAuditEntry },
  routes: ({ dataSource }) => auditLogRoutes(dataSource),
  api: [auditLogOperation],
});
