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
    CREATE TABLE accounts_writes (tenant_id uuid NOT NULL, shard smallint NOT NULL, n bigint NOT NULL, PRIMARY KEY (tenant_id, shard));
    CREATE OR REPLACE FUNCTION accounts_count_writes() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO accounts_writes AS w (tenant_id, shard, n) SELECT DISTINCT tenant_id, (txid_current() % 8)::smallint, 1 FROM new_rows
         ON CONFLICT (tenant_id, shard) DO UPDATE SET n = w.n + 1;
        
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO accounts_writes AS w (tenant_id, shard, n) SELECT DISTINCT tenant_id, (txid_current() % 8)::smallint, 1 FROM old_rows
         ON CONFLICT (tenant_id, shard) DO UPDATE SET n = w.n + 1;
        
      ELSIF TG_OP = 'UPDATE' THEN
        INSERT INTO accounts_writes AS w (tenant_id, shard, n) SELECT DISTINCT tenant_id, (txid_current() % 8)::smallint, 1 FROM (SELECT tenant_id FROM old_rows UNION ALL SELECT tenant_id FROM new_rows) AS changed
         ON CONFLICT (tenant_id, shard) DO UPDATE SET n = w.n + 1;
        
      ELSE
        UPDATE accounts_writes SET n = n + 1;
        
      END IF;
      RETURN NULL;
    END
    $$;
    LOCK TABLE accounts IN SHARE MODE;
    INSERT INTO accounts_writes (tenant_id, shard, n) SELECT DISTINCT tenant_id, 0, 1 FROM accounts;
    CREATE TRIGGER accounts_writes_on_insert AFTER INSERT ON accounts REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION accounts_count_writes();
    CREATE TRIGGER accounts_writes_on_delete AFTER DELETE ON accounts REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION accounts_count_writes();
    CREATE TRIGGER accounts_writes_on_update AFTER UPDATE ON accounts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION accounts_count_writes();
    CREATE TRIGGER accounts_writes_on_truncate AFTER TRUNCATE ON accounts
      FOR EACH STATEMENT EXECUTE FUNCTION accounts_count_writes();
  
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
    CREATE TABLE opportunities_writes (tenant_id uuid NOT NULL, shard smallint NOT NULL, n bigint NOT NULL, PRIMARY KEY (tenant_id, shard));
    CREATE OR REPLACE FUNCTION opportunities_count_writes() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO opportunities_writes AS w (tenant_id, shard, n) SELECT DISTINCT tenant_id, (txid_current() % 8)::smallint, 1 FROM new_rows
         ON CONFLICT (tenant_id, shard) DO UPDATE SET n = w.n + 1;
        
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO opportunities_writes AS w (tenant_id, shard, n) SELECT DISTINCT tenant_id, (txid_current() % 8)::smallint, 1 FROM old_rows
         ON CONFLICT (tenant_id, shard) DO UPDATE SET n = w.n + 1;
        
      ELSIF TG_OP = 'UPDATE' THEN
        INSERT INTO opportunities_writes AS w (tenant_id, shard, n) SELECT DISTINCT tenant_id, (txid_current() % 8)::smallint, 1 FROM (SELECT tenant_id FROM old_rows UNION ALL SELECT tenant_id FROM new_rows) AS changed
         ON CONFLICT (tenant_id, shard) DO UPDATE SET n = w.n + 1;
        
      ELSE
        UPDATE opportunities_writes SET n = n + 1;
        
      END IF;
      RETURN NULL;
    END
    $$;
    LOCK TABLE opportunities IN SHARE MODE;
    INSERT INTO opportunities_writes (tenant_id, shard, n) SELECT DISTINCT tenant_id, 0, 1 FROM opportunities;
    CREATE TRIGGER opportunities_writes_on_insert AFTER INSERT ON opportunities REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION opportunities_count_writes();
    CREATE TRIGGER opportunities_writes_on_delete AFTER DELETE ON opportunities REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION opportunities_count_writes();
    CREATE TRIGGER opportunities_writes_on_update AFTER UPDATE ON opportunities REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION opportunities_count_writes();
    CREATE TRIGGER opportunities_writes_on_truncate AFTER TRUNCATE ON opportunities
      FOR EACH STATEMENT EXECUTE FUNCTION opportunities_count_writes();
  
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
    CREATE TABLE tasks_writes (tenant_id uuid NOT NULL, shard smallint NOT NULL, n bigint NOT NULL, PRIMARY KEY (tenant_id, shard));
    CREATE OR REPLACE FUNCTION tasks_count_writes() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO tasks_writes AS w (tenant_id, shard, n) SELECT DISTINCT tenant_id, (txid_current() % 8)::smallint, 1 FROM new_rows
         ON CONFLICT (tenant_id, shard) DO UPDATE SET n = w.n + 1;
        
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO tasks_writes AS w (tenant_id, shard, n) SELECT DISTINCT tenant_id, (txid_current() % 8)::smallint, 1 FROM old_rows
         ON CONFLICT (tenant_id, shard) DO UPDATE SET n = w.n + 1;
        
      ELSIF TG_OP = 'UPDATE' THEN
        INSERT INTO tasks_writes AS w (tenant_id, shard, n) SELECT DISTINCT tenant_id, (txid_current() % 8)::smallint, 1 FROM (SELECT tenant_id FROM old_rows UNION ALL SELECT tenant_id FROM new_rows) AS changed
         ON CONFLICT (tenant_id, shard) DO UPDATE SET n = w.n + 1;
        
      ELSE
        UPDATE tasks_writes SET n = n + 1;
        
      END IF;
      RETURN NULL;
    END
    $$;
    LOCK TABLE tasks IN SHARE MODE;
    INSERT INTO tasks_writes (tenant_id, shard, n) SELECT DISTINCT tenant_id, 0, 1 FROM tasks;
    CREATE TRIGGER tasks_writes_on_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION tasks_count_writes();
    CREATE TRIGGER tasks_writes_on_delete AFTER DELETE ON tasks REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION tasks_count_writes();
    CREATE TRIGGER tasks_writes_on_update AFTER UPDATE ON tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION tasks_count_writes();
    CREATE TRIGGER tasks_writes_on_truncate AFTER TRUNCATE ON tasks
      FOR EACH STATEMENT EXECUTE FUNCTION tasks_count_writes();
  