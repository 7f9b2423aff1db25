import { Client } from 'pg';
import { createLead } from '../../support/leads';
import type { TestSystem } from '../../support/system';
import type { TenantAdmin } from '../../support/tenants';
import { startWithTenant } from '../../support/suite';

/**
 * A deadlock between two clients' writes is the database choosing a loser, not the client's error
 * (api-contract §6): the losing transaction runs again and both answer as if they had run one after the
 * other. Real servers only: the embedded database has one connection, so its transactions never overlap.
 *
 * The race, made certain: a lead PATCH with custom fields locks the lead row, then key-shares the
 * tenant's definitions; a definition DELETE removes its row, then strips its key from every lead. A test
 * connection holds the leads table in SHARE mode so that the DELETE stops after its first step, the PATCH
 * comes in and waits on the deleted definition, and the lock is let go: each now waits on the other.
 */
let system: TestSystem, admin: TenantAdmin;
/** The connection that holds the lock, and one that watches (a transaction sees one snapshot of pg_stat_activity). */
let blocker: Client, observer: Client;

beforeAll(async () => {
  ({ system, admin } = await startWithTenant());
  blocker = new Client({ connectionString: process.env.DATABASE_URL });
  observer = new Client({ connectionString: process.env.DATABASE_URL });
  await Promise.all([blocker.connect(), observer.connect()]);
});
afterAll(async () => {
  await Promise.all([blocker.end(), observer.end()]);
  await system.stop();
});

const token = () => ({ token: admin.access });

async function defineField(key: string): Promise<string> {
  const res = await system.api.post('/api/leads/custom-fields/', { key, label: key, field_type: 'text' }, token());
  expect(res.status).toBe(201);
  return res.body.id;
}

/** Waits until a statement matching `query` waits on a lock (the races above are set up step by step). */
async function untilWaitingOnALock(query: string): Promise<void> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    const { rows } = await observer.query(
      `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE $1`,
      [query],
    );
    if (rows.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`No statement like ${query} came to wait on a lock`);
}

async function deadlocksSoFar(): Promise<number> {
  const { rows } = await observer.query(`SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()`);
  return Number(rows[0].deadlocks);
}

it('when a lead PATCH of custom fields and a custom-field DELETE deadlock, then the PATCH answers 200 and the DELETE 204, and the lead keeps only the field that still exists', async () => {
  const deletedId = await defineField('tier');
  await defineField('region');
  const lead = await createLead(system.api, admin.access, { first_name: 'Ada', custom_fields: { tier: 'gold' } });
  const deadlocksBefore = await deadlocksSoFar();

  await blocker.query('BEGIN');
  await blocker.query('LOCK TABLE leads.leads IN SHARE MODE');
  const deletion = system.api.delete(`/api/leads/custom-fields/${deletedId}/`, token());
  await untilWaitingOnALock('UPDATE%leads%custom_fields%');
  const change = system.api.patch(`/api/leads/${lead.id}/`, { custom_fields: { region: 'North' } }, token());
  await untilWaitingOnALock('%custom_field_definitions%FOR KEY SHARE%');
  await blocker.query('COMMIT');

  const [deleted, changed] = await Promise.all([deletion, change]);
  expect(deleted.status).toBe(204);
  expect(changed.status).toBe(200);
  const stored = await system.api.get(`/api/leads/${lead.id}/`, token());
  expect(stored.body.custom_fields).toEqual({ region: 'North' });
  // The race was a real deadlock, not two writes that happened to queue.
  for (const deadline = Date.now() + 5_000; (await deadlocksSoFar()) === deadlocksBefore && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(await deadlocksSoFar()).toBeGreaterThan(deadlocksBefore);
});
