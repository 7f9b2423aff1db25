-- crm:transaction false
INSERT INTO contacts_custom_values AS kept (tenant_id, field, record_id, created_at, number_value, date_value)
         SELECT r.tenant_id, field.key, r.id, r.created_at,
           CASE WHEN jsonb_typeof(field.value) = 'number' THEN field.value::numeric END,
           CASE WHEN jsonb_typeof(field.value) = 'string' THEN field.value #>> '{}' END
         FROM contacts AS r, jsonb_each(r.custom_fields) AS field
         WHERE jsonb_typeof(field.value) = 'number'
            OR (jsonb_typeof(field.value) = 'string' AND field.value #>> '{}' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')
         ON CONFLICT (record_id, field) DO NOTHING