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
  {
    // The change feed (GET /api/changes/) pages in commit order: by the inserting transaction's id, then the
    // row's sequence. Rows from before have transaction 0, so they come first, by sequence. The identity
    // column fills existing rows (a table rewrite, under lock: the consumer's inserts wait for it).
    name: 'AuditLogChangeFeed1767100000000',
    up: `
      ALTER TABLE audit_log ADD COLUMN tx_id xid8 NOT NULL DEFAULT '0';
      ALTER TABLE audit_log ALTER COLUMN tx_id SET DEFAULT pg_current_xact_id();
      ALTER TABLE audit_log ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
      CREATE INDEX audit_log_tenant_feed ON audit_log (tenant_id, tx_id, seq);
    `,
  },
];
