
    CREATE TABLE leads_totals (
      tenant_id uuid NOT NULL,
      assigned_to uuid NOT NULL,
      created_by uuid NOT NULL,
      
      shard smallint NOT NULL,
      n bigint NOT NULL,
      PRIMARY KEY (tenant_id, assigned_to, created_by, shard)
    );
    CREATE OR REPLACE FUNCTION leads_keep_totals() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO leads_totals AS t (tenant_id, assigned_to, created_by, shard, n)
         SELECT tenant_id, assigned_to, created_by, (txid_current() % 8)::smallint, count(*) FROM new_rows GROUP BY tenant_id, assigned_to, created_by
         ON CONFLICT (tenant_id, assigned_to, created_by, shard) DO UPDATE SET n = t.n + EXCLUDED.n;
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO leads_totals AS t (tenant_id, assigned_to, created_by, shard, n)
         SELECT tenant_id, assigned_to, created_by, (txid_current() % 8)::smallint, -count(*) FROM old_rows GROUP BY tenant_id, assigned_to, created_by
         ON CONFLICT (tenant_id, assigned_to, created_by, shard) DO UPDATE SET n = t.n + EXCLUDED.n;
      ELSE
        -- Only rows whose key changed move between totals.
        INSERT INTO leads_totals AS t (tenant_id, assigned_to, created_by, shard, n)
         SELECT tenant_id, assigned_to, created_by, (txid_current() % 8)::smallint, -count(*) FROM (SELECT o.* FROM old_rows o JOIN new_rows n USING (id) WHERE (o.tenant_id, o.assigned_to, o.created_by) IS DISTINCT FROM (n.tenant_id, n.assigned_to, n.created_by)) AS moved GROUP BY tenant_id, assigned_to, created_by
         ON CONFLICT (tenant_id, assigned_to, created_by, shard) DO UPDATE SET n = t.n + EXCLUDED.n;
        INSERT INTO leads_totals AS t (tenant_id, assigned_to, created_by, shard, n)
         SELECT tenant_id, assigned_to, created_by, (txid_current() % 8)::smallint, count(*) FROM (SELECT n.* FROM old_rows o JOIN new_rows n USING (id) WHERE (o.tenant_id, o.assigned_to, o.created_by) IS DISTINCT FROM (n.tenant_id, n.assigned_to, n.created_by)) AS moved GROUP BY tenant_id, assigned_to, created_by
         ON CONFLICT (tenant_id, assigned_to, created_by, shard) DO UPDATE SET n = t.n + EXCLUDED.n;
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
    INSERT INTO leads_totals (tenant_id, assigned_to, created_by, shard, n) SELECT tenant_id, assigned_to, created_by, 0, count(*) FROM leads GROUP BY tenant_id, assigned_to, created_by;
    CREATE TRIGGER leads_totals_on_insert AFTER INSERT ON leads REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION leads_keep_totals();
    CREATE TRIGGER leads_totals_on_delete AFTER DELETE ON leads REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION leads_keep_totals();
    CREATE TRIGGER leads_totals_on_update AFTER UPDATE ON leads REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION leads_keep_totals();
    CREATE TRIGGER leads_totals_on_truncate AFTER TRUNCATE ON leads
      FOR EACH STATEMENT EXECUTE FUNCTION leads_clear_totals();
  