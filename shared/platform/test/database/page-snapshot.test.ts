import { readPageInOneSnapshot, type DataSource, type Db } from '../../src/database';
import { openFreshSchema } from './fresh-schema';

let dataSource: DataSource;

beforeAll(async () => {
  dataSource = await openFreshSchema('pagesnapshottest', [{ name: 'PageSnapshotTest1764600000000', up: 'CREATE TABLE things (id serial PRIMARY KEY)' }]);
});

afterAll(async () => {
  await dataSource.destroy();
});

const countThings = async (db: Db) => ((await db.query('SELECT count(*)::int AS count FROM things')) as Array<{ count: number }>)[0]!.count;
const listThings = (db: Db) => db.query('SELECT id FROM things ORDER BY id') as Promise<Array<{ id: number }>>;
const insertThing = () => dataSource.query('INSERT INTO things DEFAULT VALUES');

describe('readPageInOneSnapshot', () => {
  it('when a row commits after the page was read and before the count, then the count is still of the page’s snapshot', async () => {
    await insertThing();
    let pageRead!: () => void;
    const afterPage = new Promise<void>((resolve) => (pageRead = resolve));
    const { count, rows } = await readPageInOneSnapshot(dataSource, {
      rows: async (db) => {
        const rows = await listThings(db);
        pageRead();
        return rows;
      },
      count: async (db) => {
        await afterPage;
        await insertThing();
        return countThings(db);
      },
    });
    expect(count).toBe(rows.length);
    expect(await countThings(dataSource)).toBe(rows.length + 1);
  });

  it('when a read fails, then it is rolled back and its connection goes back to the pool, fit for writes', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const failing = readPageInOneSnapshot(dataSource, { count: countThings, rows: (db) => db.query('SELECT missing FROM things') as Promise<unknown[]> });
      await expect(failing).rejects.toThrow('missing');
    }
    await expect(insertThing()).resolves.toBeDefined();
  });
});
