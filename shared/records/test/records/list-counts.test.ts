import { randomUUID } from 'node:crypto';
import type { DataSource } from '@crm/platform';
import { changedRowsRetention, ListCounts, recordChangedRowsSql, recordTotalsSql, recordWriteCountsSql, type CountedFilter } from '../../src/records';
import { openFreshSchema } from '../../../platform/test/database/fresh-schema';

/**
 * Counts of filtered lists kept per write version of the tenant (`ListCounts`, `recordWriteCountsSql`)
 * and carried through the rows changed since (`recordChangedRowsSql`), against a real database: after
 * every kind of write a count is the rows' count; with no write between two reads, the second is the
 * kept count; after a write, the kept count carried through that write's rows alone (both shown by rows
 * slipped in past the triggers, as no client can).
 */
let dataSource: DataSource;
const table = { name: 'things', totals: true as const };

beforeAll(async () => {
  dataSource = await openFreshSchema('listcountstest', [
    { name: 'Things1766400000000', up: 'CREATE TABLE things (id uuid PRIMARY KEY, tenant_id uuid NOT NULL, assigned_to uuid NOT NULL, created_by uuid NOT NULL, label text)' },
    { name: 'ThingCounts1766400000001', up: recordTotalsSql('things', 'assigned_to') + recordWriteCountsSql('things') },
    { name: 'ThingChanges1766400000002', up: recordChangedRowsSql('things') },
  ]);
});
afterAll(() => dataSource.destroy());

const [tenantA, tenantB, ada] = Array.from({ length: 3 }, () => randomUUID());

/** Things of the tenant whose label has an "a": a filter the totals cannot count. */
const labelledA = (tenantId: string): CountedFilter => ({
  tenantId,
  conditions: ['tenant_id = $1', "label LIKE '%a%'"],
  params: [tenantId],
  countsFromTotals: false,
});

const insert = (tenantId: string, labels: string[], db: Pick<DataSource, 'query'> = dataSource) =>
  db.query(`INSERT INTO things (id, tenant_id, assigned_to, created_by, label) SELECT gen_random_uuid(), $1, $2, $2, label FROM unnest($3::text[]) AS label`, [
    tenantId,
    ada,
    labels,
  ]);

const rowsCounted = async (tenantId: string): Promise<number> =>
  (await dataSource.query(`SELECT count(*)::int AS n FROM things WHERE tenant_id = $1 AND label LIKE '%a%'`, [tenantId]))[0].n;

/** Rows written with the triggers off (a superuser's replication role): the write versions do not move. */
const insertPastTheTriggers = (tenantId: string, labels: string[]) =>
  dataSource.transaction(async (manager) => {
    await manager.query('SET LOCAL session_replication_role = replica');
    await insert(tenantId, labels, manager);
  });

it('when rows are written in every way, then each count is the rows counted', async () => {
  const counts = new ListCounts(table);
  const expectExact = async () => {
    for (const tenant of [tenantA, tenantB]) expect(await counts.count(dataSource.manager, labelledA(tenant))).toBe(await rowsCounted(tenant));
  };
  await insert(tenantA, ['ant', 'bee', 'cat']);
  await insert(tenantB, ['bat']);
  await expectExact();
  await dataSource.query(`UPDATE things SET label = 'bird' WHERE label = 'cat'`);
  await expectExact();
  await dataSource.query(`UPDATE things SET label = 'bear' WHERE label = 'bee'`);
  await expectExact();
  // One statement turning some rows in and others out: each id is judged by its own old row.
  await insert(tenantA, ['owl', 'ox']);
  await dataSource.query(`UPDATE things SET label = CASE WHEN label LIKE '%a%' THEN 'emu' ELSE label || 'a' END WHERE tenant_id = $1 AND label <> 'ant'`, [tenantA]);
  await expectExact();
  await dataSource.query(`DELETE FROM things WHERE label = 'ant'`);
  await expectExact();
  await dataSource
    .transaction(async (manager) => {
      await insert(tenantA, ['rolled back'], manager);
      throw new Error('rolled back');
    })
    .catch(() => undefined);
  await expectExact();
  await dataSource.query('TRUNCATE things');
  await expectExact();
  expect(await rowsCounted(tenantA)).toBe(0);
});

