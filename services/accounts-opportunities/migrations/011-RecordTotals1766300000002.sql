
    CREATE TABLE accounts_totals (
      tenant_id uuid NOT NULL,
      assigned_to uuid NOT NULL,
      created_by uuid NOT NULL,
      
      shard smallint NOT NULL,
      n bigint NOT NULL,
      PRIMARY KEY (tenant_id, assigned_to, created_by, shard)
    );
    CREATE OR REPLACE FUNCTION accounts_keep_totals() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO accounts_totals AS t (tenant_id, assigned_to, created_by, shard, n)
         SELECT tenant_id, assigned_to, created_by, (txid_current() % 8)::smallint, count(*) FROM new_rows GROUP BY tenant_id, assigned_to, created_by
         ON CONFLICT (tenant_id, assigned_to, created_by, shard) DO UPDATE SET n = t.n + EXCLUDED.n;
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO accounts_totals AS t (tenant_id, assigned_to, created_by, shard, n)
         SELECT tenant_id, assigned_to, created_by, (txid_current() % 8)::smallint, -count(*) FROM old_rows GROUP BY tenant_id, assigned_to, created_by
         ON CONFLICT (tenant_id, assigned_to, created_by, shard) DO UPDATE SET n = t.n + EXCLUDED.n;
      ELSE
        -- Only rows whose key changed move between totals.
        INSERT INTO accounts_totals AS t (tenant_id, assigned_to, created_by, shard, n)
         SELECT tenant_id, assigned_to, created_by, (txid_current() % 8)::smallint, -count(*) FROM (SELECT o.* FROM old_rows o JOIN new_rows n USING (id) WHERE (o.tenant_id, o.assigned_to, o.created_by) IS DISTINCT FROM (n.tenant_id, n.assigned_to, n.created_by)) AS moved GROUP BY tenant_id, assigned_to, created_by
         ON CONFLICT (tenant_id, assigned_to, created_by, shard) DO UPDATE SET n = t.n + EXCLUDED.n;
        INSERT INTO accounts_totals AS t (tenant_id, assigned_to, created_by, shard, n)
         SELECT tenant_id, assigned_to, created_by, (txid_current() % 8)::smallint, count(*) FROM (SELECT n.* FROM old_rows o JOIN new_rows n USING (id) WHERE (o.tenant_id, o.assigned_to, o.created_by) IS DISTINCT FROM (n.tenant_id, n.assigned_to, n.created_by)) AS moved GROUP BY tenant_id, assigned_to, created_by
         ON CONFLICT (tenant_id, assigned_to, created_by, shard) DO UPDATE SET n = t.n + EXCLUDED.n;
      END IF;
      RETURN NULL;
    END
    $$;
    CREATE FUNCTION accounts_clear_totals() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
      DELETE FROM accounts_totals;
      RETURN NULL;
    END
    $$;
    LOCK TABLE accounts IN SHARE MODE;
    INSERT INTO accounts_totals (tenant_id, assigned_to, created_by, shard, n) SELECT tenant_id, assigned_to, created_by, 0, count(*) FROM accounts GROUP BY tenant_id, assigned_to, created_by;
    CREATE TRIGGER accounts_totals_on_insert AFTER INSERT ON accounts REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION accounts_keep_totals();
    CREATE TRIGGER accounts_totals_on_delete AFTER DELETE ON accounts REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION accounts_keep_totals();
    CREATE TRIGGER accounts_totals_on_update AFTER UPDATE ON accounts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION accounts_keep_totals();
    CREATE TRIGGER accounts_totals_on_truncate AFTER TRUNCATE ON accounts
      FOR EACH STATEMENT EXECUTE FUNCTION accounts_clear_totals();
  

    CREATE TABLE opportunities_totals (
      tenant_id uuid NOT NULL,
      assigned_to uuid NOT NULL,
      created_by uuid NOT NULL,
      
      shard smallint NOT NULL,
      n bigint NOT NULL,
      PRIMARY KEY (tenant_id, assigned_to, created_by, shard)
    );
    CREATE OR REPLACE FUNCTION opportunities_keep_totals() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO opportunities_totals AS t (tenant_id, assigned_to, created_by, shard, n)
         SELECT tenant_id, assigned_to, created_by, (txid_current() % 8)::smallint, count(*) FROM new_rows GROUP BY tenant_id, assigned_to, created_by
         ON CONFLICT (tenant_id, assigned_to, created_by, shard) DO UPDATE SET n = t.n + EXCLUDED.n;
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO opportunities_totals AS t (tenant_id, assigned_to, created_by, shard, n)
         SELECT tenant_id, assigned_to, created_by, (txid_current() % 8)::smallint, -count(*) FROM old_rows GROUP BY tenant_id, assigned_to, created_by
         ON CONFLICT (tenant_id, assigned_to, created_by, shard) DO UPDATE SET n = t.n + EXCLUDED.n;
      ELSE
        -- Only rows whose key changed move between totals.
        INSERT INTO opportunities_totals AS t (tenant_id, assigned_to, created_by, shard, n)
         SELECT tenant_id, assigned_to, created_by, (txid_current() % 8)::smallint, -count(*) FROM (SELECT o.* FROM old_rows o JOIN new_rows n USING (id) WHERE (o.tenant_id, o.assigned_to, o.created_by) IS DISTINCT FROM (n.tenant_id, n.assigned_to, n.created_by)) AS moved GROUP BY tenant_id, assigned_to, created_by
         ON CONFLICT (tenant_id, assigned_to, created_by, shard) DO UPDATE SET n = t.n + EXCLUDED.n;
        INSERT INTO opportunities_totals AS t (tenant_id, assigned_to, created_by, shard, n)
         SELECT tenant_id, assigned_to, created_by, (txid_current() % 8)::smallint, count(*) FROM (SELECT n.* FROM old_rows o JOIN new_rows n USING (id) WHERE (o.tenant_id, o.assigned_to, o.created_by) IS DISTINCT FROM (n.tenant_id, n.assigned_to, n.created_by)) AS moved GROUP BY tenant_id, assigned_to, created_by
         ON CONFLICT (tenant_id, assigned_to, created_by, shard) DO UPDATE SET n = t.n + EXCLUDED.n;
      END IF;
      RETURN NULL;
    END
    $$;
    CREATE FUNCTION opportunities_clear_totals() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
      DELETE FROM opportunities_totals;
      RETURN NULL;
    END
    $$;
    LOCK TABLE opportunities IN SHARE MODE;
    INSERT INTO opportunities_totals (tenant_id, assigned_to, created_by, shard, n) SELECT tenant_id, assigned_to, created_by, 0, count(*) FROM opportunities GROUP BY tenant_id, assigned_to, created_by;
    CREATE TRIGGER opportunities_totals_on_insert AFTER INSERT ON opportunities REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION opportunities_keep_totals();
    CREATE TRIGGER opportunities_totals_on_delete AFTER DELETE ON opportunities REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION opportunities_keep_totals();
    CREATE TRIGGER opportunities_totals_on_update AFTER UPDATE ON opportunities REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION opportunities_keep_totals();
    CREATE TRIGGER opportunities_totals_on_truncate AFTER TRUNCATE ON opportunities
      FOR EACH STATEMENT EXECUTE FUNCTION opportunities_clear_totals();
  

    CREATE TABLE tasks_totals (
      tenant_id uuid NOT NULL,
      assigned_to uuid NOT NULL,
      created_by uuid NOT NULL,
      
      shard smallint NOT NULL,
      n bigint NOT NULL,
      PRIMARY KEY (tenant_id, assigned_to, created_by, shard)
    );
    CREATE OR REPLACE FUNCTION tasks_keep_totals() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO tasks_totals AS t (tenant_id, assigned_to, created_by, shard, n)
         SELECT tenant_id, assigned_to, created_by, (txid_current() % 8)::smallint, count(*) FROM new_rows GROUP BY tenant_id, assigned_to, created_by
         ON CONFLICT (tenant_id, assigned_to, created_by, shard) DO UPDATE SET n = t.n + EXCLUDED.n;
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO tasks_totals AS t (tenant_id, assigned_to, created_by, shard, n)
         SELECT tenant_id, assigned_to, created_by, (txid_current() % 8)::smallint, -count(*) FROM old_rows GROUP BY tenant_id, assigned_to, created_by
         ON CONFLICT (tenant_id, assigned_to, created_by, shard) DO UPDATE SET n = t.n + EXCLUDED.n;
      ELSE
        -- Only rows whose key changed move between totals.
        INSERT INTO tasks_totals AS t (tenant_id, assigned_to, created_by, shard, n)
         SELECT tenant_id, assigned_to, created_by, (txid_current() % 8)::smallint, -count(*) FROM (SELECT o.* FROM old_rows o JOIN new_rows n USING (id) WHERE (o.tenant_id, o.assigned_to, o.created_by) IS DISTINCT FROM (n.tenant_id, n.assigned_to, n.created_by)) AS moved GROUP BY tenant_id, assigned_to, created_by
         ON CONFLICT (tenant_id, assigned_to, created_by, shard) DO UPDATE SET n = t.n + EXCLUDED.n;
        INSERT INTO tasks_totals AS t (tenant_id, assigned_to, created_by, shard, n)
         SELECT tenant_id, assigned_to, created_by, (txid_current() % 8)::smallint, count(*) FROM (SELECT n.* FROM old_rows o JOIN new_rows n USING (id) WHERE (o.tenant_id, o.assigned_to, o.created_by) IS DISTINCT FROM (n.tenant_id, n.assigned_to, n.created_by)) AS moved GROUP BY tenant_id, assigned_to, created_by
         ON CONFLICT (tenant_id, assigned_to, created_by, shard) DO UPDATE SET n = t.n + EXCLUDED.n;
      END IF;
      RETURN NULL;
    END
    $$;
    CREATE FUNCTION tasks_clear_totals() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
      DELETE FROM tasks_totals;
      RETURN NULL;
    END
    $$;
    LOCK TABLE tasks IN SHARE MODE;
    INSERT INTO tasks_totals (tenant_id, assigned_to, created_by, shard, n) SELECT tenant_id, assigned_to, created_by, 0, count(*) FROM tasks GROUP BY tenant_id, assigned_to, created_by;
    CREATE TRIGGER tasks_totals_on_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION tasks_keep_totals();
    CREATE TRIGGER tasks_totals_on_delete AFTER DELETE ON tasks REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION tasks_keep_totals();
    CREATE TRIGGER tasks_totals_on_update AFTER UPDATE ON tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION tasks_keep_totals();
    CREATE TRIGGER tasks_totals_on_truncate AFTER TRUNCATE ON tasks
      FOR EACH STATEMENT EXECUTE FUNCTION tasks_clear_totals();
  