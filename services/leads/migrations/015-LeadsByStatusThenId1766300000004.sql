-- crm:transaction false
CREATE INDEX CONCURRENTLY IF NOT EXISTS leads_tenant_status_id ON leads (tenant_id, status, id)