import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { createEvent, createLogger, openServiceDatabase, type DataSource, type EventActor } from '@crm/platform';
import { acceptReassignment, insertRecords, reassignedCollection, RecordReassignments, REASSIGNMENT_REQUESTED, type RecordTable } from '@crm/records';
import { accountKind } from '../src/accounts/accounts.domain';
import { ACCOUNTS, type AccountValues } from '../src/accounts/accounts.repository';
import { accountsOpportunitiesMigrations } from '../src/migrations';
import { opportunityKind } from '../src/opportunities/opportunities.domain';
import { OPPORTUNITIES, type OpportunityValues } from '../src/opportunities/opportunities.repository';
import { taskKind } from '../src/tasks/tasks.domain';
import { TASKS, type TaskValues } from '../src/tasks/tasks.repository';

/**
 * The service's side of a reassignment (api-contract §10.2) in batches, on the service's own schema: a
 * runner that crashes in the middle of a batch loses that batch only, and the runner started after it goes
 * on with what is left; two runners at once (two replicas) share the work. Either way every record moves
 * once, with one `*.updated`, and one report counts them all.
 */
const SCHEMA = 'record_reassignment_test';
const SERVICE = 'accounts-opportunities';

let dataSource: DataSource;
const logger = createLogger('record-reassignment-test', 'silent');
const clock = () => new Date();

beforeAll(async () => {
  const sql = new Client({ connectionString: process.env.DATABASE_URL });
  await sql.connect();
  await sql.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
  await sql.end();
  dataSource = await openServiceDatabase({ url: process.env.DATABASE_URL!, schema: SCHEMA, poolSize: 6, migrations: accountsOpportunitiesMigrations });
});
afterAll(() => dataSource?.destroy());

const COLLECTIONS = [reassignedCollection('accounts', accountKind), reassignedCollection('opportunities', opportunityKind), reassignedCollection('tasks', taskKind)];

/** A runner as the service runs one, two records a batch; `collections` may stand in for the service's. */
const runner = (collections = COLLECTIONS) => new RecordReassignments({ service: SERVICE, collections, dataSource, logger, clock, batchSize: 2 });

interface Tenant {
  id: string;
  admin: EventActor;
  from: string;
  to: string;
  other: string;
}

async function tenantWithMembers(): Promise<Tenant> {
  const tenant = { id: randomUUID(), admin: { user_id: randomUUID(), profile_id: randomUUID() }, from: randomUUID(), to: randomUUID(), other: randomUUID() };
  for (const profileId of [tenant.admin.profile_id, tenant.from, tenant.to, tenant.other]) {
    await dataSource.query('INSERT INTO profiles (id, tenant_id, email, version) VALUES ($1, $2, $3, 1)', [profileId, tenant.id, `${profileId}@example.test`]);
  }
  return tenant;
}

/** `count` records of each entity owned by `owner`, as the service stores them: their ids. */
async function recordsOf(tenant: Tenant, owner: string, count: number): Promise<string[]> {
  const origin = () => ({ id: randomUUID(), tenantId: tenant.id, createdBy: tenant.admin.profile_id, now: new Date() });
  const insert = async <V extends AccountValues | OpportunityValues | TaskValues>(table: RecordTable<V>, values: () => V) =>
    (await insertRecords(dataSource.manager, table, Array.from({ length: count }, () => ({ ...origin(), values: values() })))).map((record) => record.id);
  return [
    ...(await insert(ACCOUNTS, () => ({ ...accountKind.defaults(owner, undefined), name: 'Analytical Engines' }) as AccountValues)),
    ...(await insert(OPPORTUNITIES, () => ({ ...opportunityKind.defaults(owner, undefined), name: 'Engines deal' }) as OpportunityValues)),
    ...(await insert(TASKS, () => ({ ...taskKind.defaults(owner, undefined), title: 'Call Ada' }) as TaskValues)),
  ];
}

/** `profile.reassignment_requested` handled as the consumer handles it (with its inbox row): the reassignment's id. */
async function requestReassignment(tenant: Tenant): Promise<string> {
  const reassignmentId = randomUUID();
  const event = createEvent({
    source: 'auth',
    type: REASSIGNMENT_REQUESTED,
    subject: reassignmentId,
    tenantId: tenant.id,
    actor: tenant.admin,
    data: { reassignment_id: reassignmentId, from: tenant.from, to: tenant.to, to_email: `${tenant.to}@example.test` },
  });
  await dataSource.transaction((manager) => acceptReassignment(event, manager, undefined));
  return reassignmentId;
}

