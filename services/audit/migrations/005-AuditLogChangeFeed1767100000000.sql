
      ALTER TABLE audit_log ADD COLUMN tx_id xid8 NOT NULL DEFAULT '0';
      ALTER TABLE audit_log ALTER COLUMN tx_id SET DEFAULT pg_current_xact_id();
      ALTER TABLE audit_log ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
      CREATE INDEX audit_log_tenant_feed ON audit_log (tenant_id, tx_id, seq);
    