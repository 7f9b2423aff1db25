import { randomUUID } from 'node:crypto';
import type { DataSource } from '@crm/platform';
import { dropRecordTotalsSql, recordTotalsSql } from '../../src/records';
import { openFreshSchema } from '../../../platform/test/database/fresh-schema';

/**
 * A record table's totals per tenant, owner, creator and a key column (`recordTotalsSql`), against a real
 * database: after every kind of write (many rows at once, an owner or a status changed or not, deletes, a
 * truncate, a write rolled back) they sum to exactly what counting the rows gives, for every group.
 */
let dataSource: DataSource;

beforeAll(async () => {
  dataSource = await openFreshSchema('recordtotalstest', [
    {
      name: 'Things1766400000000',
      up: "CREATE TABLE things (id uuid PRIMARY KEY, tenant_id uuid NOT NULL, assigned_to uuid NOT NULL, created_by uuid NOT NULL, status text NOT NULL DEFAULT 'new', label text)",
    },
    { name: 'ThingTotals1766400000001', up: recordTotalsSql('things', 'assigned_to') },
    // As leads went: totals by owner and creator first, then by status too.
    { name: 'ThingTotalsByStatus1766400000002', up: dropRecordTotalsSql('things') + recordTotalsSql('things', 'assigned_to', { status: 'text' }) },
  ]);
});
afterAll(() => dataSource.destroy());

const [tenantA, tenantB, ada, grace, alan] = Array.from({ length: 5 }, () => randomUUID());

/** The totals summed per group, and the rows counted per group: they must be the same. */
async function totalsAndCounts(): Promise<{ totals: unknown[]; counts: unknown[] }> {
  const totals = await dataSource.query(
    `SELECT tenant_id, assigned_to, created_by, status, sum(n)::int AS n FROM things_totals GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4`,
  );
  const counts = await dataSource.query(`SELECT tenant_id, assigned_to, created_by, status, count(*)::int AS n FROM things GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`);
  return { totals, counts };
}

async function expectTotalsToMatch(): Promise<void> {
  const { totals, counts } = await totalsAndCounts();
  expect(totals).toEqual(counts);
}

const insert = (count: number, tenant: string, owner: string, creator: string) =>
  dataSource.query(
    `INSERT INTO things (id, tenant_id, assigned_to, created_by, label) SELECT gen_random_uuid(), $1, $2, $3, 'thing ' || i FROM generate_series(1, $4::int) AS i`,
    [tenant, owner, creator, count],
  );

it('when rows are inserted, many in one statement and one by one, then each group totals its rows', async () => {
  await insert(500, tenantA, ada, ada);
  await insert(200, tenantA, grace, ada);
  await insert(1, tenantB, alan, alan);
  for (let i = 0; i < 5; i += 1) await insert(1, tenantA, grace, grace);
  await expectTotalsToMatch();
  const [{ n }] = await dataSource.query(`SELECT sum(n)::int AS n FROM things_totals WHERE tenant_id = $1 AND (created_by = $2 OR assigned_to = $2)`, [tenantA, grace]);
  expect(n).toBe(205);
});

it('when an update changes owners or statuses, then totals move; when it changes something else, then they stay as they are', async () => {
  const before = await dataSource.query('SELECT count(*)::int AS rows FROM things_totals');
  await dataSource.query(`UPDATE things SET label = 'renamed' WHERE tenant_id = $1`, [tenantA]);
  expect(await dataSource.query('SELECT count(*)::int AS rows FROM things_totals')).toEqual(before);
  await dataSource.query(`UPDATE things SET assigned_to = $2 WHERE id IN (SELECT id FROM things WHERE assigned_to = $1 LIMIT 120)`, [grace, alan]);
  await dataSource.query(`UPDATE things SET status = 'won' WHERE id IN (SELECT id FROM things WHERE assigned_to = $1 LIMIT 50)`, [ada]);
  const [{ won }] = await dataSource.query(`SELECT sum(n)::int AS won FROM things_totals WHERE tenant_id = $1 AND status = 'won'`, [tenantA]);
  expect(won).toBe(50);
  await dataSource.query(`UPDATE things SET tenant_id = $2 WHERE id IN (SELECT id FROM things WHERE tenant_id = $1 AND assigned_to = $3 LIMIT 7)`, [tenantA, tenantB, ada]);
  await expectTotalsToMatch();
});

it('when rows are deleted, or a write is rolled back, then the totals are the rows left', async () => {
  await dataSource.query(`DELETE FROM things WHERE id IN (SELECT id FROM things WHERE assigned_to = $1 LIMIT 99)`, [ada]);
  await dataSource
    .transaction(async (manager) => {
      await manager.query(`INSERT INTO things (id, tenant_id, assigned_to, created_by) VALUES ($1, $2, $3, $3)`, [randomUUID(), tenantB, ada]);
      throw new Error('rolled back');
    })
    .catch(() => undefined);
  await expectTotalsToMatch();
});

it('when a session of another schema writes the table, then its totals are kept too', async () => {
  await dataSource.transaction(async (manager) => {
    await manager.query('SET LOCAL search_path = public');
    await manager.query(`INSERT INTO recordtotalstest.things (id, tenant_id, assigned_to, created_by) VALUES ($1, $2, $3, $3)`, [randomUUID(), tenantB, grace]);
    await manager.query(`DELETE FROM recordtotalstest.things WHERE id IN (SELECT id FROM recordtotalstest.things WHERE assigned_to = $1 LIMIT 1)`, [alan]);
  });
  await expectTotalsToMatch();
});

it('when the table is truncated, then every total is gone', async () => {
  await dataSource.query('TRUNCATE things');
  expect(await dataSource.query('SELECT sum(n) AS n FROM things_totals')).toEqual([{ n: null }]);
  await insert(3, tenantA, ada, grace);
  await expectTotalsToMatch();
});

it('when a table with rows gets its totals, then they start from its rows', async () => {
  await dataSource.query('CREATE TABLE older_things (id uuid PRIMARY KEY, tenant_id uuid NOT NULL, owner_id uuid NOT NULL, created_by uuid NOT NULL)');
  await dataSource.query(`INSERT INTO older_things SELECT gen_random_uuid(), $1, $2, $2 FROM generate_series(1, 42)`, [tenantA, ada]);
  await dataSource.query(recordTotalsSql('older_things', 'owner_id'));
  expect(await dataSource.query('SELECT owner_id, sum(n)::int AS n FROM older_things_totals GROUP BY owner_id')).toEqual([{ owner_id: ada, n: 42 }]);
  await dataSource.query(`INSERT INTO older_things SELECT gen_random_uuid(), $1, $2, $2 FROM generate_series(1, 8)`, [tenantA, ada]);
  expect(await dataSource.query('SELECT owner_id, sum(n)::int AS n FROM older_things_totals GROUP BY owner_id')).toEqual([{ owner_id: ada, n: 50 }]);
});