it('when nothing was written in between, then the count kept is answered; when the tenant writes, then it is carried through the rows written', async () => {
  const counts = new ListCounts(table);
  await insert(tenantA, ['alpaca', 'yak']);
  const counted = await counts.count(dataSource.manager, labelledA(tenantA));
  expect(counted).toBe(await rowsCounted(tenantA));
  await insertPastTheTriggers(tenantA, ['antelope']);
  expect(await counts.count(dataSource.manager, labelledA(tenantA))).toBe(counted);
  // Another tenant's write leaves this tenant's version, and its kept count, as they were.
  await insert(tenantB, ['llama']);
  expect(await counts.count(dataSource.manager, labelledA(tenantA))).toBe(counted);
  // Carried, not counted again: the antelope slipped in unnoted stays uncounted.
  await insert(tenantA, ['zebra', 'gnu']);
  expect(await counts.count(dataSource.manager, labelledA(tenantA))).toBe(counted + 1);
  await dataSource.query(`UPDATE things SET label = 'emu' WHERE tenant_id = $1 AND label = 'alpaca'`, [tenantA]);
  expect(await counts.count(dataSource.manager, labelledA(tenantA))).toBe(counted);
});

it('when the rows changed since a kept count are pruned, then the list is counted again', async () => {
  const counts = new ListCounts(table);
  await insert(tenantA, ['panda']);
  const counted = await counts.count(dataSource.manager, labelledA(tenantA));
  await insertPastTheTriggers(tenantA, ['manatee']);
  await insert(tenantA, ['wombat']);
  await dataSource.query(`UPDATE things_changed_rows SET noted_at = now() - interval '1 hour'`);
  const [retention] = changedRowsRetention(dataSource.manager, ['things']);
  // The first pruning keeps its snapshot; the next deletes what that snapshot saw.
  await retention.prune();
  expect(await retention.prune()).toBeGreaterThan(0);
  expect(await dataSource.query('SELECT count(*)::int AS n FROM things_changed_rows')).toEqual([{ n: 0 }]);
  // Counted again: the manatee, which no carried count could know of, is in it.
  expect(await counts.count(dataSource.manager, labelledA(tenantA))).toBe(counted + 2);
  expect(await counts.count(dataSource.manager, labelledA(tenantA))).toBe(await rowsCounted(tenantA));
});

it('when a write in flight as a count was kept commits later, then it is carried in', async () => {
  const counts = new ListCounts(table);
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction();
    await insert(tenantA, ['tapir', 'koala'], runner.manager);
    await insert(tenantA, ['quagga']);
    const counted = await counts.count(dataSource.manager, labelledA(tenantA));
    expect(counted).toBe(await rowsCounted(tenantA));
    await runner.commitTransaction();
  } finally {
    await runner.release();
  }
  await insert(tenantA, ['okapi']);
  expect(await counts.count(dataSource.manager, labelledA(tenantA))).toBe(await rowsCounted(tenantA));
});

it('when a reader counts in an older snapshot, then it gets the count of that snapshot, and later readers the newer one', async () => {
  const counts = new ListCounts(table);
  const before = await rowsCounted(tenantA);
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction('REPEATABLE READ');
    await runner.query('SELECT 1');
    await insert(tenantA, ['aardvark', 'capybara']);
    expect(await counts.count(runner.manager, labelledA(tenantA))).toBe(before);
    expect(await counts.count(dataSource.manager, labelledA(tenantA))).toBe(before + 2);
    expect(await counts.count(runner.manager, labelledA(tenantA))).toBe(before);
    await runner.commitTransaction();
  } finally {
    await runner.release();
  }
  expect(await counts.count(dataSource.manager, labelledA(tenantA))).toBe(before + 2);
});
