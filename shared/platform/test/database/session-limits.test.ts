import { Client } from 'pg';
import { isDatabaseUnavailable, openServiceDatabase, type DataSource } from '../../src/database';
import { DATABASE_URL } from '../messaging/helpers';

/**
 * Every connection of a service's pool carries its limits (DATABASE_STATEMENT_TIMEOUT, _LOCK_TIMEOUT,
 * _IDLE_IN_TRANSACTION_TIMEOUT) and its application_name; a statement cut off by a limit is the database
 * being busy (503), not a fault of the request (500). A migration waits at most MIGRATION_LOCK_TIMEOUT for
 * a lock and gives way, and runs outside a transaction when it says so (CREATE INDEX CONCURRENTLY).
 */
const SCHEMA = 'sessionlimitstest';
let dataSource: DataSource, admin: Client;

beforeAll(async () => {
  admin = new Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
  dataSource = await openServiceDatabase({
    url: DATABASE_URL,
    schema: SCHEMA,
    migrations: [
      { name: 'Things1000000000000', up: 'CREATE TABLE things (id int PRIMARY KEY, name text)' },
      { name: 'ThingsByName1000000000001', up: 'CREATE INDEX CONCURRENTLY IF NOT EXISTS things_by_name ON things (name)', transaction: false },
    ],
    poolSize: 3,
    sessionLimits: { statementTimeoutMs: 1_000, lockTimeoutMs: 300, idleInTransactionTimeoutMs: 600 },
    applicationName: 'crm-limits-test',
  });
});

afterAll(async () => {
  await dataSource.destroy();
  await admin.end();
});

const failureOf = (work: Promise<unknown>) => work.then(() => undefined, (error: unknown) => error);

describe('the limits of a service connection', () => {
  it('when a statement runs past the statement timeout, then it is cancelled as the database being busy', async () => {
    const error = await failureOf(dataSource.query('SELECT pg_sleep(2)'));
    expect(error).toMatchObject({ driverError: { code: '57014' } });
    expect(isDatabaseUnavailable(error)).toBe(true);
    await expect(dataSource.query('SELECT 1 AS one')).resolves.toEqual([{ one: 1 }]);
  });

  it('when a statement waits past the lock timeout, then it fails as the database being busy, and the lock holder is untouched', async () => {
    await admin.query('BEGIN');
    await admin.query(`LOCK TABLE ${SCHEMA}.things IN ACCESS EXCLUSIVE MODE`);
    try {
      const error = await failureOf(dataSource.query('SELECT count(*) FROM things'));
      expect(error).toMatchObject({ driverError: { code: '55P03' } });
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await admin.query('ROLLBACK');
    }
  });

  it('when a transaction sits idle past the idle-in-transaction timeout, then the server ends it (rolled back) and the error is the database being unavailable', async () => {
    const error = await failureOf(
      dataSource.transaction(async (manager) => {
        await manager.query('INSERT INTO things (id) VALUES (1)');
        await new Promise((resolve) => setTimeout(resolve, 1_200));
        await manager.query('SELECT 1');
      }),
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(await dataSource.query('SELECT count(*)::int AS n FROM things')).toEqual([{ n: 0 }]);
  });

  it('when the connections are listed, then they carry the application name and the limits', async () => {
    expect(await dataSource.query("SELECT current_setting('application_name') AS name, current_setting('statement_timeout') AS statement, current_setting('lock_timeout') AS lock")).toEqual([
      { name: 'crm-limits-test', statement: '1s', lock: '300ms' },
    ]);
  });

  it('when a migration says transaction: false, then it ran outside a transaction (an index built concurrently is there and valid)', async () => {
    const { rows } = await admin.query(
      `SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = $1 AND c.relname = 'things_by_name'`,
      [SCHEMA],
    );
    expect(rows).toEqual([{ valid: true }]);
  });
});

describe('a migration waiting on a lock', () => {
  it('when a long transaction holds its table past MIGRATION_LOCK_TIMEOUT, then it gives way and is tried again, and applies once the table is free', async () => {
    await admin.query('BEGIN');
    await admin.query(`LOCK TABLE ${SCHEMA}.things IN ACCESS SHARE MODE`);
    setTimeout(() => void admin.query('ROLLBACK'), 1_500);
    const started = Date.now();
    const migrated = await openServiceDatabase({
      url: DATABASE_URL,
      schema: SCHEMA,
      migrations: [
        { name: 'Things1000000000000', up: 'CREATE TABLE things (id int PRIMARY KEY, name text)' },
        { name: 'ThingsByName1000000000001', up: 'CREATE INDEX CONCURRENTLY IF NOT EXISTS things_by_name ON things (name)', transaction: false },
        { name: 'ThingsColour1000000000002', up: 'ALTER TABLE things ADD COLUMN colour text' },
      ],
      poolSize: 2,
      migrationLockTimeoutMs: 200,
    });
    try {
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
      const { rows } = await admin.query(`SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'things' ORDER BY ordinal_position`, [SCHEMA]);
      expect(rows.map((row: { column_name: string }) => row.column_name)).toEqual(['id', 'name', 'colour']);
    } finally {
      await migrated.destroy();
    }
  });
});
