import { migrateService, openServiceDatabase } from '@crm/platform';
import { SERVICES, startSystem, type RunningSystem } from '@crm/system';
import { Client } from 'pg';
import { ApiClient } from '../support/api-client';
import { ownServers } from '../support/own-servers';
import { eventually, registerTenant } from '../support/tenants';

/**
 * Least privilege (issue 19.4): a migration role owns the schemas and is used by the migrate step only;
 * each service runs as a role of its own that reads and writes its own schema's rows and nothing more.
 * The whole system runs that way (writes, events through outbox and inbox, replicas, the audit log), a
 * service role cannot change a table or read another service's schema, and a service finding a migration
 * not applied refuses to start instead of failing later. Real servers only (roles are PostgreSQL's).
 */
const SERVER = new URL(process.env.DATABASE_URL!);
const DATABASE = `${SERVER.pathname.slice(1)}_least_privilege`;
// Roles are the whole server's: named after this run's database, so runs side by side never share them.
const MIGRATOR = `${DATABASE}_migrator`;
const roleOf = (service: string) => `${DATABASE}_${service.replace(/-/g, '_')}`;
const urlAs = (role: string) => {
  const url = new URL(SERVER);
  url.username = role;
  url.pathname = `/${DATABASE}`;
  return url.toString();
};
const ROLES = [MIGRATOR, ...SERVICES.map(({ definition }) => roleOf(definition.name))];

async function asSuperuser<T>(database: string, work: (client: Client) => Promise<T>): Promise<T> {
  const url = new URL(SERVER);
  url.pathname = `/${database}`;
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function dropEverything(): Promise<void> {
  await asSuperuser('postgres', async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`);
    for (const role of ROLES) await admin.query(`DROP ROLE IF EXISTS ${role}`);
  });
}

let system: RunningSystem, api: ApiClient;
// A broker namespace of its own: the worker's may hold events earlier suites left unconsumed, which the
// audit consumer would work through before this suite's.
const OWN = ownServers('least_privilege');

beforeAll(async () => {
  await OWN.reset();
  await dropEverything();
  await asSuperuser('postgres', async (admin) => {
    for (const role of ROLES) await admin.query(`CREATE ROLE ${role} LOGIN`);
    await admin.query(`CREATE DATABASE "${DATABASE}" OWNER postgres`);
    await admin.query(`GRANT CREATE ON DATABASE "${DATABASE}" TO ${MIGRATOR}`);
  });
  // Extensions go to public, where PostgreSQL 15 lets nobody create by default.
  await asSuperuser(DATABASE, (admin) => admin.query(`GRANT CREATE ON SCHEMA public TO ${MIGRATOR}`));
  for (const { definition } of SERVICES) {
    await migrateService(definition, { env: { ...process.env, DATABASE_URL: urlAs(MIGRATOR), DATABASE_SERVICE_ROLE: roleOf(definition.name) } });
  }
  system = await startSystem({
    env: { ...process.env, AMQP_NAMESPACE: OWN.settings.AMQP_NAMESPACE, THROTTLE_RATES: 'read=100000/hour,write=100000/hour,anon=100000/minute,unauthenticated=100000/minute' },
    ports: 'any',
    serviceEnv: (name) => ({ DATABASE_URL: urlAs(roleOf(name)), DATABASE_MIGRATE_ON_START: 'false' }),
  });
  api = new ApiClient(system.gatewayUrl);
}, 120_000);

afterAll(async () => {
  await system?.stop();
  await dropEverything();
});

describe('services running as roles limited to their own schema', () => {
  it('when a tenant works through the gateway, then every write, event, replica and audit entry works as the service roles', async () => {
    const admin = await registerTenant(api);
    const as = { token: admin.access };
    const account = await api.post('/api/accounts/', { name: 'Least Privilege Ltd' }, as);
    expect(account.status).toBe(201);
    const contact = await api.post('/api/contacts/', { first_name: 'Ada', last_name: 'Role', account_id: account.body.id }, as);
    expect(contact.status).toBe(201);
    expect(contact.body.account).toEqual({ id: account.body.id, name: 'Least Privilege Ltd' });
    const lead = await api.post('/api/leads/', { first_name: 'Grace', last_name: 'Role', company_name: 'Role Co' }, as);
    expect(lead.status).toBe(201);
    const task = await api.post('/api/tasks/', { title: 'Call', lead_id: lead.body.id, contact_id: contact.body.id }, as);
    expect(task.status).toBe(201);
    expect((await api.patch(`/api/leads/${lead.body.id}/`, { status: 'contacted' }, as)).status).toBe(200);
    // The events went through every outbox and inbox: the audit log has them.
    const logged = await eventually(async () => {
      const log = await api.get(`/api/audit-logs/?record_id=${lead.body.id}`, as);
      return log.body.count >= 2 ? log.body : undefined;
    }, 20_000, 'the lead in the audit log');
    expect(logged.results.map((entry: { type: string }) => entry.type)).toEqual(expect.arrayContaining(['lead.created', 'lead.updated']));
  });

  it("when a service role tries DDL in its own schema or reads another service's schema, then PostgreSQL refuses", async () => {
    const leads = new Client({ connectionString: urlAs(roleOf('leads')) });
    await leads.connect();
    try {
      await expect(leads.query('CREATE TABLE leads.sneaky (id int)')).rejects.toThrow(/permission denied/);
      await expect(leads.query('ALTER TABLE leads.leads ADD COLUMN sneaky int')).rejects.toThrow(/must be owner/);
      await expect(leads.query('DROP TABLE leads.leads')).rejects.toThrow(/must be owner/);
      await expect(leads.query('SELECT * FROM contacts.contacts LIMIT 1')).rejects.toThrow(/permission denied/);
      await expect(leads.query('SELECT * FROM auth.users LIMIT 1')).rejects.toThrow(/permission denied/);
      await expect(leads.query('CREATE SCHEMA sneaky')).rejects.toThrow(/permission denied/);
      // Its own rows it reads and writes.
      expect((await leads.query('SELECT count(*)::int AS n FROM leads.leads')).rows[0].n).toBeGreaterThanOrEqual(1);
    } finally {
      await leads.end();
    }
  });

  it('when a migration of a service was not applied by the migrate step, then the service refuses to start, naming the step', async () => {
    const pending = openServiceDatabase({
      url: urlAs(roleOf('audit')),
      schema: 'audit',
      migrations: [...SERVICES.find(({ definition }) => definition.name === 'audit')!.definition.migrations, { name: 'NotYetApplied9999999999999', up: 'SELECT 1' }],
      migrate: false,
    });
    await expect(pending).rejects.toThrow(/pending.*migrate step/);
  });
});
