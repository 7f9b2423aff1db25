import { z } from 'zod';
import { mapPageRows, readPageRows, type CrmEvent, type EntityManager, type PageRows, type PageWindow } from '@crm/platform';
import { idSchema, timestampSchema } from '@crm/records';

/** An entry of the audit log as the API lists it (the schema documents the answer). */
export const auditEntrySchema = z.strictObject({
  id: idSchema,
  type: z.string(),
  record_id: idSchema,
  actor: z.strictObject({ user_id: idSchema, profile_id: idSchema }).nullable(),
  time: timestampSchema,
  data: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export interface AuditFilter {
  tenantId: string;
  recordId?: string;
  type?: string;
  /** Timestamps as PostgreSQL reads them (`timestampLowerBound`, `timestampUpperBound`). */
  createdFrom?: string;
  createdTo?: string;
}

/** Stores an event once: the event id is unique, so a replayed event changes nothing. */
export async function insertAuditEntry(manager: EntityManager, event: CrmEvent): Promise<void> {
  await manager.query(
    `INSERT INTO audit_log (event_id, tenant_id, type, record_id, actor, time, data)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (event_id) DO NOTHING`,
    [event.id, event.tenantid, event.type, event.subject, event.actor, event.time, event.data],
  );
}

function whereClause(filter: AuditFilter): { sql: string; params: unknown[] } {
  const conditions = ['tenant_id = $1'];
  const params: unknown[] = [filter.tenantId];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    conditions.push(sql.replace('?', `$${params.length}`));
  };
  if (filter.recordId !== undefined) add('record_id = ?', filter.recordId);
  if (filter.type !== undefined) add('type = ?', filter.type);
  if (filter.createdFrom !== undefined) add('time >= ?', filter.createdFrom);
  if (filter.createdTo !== undefined) add('time <= ?', filter.createdTo);
  return { sql: conditions.join(' AND '), params };
}

export async function countAuditEntries(manager: EntityManager, filter: AuditFilter): Promise<number> {
  const where = whereClause(filter);
  const [row] = await manager.query(`SELECT count(*)::int AS count FROM audit_log WHERE ${where.sql}`, where.params);
  return row.count;
}

export async function listAuditEntries(manager: EntityManager, filter: AuditFilter, ascending: boolean, window: PageWindow): Promise<PageRows<AuditEntry>> {
  const where = whereClause(filter);
  const query = { select: 'id, type, record_id, actor, time, data', from: 'audit_log', where: [where.sql], params: where.params };
  const page = await readPageRows<AuditEntry & { time: Date }>(manager, { ...query, order: { columns: ['time'], descending: !ascending } }, window);
  return mapPageRows(page, (row) => ({ ...row, time: row.time.toISOString() }));
}
