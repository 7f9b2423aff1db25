DROP INDEX leads_duplicate_phone; DROP INDEX leads_duplicate_name; DROP INDEX leads_duplicate_company;
CREATE INDEX leads_duplicate_email_newest ON leads (tenant_id, email, created_at, id) WHERE status <> 'converted';
CREATE INDEX leads_duplicate_phone_newest ON leads (tenant_id, (CASE WHEN length(regexp_replace(phone, '[^0-9]', '', 'g')) >= 7 THEN right(regexp_replace(phone, '[^0-9]', '', 'g'), 10) END), created_at, id) WHERE status <> 'converted';
CREATE INDEX leads_duplicate_name_newest ON leads (tenant_id, lower(first_name), lower(last_name), created_at, id) WHERE status <> 'converted';
CREATE INDEX leads_duplicate_company_newest ON leads (tenant_id, lower(company_name), created_at, id) WHERE status <> 'converted';