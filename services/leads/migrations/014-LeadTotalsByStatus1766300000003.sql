
    DROP TRIGGER leads_totals_on_insert ON leads;
    DROP TRIGGER leads_totals_on_delete ON leads;
    DROP TRIGGER leads_totals_on_update ON leads;
    DROP TRIGGER leads_totals_on_truncate ON leads;
    DROP FUNCTION leads_keep_totals();
    DROP FUNCTION leads_clear_totals();
    DROP TABLE leads_totals;
    CREATE TABLE leads_totals (
      tenant_id uuid NOT NULL,
      assigned_to uuid NOT NULL,
      created_by uuid NOT NULL,
      status text NOT NULL,
      shard smallint NOT NULL,
      n bigint NOT NULL,
      PRIMARY KEY (tenant_id, assigned_to, created_by, status, shard)
    );
    CREATE OR REPLACE FUNCTION leads_keep_totals() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO leads_totals AS t (tenant_id, assigned_to, created_by, status, shard, n)
         SELECT tenant_id, assigned_to, created_by, status, (txid_current() % 8)::smallint, count(*) FROM new_rows GROUP BY tenant_id, assigned_to, created_by, status
         ON CONFLICT (tenant_id, assigned_to, created_by, status, shard) DO UPDATE SET n = t.n + EXCLUDED.n;
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO leads_totals AS t (tenant_id, assigned_to, created_by, status, shard, n)
         SELECT tenant_id, assigned_to, created_by, status, (txid_current() % 8)::smallint, -count(*) FROM old_rows GROUP BY tenant_id, assigned_to, created_by, status
         ON CONFLICT (tenant_id, assigned_to, created_by, status, shard) DO UPDATE SET n = t.n + EXCLUDED.n;
      ELSE
        -- Only rows whose key changed move between totals.
        INSERT INTO leads_totals AS t (tenant_id, assigned_to, created_by, status, shard, n)
         SELECT tenant_id, assigned_to, created_by, status, (txid_current() % 8)::smallint, -count(*) FROM (SELECT o.* FROM old_rows o JOIN new_rows n USING (id) WHERE (o.tenant_id, o.assigned_to, o.created_by, o.status) IS DISTINCT FROM (n.tenant_id, n.assigned_to, n.created_by, n.status)) AS moved GROUP BY tenant_id, assigned_to, created_by, status
         ON CONFLICT (tenant_id, assigned_to, created_by, status, shard) DO UPDATE SET n = t.n + EXCLUDED.n;
        INSERT INTO leads_totals AS t (tenant_id, assigned_to, created_by, status, shard, n)
         SELECT tenant_id, assigned_to, created_by, status, (txid_current() % 8)::smallint, count(*) FROM (SELECT n.* FROM old_rows o JOIN new_rows n USING (id) WHERE (o.tenant_id, o.assigned_to, o.created_by, o.status) IS DISTINCT FROM (n.tenant_id, n.assigned_to, n.created_by, n.status)) AS moved GROUP BY tenant_id, assigned_to, created_by, status
         ON CONFLICT (tenant_id, assigned_to, created_by, status, shard) DO UPDATE SET n = t.n + EXCLUDED.n;
      END IF;
      RETURN NULL;
    END
    $$;
    CREATE FUNCTION leads_clear_totals() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
      DELETE FROM leads_totals;
      RETURN NULL;
    END
    $$;
    LOCK TABLE leads IN SHARE MODE;
    INSERT INTO leads_totals (tenant_id, assigned_to, created_by, status, shard, n) SELECT tenant_id, assigned_to, created_by, status, 0, count(*) FROM leads GROUP BY tenant_id, assigned_to, created_by, status;
    CREATE TRIGGER leads_totals_on_insert AFTER INSERT ON leads REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION leads_keep_totals();
    CREATE TRIGGER leads_totals_on_delete AFTER DELETE ON leads REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION leads_keep_totals();
    CREATE TRIGGER leads_totals_on_update AFTER UPDATE ON leads REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION leads_keep_totals();
    CREATE TRIGGER leads_totals_on_truncate AFTER TRUNCATE ON leads
      FOR EACH STATEMENT EXECUTE FUNCTION leads_clear_totals();
  
    CREATE TABLE leads_writes (tenant_id uuid NOT NULL, shard smallint NOT NULL, n bigint NOT NULL, PRIMARY KEY (tenant_id, shard));
    CREATE OR REPLACE FUNCTION leads_count_writes() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO leads_writes AS w (tenant_id, shard, n) SELECT DISTINCT tenant_id, (txid_current() % 8)::smallint, 1 FROM new_rows
         ON CONFLICT (tenant_id, shard) DO UPDATE SET n = w.n + 1;
        
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO leads_writes AS w (tenant_id, shard, n) SELECT DISTINCT tenant_id, (txid_current() % 8)::smallint, 1 FROM old_rows
         ON CONFLICT (tenant_id, shard) DO UPDATE SET n = w.n + 1;
        
      ELSIF TG_OP = 'UPDATE' THEN
        INSERT INTO leads_writes AS w (tenant_id, shard, n) SELECT DISTINCT tenant_id, (txid_current() % 8)::smallint, 1 FROM (SELECT tenant_id FROM old_rows UNION ALL SELECT tenant_id FROM new_rows) AS changed
         ON CONFLICT (tenant_id, shard) DO UPDATE SET n = w.n + 1;
        
      ELSE
        UPDATE leads_writes SET n = n + 1;
        
      END IF;
      RETURN NULL;
    END
    $$;
    LOCK TABLE leads IN SHARE MODE;
    INSERT INTO leads_writes (tenant_id, shard, n) SELECT DISTINCT tenant_id, 0, 1 FROM leads;
    CREATE TRIGGER leads_writes_on_insert AFTER INSERT ON leads REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION leads_count_writes();
    CREATE TRIGGER leads_writes_on_delete AFTER DELETE ON leads REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION leads_count_writes();
    CREATE TRIGGER leads_writes_on_update AFTER UPDATE ON leads REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION leads_count_writes();
    CREATE TRIGGER leads_writes_on_truncate AFTER TRUNCATE ON leads
      FOR EACH STATEMENT EXECUTE FUNCTION leads_count_writes();
  