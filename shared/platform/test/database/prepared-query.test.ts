import { queryPrepared, type DataSource } from '../../src/database';
import { openFreshSchema } from './fresh-schema';

let dataSource: DataSource;

beforeAll(async () => {
  dataSource = await openFreshSchema('preparedtest', [
    { name: 'PreparedTest1763800000000', up: `CREATE TABLE things (id int PRIMARY KEY, name text NOT NULL); INSERT INTO things VALUES (1, 'one'), (2, 'two');` },
  ]);
});

afterAll(async () => {
  await dataSource.destroy();
});

const thingNamed = (id: number) => queryPrepared<{ name: string }>(dataSource, 'thing_by_id', 'SELECT name FROM things WHERE id = $1', [id]);

describe('queryPrepared', () => {
  it('when a read runs again with other parameters, then it answers each one’s rows, from the service’s schema', async () => {
    expect(await thingNamed(1)).toEqual([{ name: 'one' }]);
    expect(await thingNamed(2)).toEqual([{ name: 'two' }]);
    expect(await thingNamed(3)).toEqual([]);
  });

  it('when a read has run on a connection, then the connection holds it as a prepared statement under its name and a per-connection suffix', async () => {
    await thingNamed(1);
    const prepared = await queryPrepared<{ name: string }>(dataSource, 'prepared_names', 'SELECT name FROM pg_prepared_statements', []);
    expect(prepared.map(({ name }) => name)).toEqual(expect.arrayContaining([expect.stringMatching(/^thing_by_id_\d+$/)]));
  });

  it('when the statement fails, then the error reaches the caller and the connection serves the next read', async () => {
    await expect(queryPrepared(dataSource, 'broken', 'SELECT missing_column FROM things', [])).rejects.toThrow(/missing_column/);
    expect(await thingNamed(1)).toEqual([{ name: 'one' }]);
  });
});
