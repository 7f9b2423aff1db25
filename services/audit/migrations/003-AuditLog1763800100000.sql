
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
    