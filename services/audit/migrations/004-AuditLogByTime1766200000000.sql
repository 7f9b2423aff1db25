-- crm:transaction false
CREATE INDEX CONCURRENTLY IF NOT EXISTS audit_log_time ON audit_log (time)