
    CREATE TABLE import_jobs (
      id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      entity text NOT NULL,
      kind text NOT NULL,
      filename text NOT NULL,
      bytes integer NOT NULL,
      rows integer,
      status integer NOT NULL,
      created integer NOT NULL DEFAULT 0,
      created_by uuid NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX import_jobs_tenant ON import_jobs (tenant_id, created_at);
  