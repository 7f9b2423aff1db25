import { inboxRetentionMigration, messagingMigration, type SqlMigration } from '@crm/shared';

export const auditMigrations: SqlMigration[] = [
  messagingMigration,
  inboxRetentionMigration,
  {
    name: 'AuditLog1763800100000',
    up: `
      CREATE TABLE audit_log (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        event_id uuid NOT NULL UNIQUE,
        tenant_id uuid NOT NULL,
        type text NOT NULL,
        record_id text NOT NULL,
        actor jsonb,
        time timestamptz NOT NULL,
        data jsonb NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX audit_log_tenant_time ON audit_log (tenant_id, time DESC, id DESC);
      CREATE INDEX audit_log_tenant_record ON audit_log (tenant_id, record_id, time DESC);
      CREATE INDEX audit_log_tenant_type ON audit_log (tenant_id, type, time DESC);
    `,
  },
  {
    // Retention deletes by age across tenants (AUDIT_LOG_RETENTION_DAYS): an index on the time alone, built
    // without locking out the consumer's inserts.
    // One statement: CREATE INDEX CONCURRENTLY runs outside any transaction, several statements would make one.
    name: 'AuditLogByTime1766200000000',
    up: 'CREATE INDEX CONCURRENTLY IF NOT EXISTS audit_log_time ON audit_log (time)',
    transaction: false,
  },
];
