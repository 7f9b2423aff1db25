import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { migrateService } from '@crm/platform';
import { SERVICES } from '@crm/system';
import { startServiceProcess, waitForLine } from '../support/processes';

/**
 * Retention (issue 19.8): `main.js prune` deletes, once, what is past its retention in the service's
 * schema (the audit log by AUDIT_LOG_RETENTION_DAYS, handled message ids by INBOX_RETENTION_DAYS,
 * expired idempotency keys, published events by OUTBOX_RETENTION, record tables' changed rows after 15
 * minutes) and keeps everything younger; a CronJob or an operator runs it, and a running service does
 * the same every 10 minutes. Real servers only: the embedded database prunes itself while it runs.
 */
const definitionOf = (name: string) => SERVICES.find(({ definition }) => definition.name === name)!.definition;
let db: Client;

beforeAll(async () => {
  await migrateService(definitionOf('audit'));
  await migrateService(definitionOf('leads'));
  db = new Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
});
afterAll(() => db.end());

const ages = { old: '40 days', young: '10 days' } as const;

async function auditEntry(age: string): Promise<string> {
  const eventId = randomUUID();
  await db.query(
    `INSERT INTO audit.audit_log (event_id, tenant_id, type, record_id, time, data) VALUES ($1, $2, 'retention.probe', 'r', now() - $3::interval, '{}')`,
    [eventId, randomUUID(), age],
  );
  return eventId;
}

const prune = async (service: string, env: Record<string, string>) => {
  const pruning = startServiceProcess(service, { PORT: '0', ...env }, ['prune']);
  expect(await pruning.exited).toBe(0);
  return (await waitForLine(pruning, 'pruned')).deleted as Record<string, number>;
};

describe('pruning what is past its retention', () => {
  it('when the audit log has a retention, then `prune` deletes the entries older than it and keeps the younger ones, with old inbox ids and expired keys', async () => {
    const [old, young] = [await auditEntry(ages.old), await auditEntry(ages.young)];
    const oldMessage = randomUUID();
    await db.query(`INSERT INTO audit.inbox (message_id, type, received_at) VALUES ($1, 'retention.probe', now() - interval '20 days')`, [oldMessage]);

    const deleted = await prune('audit', { AUDIT_LOG_RETENTION_DAYS: '30', INBOX_RETENTION_DAYS: '14' });
    expect(deleted).toEqual(expect.objectContaining({ 'audit log': expect.any(Number), inbox: expect.any(Number), 'idempotency keys': expect.any(Number) }));
    expect(deleted['audit log']).toBeGreaterThanOrEqual(1);
    const { rows } = await db.query(`SELECT event_id FROM audit.audit_log WHERE event_id = ANY($1::uuid[])`, [[old, young]]);
    expect(rows.map((row: { event_id: string }) => row.event_id)).toEqual([young]);
    expect((await db.query('SELECT 1 FROM audit.inbox WHERE message_id = $1', [oldMessage])).rowCount).toBe(0);
  });

  it('when the audit log has no retention (the default), then nothing of it is deleted', async () => {
    const ancient = await auditEntry('4000 days');
    const deleted = await prune('audit', {});
    expect(deleted['audit log']).toBeUndefined();
    expect((await db.query('SELECT 1 FROM audit.audit_log WHERE event_id = $1', [ancient])).rowCount).toBe(1);
  });

  it('when published events are older than OUTBOX_RETENTION, then `prune` deletes them and keeps the younger and the unpublished', async () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const [old, young, pending] = ids;
    const row = (id: string, publishedAgo: string | null) =>
      db.query(
        `INSERT INTO leads.outbox (id, type, subject, tenant_id, payload, published_at)
         VALUES ($1, 'retention.probe', 's', 't', '{}', CASE WHEN $2::interval IS NULL THEN NULL ELSE now() - $2::interval END)`,
        [id, publishedAgo],
      );
    await row(old!, '3 hours');
    await row(young!, '30 minutes');
    await row(pending!, null);
    const deleted = await prune('leads', { OUTBOX_RETENTION: '1h' });
    expect(deleted.outbox).toBeGreaterThanOrEqual(1);
    const { rows } = await db.query(`SELECT id FROM leads.outbox WHERE id = ANY($1::uuid[]) ORDER BY id`, [ids]);
    expect(rows.map((r: { id: string }) => r.id)).toEqual([young, pending].sort());
    await db.query(`DELETE FROM leads.outbox WHERE id = $1`, [pending]); // no relay runs here to publish it
  });
  it('when changed rows of leads are older than their 15 minutes, then `prune` deletes them once a pruning has seen their writes, and keeps the younger', async () => {
    const [tenant, oldRecord, youngRecord] = [randomUUID(), randomUUID(), randomUUID()];
    const note = (recordId: string, age: string) =>
      db.query(`INSERT INTO leads.leads_changed_rows (tenant_id, xid, record_ids, noted_at) VALUES ($1, pg_current_xact_id()::text::bigint, ARRAY[$2::uuid], now() - $3::interval)`, [
        tenant,
        recordId,
        age,
      ]);
    await note(oldRecord!, '20 minutes');
    const { rows: written } = await db.query(`SELECT xid FROM leads.leads_changed_rows WHERE $1 = ANY(record_ids)`, [oldRecord]);
    await note(youngRecord!, '1 minute');
    // A pruning deletes the old rows whose writes the one before it saw.
    await prune('leads', {});
    const deleted = await prune('leads', {});
    expect(deleted['leads changed rows']).toBeGreaterThanOrEqual(1);
    const { rows } = await db.query(`SELECT record_ids FROM leads.leads_changed_rows WHERE tenant_id = $1`, [tenant]);
    expect(rows.map((r: { record_ids: string[] }) => r.record_ids)).toEqual([[youngRecord]]);
    // Kept as seen by the snapshot that saw every pruned write: a count kept before it is counted again.
    const { rows: through } = await db.query(`SELECT pg_visible_in_snapshot($1::text::xid8, through) AS seen FROM leads.leads_changed_rows_pruned`, [written[0].xid]);
    expect(through).toEqual([{ seen: true }]);
  });
});
