import { Client } from 'pg';
import { isDatabaseUnavailable, openServiceDatabase, type DataSource } from '../../src/database';
import { DATABASE_URL } from '../messaging/helpers';

const SCHEMA = 'connecttimeouttest';
let dataSource: DataSource;

beforeAll(async () => {
  const admin = new Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
  await admin.end();
  dataSource = await openServiceDatabase({ url: DATABASE_URL, schema: SCHEMA, migrations: [], poolSize: 2, connectTimeoutMs: 300 });
});

afterAll(async () => {
  await dataSource.destroy();
});

describe('the connection wait of a service database', () => {
  it('when every pooled connection stays busy past the timeout, then a query fails as the database being unavailable, and works once one is free', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Both connections of the pool (migrating takes two at once, so a pool has at least that many).
    let inside = 0;
    let bothInside: () => void = () => undefined;
    const bothHeld = new Promise<void>((resolve) => (bothInside = resolve));
    const holding = [1, 2].map((n) =>
      dataSource.transaction(async (manager) => {
        await manager.query('SELECT $1::int', [n]);
        if ((inside += 1) === 2) bothInside();
        await held;
      }),
    );
    await bothHeld;

    const waiting = await dataSource.query('SELECT 1').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(waiting).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(waiting)).toBe(true);

    release();
    await Promise.all(holding);
    expect(await dataSource.query('SELECT 2 AS n')).toEqual([{ n: 2 }]);
  });
});
