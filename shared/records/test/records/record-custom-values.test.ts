import { randomUUID } from 'node:crypto';
import { customFieldFilterSql } from '../../src/custom-fields';
import type { DataSource } from '@crm/platform';
import { recordCustomValuesMigrations, recordCustomValuesSql } from '../../src/records';
import { openFreshSchema } from '../../../platform/test/database/fresh-schema';

/**
 * A record table's number and date custom-field values (`recordCustomValuesSql`), against a real
 * database: after every kind of write they are the records' own values, and a bound read through them
 * (`customFieldFilterSql` with `values`) finds what the records' jsonb says, and no more.
 */
let dataSource: DataSource;
const tenant = randomUUID();

beforeAll(async () => {
  dataSource = await openFreshSchema('customvaluestest', [
    {
      name: 'Things1766400000000',
      up: `CREATE TABLE things (id uuid PRIMARY KEY, tenant_id uuid NOT NULL, label text, custom_fields jsonb NOT NULL DEFAULT '{}', created_at timestamptz NOT NULL DEFAULT now())`,
    },
    // Rows written before the values are kept: the migration fills them in.
    { name: 'OldThing1766400000001', up: `INSERT INTO things (id, tenant_id, label, custom_fields) VALUES (gen_random_uuid(), '${tenant}', 'old', '{"score": 7, "due": "2026-03-01"}')` },
    { name: 'ThingValues1766400000002', up: recordCustomValuesSql('things') },
  ]);
});
afterAll(() => dataSource.destroy());

const insert = (label: string, customFields: Record<string, unknown>, createdAt = new Date()) =>
  dataSource.query(`INSERT INTO things (id, tenant_id, label, custom_fields, created_at) VALUES (gen_random_uuid(), $1, $2, $3, $4)`, [
    tenant,
    label,
    customFields,
    createdAt,
  ]);

/** The kept values as `label.field=value`, sorted. */
async function keptValues(): Promise<string[]> {
  const rows: { entry: string }[] = await dataSource.query(
    `SELECT t.label || '.' || v.field || '=' || coalesce(v.number_value::text, v.date_value) AS entry
     FROM things_custom_values v JOIN things t ON t.id = v.record_id AND t.tenant_id = v.tenant_id AND t.created_at = v.created_at ORDER BY 1`,
  );
  const [{ n }] = await dataSource.query('SELECT count(*)::int AS n FROM things_custom_values');
  expect(n).toBe(rows.length); // none kept for a record that is gone
  return rows.map((row) => row.entry);
}

it('when records are written in every way, then only their number and date values are kept, as they are now', async () => {
  expect(await keptValues()).toEqual(['old.due=2026-03-01', 'old.score=7']);
  await insert('a', { score: 10.5, due: '2026-12-01', tier: 'gold', vip: true, note: '2026-12-01 at noon', nested: { score: 1 } });
  await insert('b', { score: -3 });
  expect(await keptValues()).toEqual(['a.due=2026-12-01', 'a.score=10.5', 'b.score=-3', 'old.due=2026-03-01', 'old.score=7']);

  await dataSource.query(`UPDATE things SET custom_fields = '{"score": 4}' WHERE label = 'a'`);
  await dataSource.query(`UPDATE things SET label = 'bee' WHERE label = 'b'`);
  expect(await keptValues()).toEqual(['a.score=4', 'bee.score=-3', 'old.due=2026-03-01', 'old.score=7']);

  await dataSource.query(`DELETE FROM things WHERE label = 'old'`);
  expect(await keptValues()).toEqual(['a.score=4', 'bee.score=-3']);
  await dataSource.query('TRUNCATE things');
  expect(await keptValues()).toEqual([]);
});

it('when a list bounds a number or a date, then the kept values find the same records as their jsonb, and bound where a walk of creation order starts', async () => {
  const day = (n: number) => new Date(Date.UTC(2026, 0, n));
  await insert('early', { score: 90, due: '2026-12-20' }, day(1));
  await insert('middle', { score: 50, due: '2026-06-01' }, day(2));
  await insert('late', { score: 10, due: '2026-12-05' }, day(3));
  await insert('none', {}, day(4));
  await insert('text', { score: '95' }, day(5));
  const filters = [
    { filter: { key: 'score', value: 40, bound: 'gte' as const }, matches: ['early', 'middle'] },
    { filter: { key: 'due', value: '2026-12-01', bound: 'gte' as const }, matches: ['early', 'late'] },
  ];
  for (const { filter, matches } of filters) {
    const plain = customFieldFilterSql([filter], 'custom_fields', 2);
    const indexed = customFieldFilterSql([filter], 'custom_fields', 2, { table: 'things_custom_values', recordTable: 'things', tenantParam: '$1' });
    const labels = async (conditions: string[]) =>
      (await dataSource.query(`SELECT label FROM things WHERE tenant_id = $1 AND ${conditions.join(' AND ')} ORDER BY label`, [tenant, ...indexed.params])).map(
        (row: { label: string }) => row.label,
      );
    expect(await labels(plain.conditions)).toEqual(matches);
    expect(await labels(indexed.implied)).toEqual(matches);
    expect(await labels([...indexed.conditions, ...indexed.implied])).toEqual(await labels(plain.conditions));
    const [{ oldest, newest }] = await dataSource.query(`SELECT ${indexed.createdBetween[0]!.oldest} AS oldest, ${indexed.createdBetween[0]!.newest} AS newest`, [
      tenant,
      ...indexed.params,
    ]);
    const [{ expectedOldest, expectedNewest }] = await dataSource.query(
      `SELECT min(created_at) AS "expectedOldest", max(created_at) AS "expectedNewest" FROM things WHERE tenant_id = $1 AND ${plain.conditions.join(' AND ')}`,
      [tenant, ...plain.params],
    );
    expect([oldest, newest]).toEqual([expectedOldest, expectedNewest]);
  }
});

it('when a write changes a record while the migration fills the values in, then the write\'s value is the one kept', async () => {
  const fill = recordCustomValuesMigrations('things', 1766400000003)[1]!;
  expect(fill.transaction).toBe(false);
  // A record from before the values were kept: written with the triggers off.
  await dataSource.transaction(async (manager) => {
    await manager.query('SET LOCAL session_replication_role = replica');
    await manager.query(`INSERT INTO things (id, tenant_id, label, custom_fields) VALUES (gen_random_uuid(), $1, 'racing', '{"score": 1}')`, [tenant]);
  });
  const filling = dataSource.createQueryRunner();
  await filling.connect();
  try {
    await filling.startTransaction();
    await filling.query(fill.up);
    // The write's values wait for the filling's, then replace them.
    const writing = dataSource.query(`UPDATE things SET custom_fields = '{"score": 2}' WHERE label = 'racing'`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await filling.commitTransaction();
    await writing;
  } finally {
    await filling.release();
  }
  expect((await keptValues()).filter((entry) => entry.startsWith('racing.'))).toEqual(['racing.score=2']);
  // Run again (a migration without a transaction may be), the filling leaves the values as they are.
  await dataSource.query(fill.up);
  expect((await keptValues()).filter((entry) => entry.startsWith('racing.'))).toEqual(['racing.score=2']);
});
