import { batchedLookup, queryPrepared, type DataSource } from '../../src/database';
import { openFreshSchema } from './fresh-schema';

let dataSource: DataSource;

beforeAll(async () => {
  dataSource = await openFreshSchema('batchedtest', [
    {
      name: 'BatchedTest1764500000000',
      up: `CREATE TABLE things (id int PRIMARY KEY, name text NOT NULL); INSERT INTO things SELECT n, 'thing ' || n FROM generate_series(1, 10) n;`,
    },
  ]);
});

afterAll(async () => {
  await dataSource.destroy();
});

/** A lookup of things by id that records the keys of each query it makes; `failNext` makes the next query fail. */
function thingLookup(maxBatch?: number) {
  const queries: number[][] = [];
  let failNext = false;
  const lookUp = batchedLookup<number, string>({
    keyOf: String,
    maxBatch,
    lookUp: async (source, ids) => {
      queries.push(ids);
      const [name, sql] = failNext
        ? ['broken', 'SELECT missing_column FROM things WHERE id = ANY($1::int[])']
        : ['things_by_ids', 'SELECT id, name FROM things WHERE id = ANY($1::int[])'];
      failNext = false;
      const rows = await queryPrepared<{ id: number; name: string }>(source, name, sql, [ids]);
      return new Map(rows.map((row) => [String(row.id), row.name]));
    },
  });
  return { byId: (id: number) => lookUp(dataSource, id), queries, failNextQuery: () => (failNext = true) };
}

describe('batchedLookup', () => {
  it('when lookups are made in the same turn, then one query answers each its own key, a missing key undefined', async () => {
    const things = thingLookup();
    const answers = await Promise.all([things.byId(3), things.byId(1), things.byId(42), things.byId(3)]);
    expect(answers).toEqual(['thing 3', 'thing 1', undefined, 'thing 3']);
    expect(things.queries).toEqual([[3, 1, 42, 3]]);
  });

  it('when lookups are made one after the other, then each has its own query', async () => {
    const things = thingLookup();
    expect(await things.byId(1)).toBe('thing 1');
    expect(await things.byId(2)).toBe('thing 2');
    expect(things.queries).toEqual([[1], [2]]);
  });

  it('when more lookups wait than a batch holds, then they go out as several queries, every one answered', async () => {
    const things = thingLookup(4);
    const ids = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(await Promise.all(ids.map(things.byId))).toEqual(ids.map((id) => `thing ${id}`));
    expect(things.queries).toEqual([
      [1, 2, 3, 4],
      [5, 6, 7, 8],
      [9, 10],
    ]);
  });

  it('when the query fails, then every lookup of that batch fails with its error, and the next batch is answered', async () => {
    const things = thingLookup();
    things.failNextQuery();
    const failed = await Promise.allSettled([things.byId(1), things.byId(2)]);
    expect(failed.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(failed.map((outcome) => String((outcome as PromiseRejectedResult).reason))).toEqual([
      expect.stringMatching(/missing_column/),
      expect.stringMatching(/missing_column/),
    ]);
    expect(await Promise.all([things.byId(1), things.byId(2)])).toEqual(['thing 1', 'thing 2']);
    expect(things.queries).toEqual([
      [1, 2],
      [1, 2],
    ]);
  });
});
