CREATE OR REPLACE FUNCTION contacts_keep_totals() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO contacts_totals AS t (tenant_id, owner_id, created_by, shard, n)
         SELECT tenant_id, owner_id, created_by, (txid_current() % 8)::smallint, count(*) FROM new_rows GROUP BY tenant_id, owner_id, created_by
         ON CONFLICT (tenant_id, owner_id, created_by, shard) DO UPDATE SET n = t.n + EXCLUDED.n;
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO contacts_totals AS t (tenant_id, owner_id, created_by, shard, n)
         SELECT tenant_id, owner_id, created_by, (txid_current() % 8)::smallint, -count(*) FROM old_rows GROUP BY tenant_id, owner_id, created_by
         ON CONFLICT (tenant_id, owner_id, created_by, shard) DO UPDATE SET n = t.n + EXCLUDED.n;
      ELSE
        -- Only rows whose key changed move between totals.
        INSERT INTO contacts_totals AS t (tenant_id, owner_id, created_by, shard, n)
         SELECT tenant_id, owner_id, created_by, (txid_current() % 8)::smallint, -count(*) FROM (SELECT o.* FROM old_rows o JOIN new_rows n USING (id) WHERE (o.tenant_id, o.owner_id, o.created_by) IS DISTINCT FROM (n.tenant_id, n.owner_id, n.created_by)) AS moved GROUP BY tenant_id, owner_id, created_by
         ON CONFLICT (tenant_id, owner_id, created_by, shard) DO UPDATE SET n = t.n + EXCLUDED.n;
        INSERT INTO contacts_totals AS t (tenant_id, owner_id, created_by, shard, n)
         SELECT tenant_id, owner_id, created_by, (txid_current() % 8)::smallint, count(*) FROM (SELECT n.* FROM old_rows o JOIN new_rows n USING (id) WHERE (o.tenant_id, o.owner_id, o.created_by) IS DISTINCT FROM (n.tenant_id, n.owner_id, n.created_by)) AS moved GROUP BY tenant_id, owner_id, created_by
         ON CONFLICT (tenant_id, owner_id, created_by, shard) DO UPDATE SET n = t.n + EXCLUDED.n;
      END IF;
      RETURN NULL;
    END
    $$;
    CREATE TABLE contacts_writes (tenant_id uuid NOT NULL, shard smallint NOT NULL, n bigint NOT NULL, PRIMARY KEY (tenant_id, shard));
    CREATE OR REPLACE FUNCTION contacts_count_writes() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO contacts_writes AS w (tenant_id, shard, n) SELECT DISTINCT tenant_id, (txid_current() % 8)::smallint, 1 FROM new_rows
         ON CONFLICT (tenant_id, shard) DO UPDATE SET n = w.n + 1;
        
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO contacts_writes AS w (tenant_id, shard, n) SELECT DISTINCT tenant_id, (txid_current() % 8)::smallint, 1 FROM old_rows
         ON CONFLICT (tenant_id, shard) DO UPDATE SET n = w.n + 1;
        
      ELSIF TG_OP = 'UPDATE' THEN
        INSERT INTO contacts_writes AS w (tenant_id, shard, n) SELECT DISTINCT tenant_id, (txid_current() % 8)::smallint, 1 FROM (SELECT tenant_id FROM old_rows UNION ALL SELECT tenant_id FROM new_rows) AS changed
         ON CONFLICT (tenant_id, shard) DO UPDATE SET n = w.n + 1;
        
      ELSE
        UPDATE contacts_writes SET n = n + 1;
        
      END IF;
      RETURN NULL;
    END
    $$;
    LOCK TABLE contacts IN SHARE MODE;
    INSERT INTO contacts_writes (tenant_id, shard, n) SELECT DISTINCT tenant_id, 0, 1 FROM contacts;
    CREATE TRIGGER contacts_writes_on_insert AFTER INSERT ON contacts REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION contacts_count_writes();
    CREATE TRIGGER contacts_writes_on_delete AFTER DELETE ON contacts REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION contacts_count_writes();
    CREATE TRIGGER contacts_writes_on_update AFTER UPDATE ON contacts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION contacts_count_writes();
    CREATE TRIGGER contacts_writes_on_truncate AFTER TRUNCATE ON contacts
      FOR EACH STATEMENT EXECUTE FUNCTION contacts_count_writes();
  