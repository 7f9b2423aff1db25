-- Per-tenant quotas (docs/security.md §10.5, api-contract §11). The operator's overrides of the TENANT_QUOTAS
-- defaults for one tenant (`npm run tenant-quotas`): each service keeps those of the quotas it enforces, so a
-- write checks its quota in its own transaction, without asking another service.
CREATE TABLE tenant_quotas (
  tenant_id uuid NOT NULL,
  -- A name of TENANT_QUOTAS: `leads`, `custom_fields`, `file_bytes`, …
  quota text NOT NULL,
  quota_limit bigint NOT NULL CHECK (quota_limit >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, quota)
);

-- The bytes of the files attached to each entity's records of a tenant, kept by statement triggers in the
-- writing transaction (as the records' totals are), so the `file_bytes` quota reads one row, not every file.
CREATE TABLE attachment_bytes (
  tenant_id uuid NOT NULL,
  record_type text NOT NULL,
  bytes bigint NOT NULL,
  PRIMARY KEY (tenant_id, record_type)
);
CREATE FUNCTION attachments_keep_bytes() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO attachment_bytes AS b (tenant_id, record_type, bytes)
     SELECT tenant_id, record_type, sum(size) FROM new_rows GROUP BY tenant_id, record_type
     ON CONFLICT (tenant_id, record_type) DO UPDATE SET bytes = b.bytes + EXCLUDED.bytes;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO attachment_bytes AS b (tenant_id, record_type, bytes)
     SELECT tenant_id, record_type, -sum(size) FROM old_rows GROUP BY tenant_id, record_type
     ON CONFLICT (tenant_id, record_type) DO UPDATE SET bytes = b.bytes + EXCLUDED.bytes;
  ELSE
    -- Only files whose tenant, entity or size changed move between totals: a merge moving files to
    -- another record of the same entity changes none.
    INSERT INTO attachment_bytes AS b (tenant_id, record_type, bytes)
     SELECT o.tenant_id, o.record_type, -sum(o.size) FROM old_rows o JOIN new_rows n USING (id)
      WHERE (o.tenant_id, o.record_type, o.size) IS DISTINCT FROM (n.tenant_id, n.record_type, n.size) GROUP BY o.tenant_id, o.record_type
     ON CONFLICT (tenant_id, record_type) DO UPDATE SET bytes = b.bytes + EXCLUDED.bytes;
    INSERT INTO attachment_bytes AS b (tenant_id, record_type, bytes)
     SELECT n.tenant_id, n.record_type, sum(n.size) FROM old_rows o JOIN new_rows n USING (id)
      WHERE (o.tenant_id, o.record_type, o.size) IS DISTINCT FROM (n.tenant_id, n.record_type, n.size) GROUP BY n.tenant_id, n.record_type
     ON CONFLICT (tenant_id, record_type) DO UPDATE SET bytes = b.bytes + EXCLUDED.bytes;
  END IF;
  RETURN NULL;
END
$$;
CREATE FUNCTION attachments_clear_bytes() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  DELETE FROM attachment_bytes;
  RETURN NULL;
END
$$;
LOCK TABLE attachments IN SHARE MODE;
INSERT INTO attachment_bytes (tenant_id, record_type, bytes) SELECT tenant_id, record_type, sum(size) FROM attachments GROUP BY tenant_id, record_type;
CREATE TRIGGER attachments_bytes_on_insert AFTER INSERT ON attachments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION attachments_keep_bytes();
CREATE TRIGGER attachments_bytes_on_delete AFTER DELETE ON attachments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION attachments_keep_bytes();
CREATE TRIGGER attachments_bytes_on_update AFTER UPDATE ON attachments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION attachments_keep_bytes();
CREATE TRIGGER attachments_bytes_on_truncate AFTER TRUNCATE ON attachments
  FOR EACH STATEMENT EXECUTE FUNCTION attachments_clear_bytes();
