
    CREATE TABLE opportunities_custom_values (
      record_id uuid NOT NULL,
      field text NOT NULL,
      tenant_id uuid NOT NULL,
      created_at timestamptz NOT NULL,
      number_value numeric,
      date_value text,
      PRIMARY KEY (record_id, field)
    );
    CREATE FUNCTION opportunities_keep_custom_values() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO opportunities_custom_values AS kept (tenant_id, field, record_id, created_at, number_value, date_value)
         SELECT r.tenant_id, field.key, r.id, r.created_at,
           CASE WHEN jsonb_typeof(field.value) = 'number' THEN field.value::numeric END,
           CASE WHEN jsonb_typeof(field.value) = 'string' THEN field.value #>> '{}' END
         FROM new_rows AS r, jsonb_each(r.custom_fields) AS field
         WHERE jsonb_typeof(field.value) = 'number'
            OR (jsonb_typeof(field.value) = 'string' AND field.value #>> '{}' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')
         ON CONFLICT (record_id, field) DO UPDATE SET number_value = EXCLUDED.number_value, date_value = EXCLUDED.date_value;
      ELSIF TG_OP = 'DELETE' THEN
        DELETE FROM opportunities_custom_values AS v USING old_rows AS o WHERE v.record_id = o.id;
      ELSIF TG_OP = 'UPDATE' THEN
        -- Only records whose custom fields changed: their values are written again.
        DELETE FROM opportunities_custom_values AS v USING (SELECT n.* FROM old_rows o JOIN new_rows n USING (id) WHERE o.custom_fields IS DISTINCT FROM n.custom_fields) AS r WHERE v.record_id = r.id;
        INSERT INTO opportunities_custom_values AS kept (tenant_id, field, record_id, created_at, number_value, date_value)
         SELECT r.tenant_id, field.key, r.id, r.created_at,
           CASE WHEN jsonb_typeof(field.value) = 'number' THEN field.value::numeric END,
           CASE WHEN jsonb_typeof(field.value) = 'string' THEN field.value #>> '{}' END
         FROM (SELECT n.* FROM old_rows o JOIN new_rows n USING (id) WHERE o.custom_fields IS DISTINCT FROM n.custom_fields) AS r, jsonb_each(r.custom_fields) AS field
         WHERE jsonb_typeof(field.value) = 'number'
            OR (jsonb_typeof(field.value) = 'string' AND field.value #>> '{}' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')
         ON CONFLICT (record_id, field) DO UPDATE SET number_value = EXCLUDED.number_value, date_value = EXCLUDED.date_value;
      ELSE
        TRUNCATE opportunities_custom_values;
      END IF;
      RETURN NULL;
    END
    $$;
    CREATE TRIGGER opportunities_custom_values_on_insert AFTER INSERT ON opportunities REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION opportunities_keep_custom_values();
    CREATE TRIGGER opportunities_custom_values_on_delete AFTER DELETE ON opportunities REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION opportunities_keep_custom_values();
    CREATE TRIGGER opportunities_custom_values_on_update AFTER UPDATE ON opportunities REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION opportunities_keep_custom_values();
    CREATE TRIGGER opportunities_custom_values_on_truncate AFTER TRUNCATE ON opportunities
      FOR EACH STATEMENT EXECUTE FUNCTION opportunities_keep_custom_values();