const owners = async (ids: string[]): Promise<{ id: string; owner: string; version: number }[]> =>
  (
    await dataSource.query(
      `SELECT id, assigned_to, version FROM accounts WHERE id = ANY($1::uuid[])
       UNION ALL SELECT id, assigned_to, version FROM opportunities WHERE id = ANY($1::uuid[])
       UNION ALL SELECT id, assigned_to, version FROM tasks WHERE id = ANY($1::uuid[])`,
      [ids],
    )
  ).map((row: { id: string; assigned_to: string; version: number }) => ({ id: row.id, owner: row.assigned_to, version: row.version }));

/** The events written about `ids`, by record: their types and versions. */
const outboxOf = async (ids: string[]): Promise<Map<string, string[]>> => {
  const rows: { subject: string; type: string; payload: { data: { version: number } } }[] = await dataSource.query(
    'SELECT subject, type, payload FROM outbox WHERE subject = ANY($1::text[]) ORDER BY seq',
    [ids],
  );
  const events = new Map<string, string[]>();
  for (const row of rows) events.set(row.subject, [...(events.get(row.subject) ?? []), `${row.type} v${row.payload.data.version}`]);
  return events;
};

const reports = (reassignmentId: string) =>
  dataSource.query('SELECT type, payload FROM outbox WHERE subject = $1 ORDER BY seq', [reassignmentId]) as Promise<{ type: string; payload: { actor: EventActor; data: unknown } }[]>;

/** Each record `to`'s, one version on, announced once; the others' untouched; one report counting three of each. */
async function expectMovedOnce(tenant: Tenant, reassignmentId: string, moving: string[], kept: string[]): Promise<void> {
  expect(await owners(moving)).toEqual(expect.arrayContaining(moving.map((id) => ({ id, owner: tenant.to, version: 2 }))));
  expect(await owners(kept)).toEqual(expect.arrayContaining(kept.map((id) => ({ id, owner: tenant.other, version: 1 }))));
  const events = await outboxOf([...moving, ...kept]);
  for (const id of moving) expect({ id, events: events.get(id) }).toEqual({ id, events: [expect.stringMatching(/^(account|opportunity|task)\.updated v2$/)] });
  for (const id of kept) expect(events.get(id)).toBeUndefined();
  const written = await reports(reassignmentId);
  expect(written).toEqual([
    {
      type: `${SERVICE}.records_reassigned`,
      payload: expect.objectContaining({ actor: tenant.admin, data: { reassignment_id: reassignmentId, service: SERVICE, moved: { accounts: 3, opportunities: 3, tasks: 3 } } }),
    },
  ]);
}

describe('moving reassigned records in batches', () => {
  it('when the runner crashes in the middle of a batch, then that batch is undone, and the next runner moves what is left: each record once, one report', async () => {
    const tenant = await tenantWithMembers();
    const moving = await recordsOf(tenant, tenant.from, 3);
    const kept = await recordsOf(tenant, tenant.other, 1);
    const reassignmentId = await requestReassignment(tenant);

    // The third batch (past the fourth record) fails after its records were changed and announced, before it commits: a crash.
    let moved = 0;
    const crashing = COLLECTIONS.map(({ collection, move }) => ({
      collection,
      move: async (...args: Parameters<typeof move>) => {
        const count = await move(...args);
        moved += count;
        if (moved > 4) throw new Error('crashed in the middle of a batch');
        return count;
      },
    }));
    await expect(runner(crashing).runPending()).rejects.toThrow('crashed in the middle of a batch');
    // Two batches of two committed, the third did not.
    expect((await owners(moving)).filter((record) => record.owner === tenant.to)).toHaveLength(4);
    expect([...(await outboxOf(moving)).values()].flat()).toHaveLength(4);
    expect(await reports(reassignmentId)).toEqual([]);

    await runner().runPending();
    await expectMovedOnce(tenant, reassignmentId, moving, kept);

    // Asked again (a poll of another replica, a restart): nothing is left to do, nothing more is written.
    await runner().runPending();
    await expectMovedOnce(tenant, reassignmentId, moving, kept);
  });

  it('when two runners (two replicas) look for work at once, then they share it: each record once, one report', async () => {
    const tenant = await tenantWithMembers();
    const moving = await recordsOf(tenant, tenant.from, 3);
    const kept = await recordsOf(tenant, tenant.other, 1);
    const reassignmentId = await requestReassignment(tenant);
    await Promise.all([runner().runPending(), runner().runPending()]);
    // A runner that found the work locked by the other left it; whatever it left, the next poll finishes.
    await runner().runPending();
    await expectMovedOnce(tenant, reassignmentId, moving, kept);
  });
});
