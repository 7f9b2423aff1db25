
    CREATE TABLE accounts_changed_rows (
      tenant_id uuid NOT NULL,
      xid bigint NOT NULL,
      seq bigint GENERATED ALWAYS AS IDENTITY,
      record_ids uuid[] NOT NULL,
      old_rows jsonb,
      noted_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX accounts_changed_rows_by_tenant ON accounts_changed_rows (tenant_id, xid);
    CREATE TABLE accounts_changed_rows_pruned (
      single boolean PRIMARY KEY DEFAULT true CHECK (single),
      through pg_snapshot NOT NULL,
      next_through pg_snapshot NOT NULL
    );
    INSERT INTO accounts_changed_rows_pruned (through, next_through) VALUES (pg_current_snapshot(), pg_current_snapshot());
    CREATE OR REPLACE FUNCTION accounts_count_writes() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO accounts_writes AS w (tenant_id, shard, n) SELECT DISTINCT tenant_id, (txid_current() % 8)::smallint, 1 FROM new_rows
         ON CONFLICT (tenant_id, shard) DO UPDATE SET n = w.n + 1;
        INSERT INTO accounts_changed_rows (tenant_id, xid, record_ids, old_rows)
         SELECT tenant_id, pg_current_xact_id()::text::bigint, array_agg(id ORDER BY id), NULL::jsonb FROM new_rows GROUP BY tenant_id;
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO accounts_writes AS w (tenant_id, shard, n) SELECT DISTINCT tenant_id, (txid_current() % 8)::smallint, 1 FROM old_rows
         ON CONFLICT (tenant_id, shard) DO UPDATE SET n = w.n + 1;
        INSERT INTO accounts_changed_rows (tenant_id, xid, record_ids, old_rows)
         SELECT tenant_id, pg_current_xact_id()::text::bigint, array_agg(id ORDER BY id), jsonb_agg(to_jsonb(o) ORDER BY id) FROM old_rows AS o GROUP BY tenant_id;
      ELSIF TG_OP = 'UPDATE' THEN
        INSERT INTO accounts_writes AS w (tenant_id, shard, n) SELECT DISTINCT tenant_id, (txid_current() % 8)::smallint, 1 FROM (SELECT tenant_id FROM old_rows UNION ALL SELECT tenant_id FROM new_rows) AS changed
         ON CONFLICT (tenant_id, shard) DO UPDATE SET n = w.n + 1;
        INSERT INTO accounts_changed_rows (tenant_id, xid, record_ids, old_rows)
         SELECT tenant_id, pg_current_xact_id()::text::bigint, array_agg(id ORDER BY id), jsonb_agg(to_jsonb(o) ORDER BY id) FROM old_rows AS o GROUP BY tenant_id;
      ELSE
        UPDATE accounts_writes SET n = n + 1;
        -- Unnoted, the truncate's rows: no count kept by a snapshot that did not see it may be carried on.
        UPDATE accounts_changed_rows_pruned SET through = (
          pg_snapshot_xmin(pg_current_snapshot()) || ':' || (pg_current_xact_id()::text::bigint + 1) || ':' || coalesce((
            SELECT string_agg(running::text, ',' ORDER BY running) FROM (
              SELECT xid::text::bigint AS running FROM pg_snapshot_xip(pg_current_snapshot()) AS xid
              UNION SELECT generate_series(pg_snapshot_xmax(pg_current_snapshot())::text::bigint, pg_current_xact_id()::text::bigint - 1)
            ) AS others WHERE running <> pg_current_xact_id()::text::bigint), '')
        )::pg_snapshot;
      END IF;
      RETURN NULL;
    END
    $$;
  

    CREATE TABLE opportunities_changed_rows (
      tenant_id uuid NOT NULL,
      xid bigint NOT NULL,
      seq bigint GENERATED ALWAYS AS IDENTITY,
      record_ids uuid[] NOT NULL,
      old_rows jsonb,
      noted_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX opportunities_changed_rows_by_tenant ON opportunities_changed_rows (tenant_id, xid);
    CREATE TABLE opportunities_changed_rows_pruned (
      single boolean PRIMARY KEY DEFAULT true CHECK (single),
      through pg_snapshot NOT NULL,
      next_through pg_snapshot NOT NULL
    );
    INSERT INTO opportunities_changed_rows_pruned (through, next_through) VALUES (pg_current_snapshot(), pg_current_snapshot());
    CREATE OR REPLACE FUNCTION opportunities_count_writes() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO opportunities_writes AS w (tenant_id, shard, n) SELECT DISTINCT tenant_id, (txid_current() % 8)::smallint, 1 FROM new_rows
         ON CONFLICT (tenant_id, shard) DO UPDATE SET n = w.n + 1;
        INSERT INTO opportunities_changed_rows (tenant_id, xid, record_ids, old_rows)
         SELECT tenant_id, pg_current_xact_id()::text::bigint, array_agg(id ORDER BY id), NULL::jsonb FROM new_rows GROUP BY tenant_id;
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO opportunities_writes AS w (tenant_id, shard, n) SELECT DISTINCT tenant_id, (txid_current() % 8)::smallint, 1 FROM old_rows
         ON CONFLICT (tenant_id, shard) DO UPDATE SET n = w.n + 1;
        INSERT INTO opportunities_changed_rows (tenant_id, xid, record_ids, old_rows)
         SELECT tenant_id, pg_current_xact_id()::text::bigint, array_agg(id ORDER BY id), jsonb_agg(to_jsonb(o) ORDER BY id) FROM old_rows AS o GROUP BY tenant_id;
      ELSIF TG_OP = 'UPDATE' THEN
        INSERT INTO opportunities_writes AS w (tenant_id, shard, n) SELECT DISTINCT tenant_id, (txid_current() % 8)::smallint, 1 FROM (SELECT tenant_id FROM old_rows UNION ALL SELECT tenant_id FROM new_rows) AS changed
         ON CONFLICT (tenant_id, shard) DO UPDATE SET n = w.n + 1;
        INSERT INTO opportunities_changed_rows (tenant_id, xid, record_ids, old_rows)
         SELECT tenant_id, pg_current_xact_id()::text::bigint, array_agg(id ORDER BY id), jsonb_agg(to_jsonb(o) ORDER BY id) FROM old_rows AS o GROUP BY tenant_id;
      ELSE
        UPDATE opportunities_writes SET n = n + 1;
        -- Unnoted, the truncate's rows: no count kept by a snapshot that did not see it may be carried on.
        UPDATE opportunities_changed_rows_pruned SET through = (
          pg_snapshot_xmin(pg_current_snapshot()) || ':' || (pg_current_xact_id()::text::bigint + 1) || ':' || coalesce((
            SELECT string_agg(running::text, ',' ORDER BY running) FROM (
              SELECT xid::text::bigint AS running FROM pg_snapshot_xip(pg_current_snapshot()) AS xid
              UNION SELECT generate_series(pg_snapshot_xmax(pg_current_snapshot())::text::bigint, pg_current_xact_id()::text::bigint - 1)
            ) AS others WHERE running <> pg_current_xact_id()::text::bigint), '')
        )::pg_snapshot;
      END IF;
      RETURN NULL;
    END
    $$;
  

    CREATE TABLE tasks_changed_rows (
      tenant_id uuid NOT NULL,
      xid bigint NOT NULL,
      seq bigint GENERATED ALWAYS AS IDENTITY,
      record_ids uuid[] NOT NULL,
      old_rows jsonb,
      noted_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX tasks_changed_rows_by_tenant ON tasks_changed_rows (tenant_id, xid);
    CREATE TABLE tasks_changed_rows_pruned (
      single boolean PRIMARY KEY DEFAULT true CHECK (single),
      through pg_snapshot NOT NULL,
      next_through pg_snapshot NOT NULL
    );
    INSERT INTO tasks_changed_rows_pruned (through, next_through) VALUES (pg_current_snapshot(), pg_current_snapshot());
    CREATE OR REPLACE FUNCTION tasks_count_writes() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO tasks_writes AS w (tenant_id, shard, n) SELECT DISTINCT tenant_id, (txid_current() % 8)::smallint, 1 FROM new_rows
         ON CONFLICT (tenant_id, shard) DO UPDATE SET n = w.n + 1;
        INSERT INTO tasks_changed_rows (tenant_id, xid, record_ids, old_rows)
         SELECT tenant_id, pg_current_xact_id()::text::bigint, array_agg(id ORDER BY id), NULL::jsonb FROM new_rows GROUP BY tenant_id;
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO tasks_writes AS w (tenant_id, shard, n) SELECT DISTINCT tenant_id, (txid_current() % 8)::smallint, 1 FROM old_rows
         ON CONFLICT (tenant_id, shard) DO UPDATE SET n = w.n + 1;
        INSERT INTO tasks_changed_rows (tenant_id, xid, record_ids, old_rows)
         SELECT tenant_id, pg_current_xact_id()::text::bigint, array_agg(id ORDER BY id), jsonb_agg(to_jsonb(o) ORDER BY id) FROM old_rows AS o GROUP BY tenant_id;
      ELSIF TG_OP = 'UPDATE' THEN
        INSERT INTO tasks_writes AS w (tenant_id, shard, n) SELECT DISTINCT tenant_id, (txid_current() % 8)::smallint, 1 FROM (SELECT tenant_id FROM old_rows UNION ALL SELECT tenant_id FROM new_rows) AS changed
         ON CONFLICT (tenant_id, shard) DO UPDATE SET n = w.n + 1;
        INSERT INTO tasks_changed_rows (tenant_id, xid, record_ids, old_rows)
         SELECT tenant_id, pg_current_xact_id()::text::bigint, array_agg(id ORDER BY id), jsonb_agg(to_jsonb(o) ORDER BY id) FROM old_rows AS o GROUP BY tenant_id;
      ELSE
        UPDATE tasks_writes SET n = n + 1;
        -- Unnoted, the truncate's rows: no count kept by a snapshot that did not see it may be carried on.
        UPDATE tasks_changed_rows_pruned SET through = (
          pg_snapshot_xmin(pg_current_snapshot()) || ':' || (pg_current_xact_id()::text::bigint + 1) || ':' || coalesce((
            SELECT string_agg(running::text, ',' ORDER BY running) FROM (
              SELECT xid::text::bigint AS running FROM pg_snapshot_xip(pg_current_snapshot()) AS xid
              UNION SELECT generate_series(pg_snapshot_xmax(pg_current_snapshot())::text::bigint, pg_current_xact_id()::text::bigint - 1)
            ) AS others WHERE running <> pg_current_xact_id()::text::bigint), '')
        )::pg_snapshot;
      END IF;
      RETURN NULL;
    END
    $$;
  