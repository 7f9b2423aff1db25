import type { TestSystem } from '../../support/system';

/**
 * An entry of the tenant's audit log about a record, stored as the audit service stores an event, at
 * this instant (to the millisecond, as the API shows it). Written directly: these suites are about
 * reading lists, not about the events reaching the log.
 */
export async function addAuditEntry(system: TestSystem, tenantId: string, recordId: string): Promise<{ id: string; created_at: string }> {
  const time = new Date();
  const [entry] = await system.services.audit!.dataSource.query(
    `INSERT INTO audit_log (event_id, tenant_id, type, record_id, actor, time, data)
     VALUES (gen_random_uuid(), $1, 'lead.created', $2, NULL, $3, '{}') RETURNING id`,
    [tenantId, recordId, time],
  );
  return { id: entry.id, created_at: time.toISOString() };
}
