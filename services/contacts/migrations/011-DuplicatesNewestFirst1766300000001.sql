DROP INDEX contacts_duplicate_phone; DROP INDEX contacts_duplicate_name;
CREATE INDEX contacts_duplicate_email_newest ON contacts (tenant_id, email, created_at, id);
CREATE INDEX contacts_duplicate_phone_newest ON contacts (tenant_id, (CASE WHEN length(regexp_replace(phone, '[^0-9]', '', 'g')) >= 7 THEN right(regexp_replace(phone, '[^0-9]', '', 'g'), 10) END), created_at, id);
CREATE INDEX contacts_duplicate_name_newest ON contacts (tenant_id, lower(first_name), lower(last_name), created_at, id);