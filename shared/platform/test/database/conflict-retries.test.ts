import { isTransactionConflict, retryConflictsIn, type DataSource } from '../../src/database';
import { openFreshSchema } from './fresh-schema';

/**
 * A transaction that loses a deadlock or a serialization race runs again (api-contract §6): two transactions
 * locking the same two rows in opposite orders both commit, where the database kills one of them.
 */
let plain: DataSource, retrying: DataSource;

const MIGRATION = { name: 'ConflictTest1766000000000', up: `CREATE TABLE counters (id int PRIMARY KEY, value int NOT NULL); INSERT INTO counters VALUES (1, 0), (2, 0);` };

beforeAll(async () => {
  plain = await openFreshSchema('conflicttest', [MIGRATION]);
  retrying = await openFreshSchema('conflicttestretried', [MIGRATION]);
  retryConflictsIn(retrying);
});
afterAll(async () => {
  await plain.destroy();
  await retrying.destroy();
});

/** Two transactions that each bump both counters, in opposite orders, meeting in the middle: a deadlock. */
async function crossedBumps(dataSource: DataSource): Promise<PromiseSettledResult<void>[]> {
  let arrived = 0;
  let meet!: () => void;
  const bothHoldOne = new Promise<void>((resolve) => (meet = resolve));
  let runs = 0;
  const bump = (first: number, second: number) =>
    dataSource.transaction(async (manager) => {
      runs += 1;
      await manager.query('UPDATE counters SET value = value + 1 WHERE id = $1', [first]);
      // Only the first run of each waits for the other: a run again goes straight through.
      if (runs <= 2) {
        arrived += 1;
        if (arrived === 2) meet();
        await bothHoldOne;
      }
      await manager.query('UPDATE counters SET value = value + 1 WHERE id = $1', [second]);
    });
  return Promise.allSettled([bump(1, 2), bump(2, 1)]);
}

const counters = async (dataSource: DataSource) =>
  ((await dataSource.query('SELECT value FROM counters ORDER BY id')) as Array<{ value: number }>).map((row) => row.value);

it('when two transactions deadlock without retries, then one fails with a conflict (what the retries are for)', async () => {
  const outcomes = await crossedBumps(plain);
  const failed = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  expect(failed).toHaveLength(1);
  expect(isTransactionConflict(failed[0]!.reason)).toBe(true);
  expect(await counters(plain)).toEqual([1, 1]);
});

it('when two transactions deadlock with retries, then the loser runs again and both commit', async () => {
  const outcomes = await crossedBumps(retrying);
  expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
  expect(await counters(retrying)).toEqual([2, 2]);
});

it('when a serializable transaction loses its race, then it runs again on what the winner wrote', async () => {
  await retrying.query('UPDATE counters SET value = 0');
  let arrived = 0;
  let meet!: () => void;
  const bothRead = new Promise<void>((resolve) => (meet = resolve));
  let runs = 0;
  const readThenWrite = (id: number) =>
    retrying.transaction('SERIALIZABLE', async (manager) => {
      runs += 1;
      const [{ total }] = (await manager.query('SELECT sum(value)::int AS total FROM counters')) as Array<{ total: number }>;
      if (runs <= 2) {
        arrived += 1;
        if (arrived === 2) meet();
        await bothRead;
      }
      await manager.query('UPDATE counters SET value = $2 WHERE id = $1', [id, total + 1]);
    });
  await Promise.all([readThenWrite(1), readThenWrite(2)]);
  // Serially: one writes 1, the other then sees a sum of 1 and writes 2.
  expect((await counters(retrying)).sort()).toEqual([1, 2]);
});
