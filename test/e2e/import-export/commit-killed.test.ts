import type { ApiClient } from '../../support/api-client';
import { startProcessSystemWithTenant, type ProcessSystem } from '../../support/process-system';
import { eventually, type TenantAdmin } from '../../support/tenants';
import { csvForm } from './support';

/**
 * An import commit is one transaction of the owning service (api-contract §5): killed halfway — the leads
 * process SIGKILLed while it inserts the rows — nothing of the file is left, and the client hears a 503,
 * not a half-done import. Every service runs in its own process, as in production.
 */
let system: ProcessSystem, api: ApiClient, admin: TenantAdmin;

beforeAll(async () => ({ system, api, admin } = await startProcessSystemWithTenant()), 120_000);
afterAll(() => system?.close(), 60_000);

const leadsOfTenant = async (): Promise<number> =>
  (await system.db.query(`SELECT count(*)::int AS n FROM leads.leads WHERE tenant_id = $1`, [admin.orgId])).rows[0].n;

it('when the leads service is killed in the middle of a commit, then not one row of the file is written', async () => {
  const file = `first_name,last_name,email,tags\r\n${Array.from({ length: 5_000 }, (_, i) => `Lead${i},Killed,lead${i}@killed.test,a;b`).join('\r\n')}\r\n`;
  const commit = api.post('/api/leads/import/commit/', undefined, { token: admin.access, rawBody: csvForm(file) });

  // The moment the leads process is inside the transaction, inserting the file's rows: kill it.
  const leads = system.running.leads!;
  await eventually(
    async () => {
      const { rows } = await system.db.query(
        `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND query LIKE 'INSERT INTO leads (%'`,
      );
      return rows.length > 0 ? true : undefined;
    },
    20_000,
    'the commit to be inserting',
  );
  leads.child.kill('SIGKILL');
  await leads.exited;

  const answer = await commit;
  expect(answer.status).toBe(503);
  expect(answer.body).toEqual({ detail: expect.any(String) });
  // PostgreSQL rolled the transaction back when the connection died.
  await eventually(async () => {
    const { rows } = await system.db.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'INSERT INTO leads (%' AND state <> 'idle'`);
    return rows[0].n === 0 ? true : undefined;
  });
  expect(await leadsOfTenant()).toBe(0);
  const { rows } = await system.db.query(`SELECT count(*)::int AS n FROM leads.outbox WHERE tenant_id = $1`, [admin.orgId]);
  expect(rows[0].n).toBe(0);

  // Back up, the same file commits whole.
  await system.start('leads');
  const retried = await api.post('/api/leads/import/commit/', undefined, { token: admin.access, rawBody: csvForm(file) });
  expect(retried.status).toBe(201);
  expect(await leadsOfTenant()).toBe(5_000);
}, 90_000);
