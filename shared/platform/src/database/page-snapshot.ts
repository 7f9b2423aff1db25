import type { DataSource, EntityManager } from './database';
import type { PageRows, PageStart, PageWindow } from './page-rows';

/**
 * Reads in one snapshot (api-contract §6): every statement of `read` runs in one REPEATABLE READ READ ONLY
 * transaction and sees the database as of its first, so what it puts together (a list's count and page,
 * a record and the names its view shows from a replica) agrees whatever commits meanwhile. It costs one
 * connection for the statements (one after the other) plus the BEGIN and COMMIT round trips. On the
 * embedded database the transaction also holds the one session.
 */
export async function readInOneSnapshot<T>(dataSource: DataSource, read: (db: EntityManager) => Promise<T>): Promise<T> {
  const runner = dataSource.createQueryRunner();
  try {
    await runner.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const result = await read(runner.manager);
    await runner.query('COMMIT');
    return result;
  } catch (error) {
    await runner.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await runner.release();
  }
}

/** A list's count and page, read in one snapshot. */
export function readPageInOneSnapshot<Rows>(
  dataSource: DataSource,
  read: { count: (db: EntityManager) => Promise<number>; rows: (db: EntityManager) => Promise<Rows> },
): Promise<{ count: number; rows: Rows }> {
  return readInOneSnapshot(dataSource, async (db) => {
    const [count, rows] = await Promise.all([read.count(db), read.rows(db)]);
    return { count, rows };
  });
}

/**
 * A list's page for its envelope: the count and the page's rows read in one snapshot (`readPageRows` for
 * the rows), each row shown by `view`.
 */
export async function readListPage<Row, View>(
  dataSource: DataSource,
  page: { pageSize: number; start: PageStart },
  read: { count: (db: EntityManager) => Promise<number>; rows: (db: EntityManager, window: PageWindow) => Promise<PageRows<Row>> },
  view: (row: Row) => View,
): Promise<Omit<PageRows<Row>, 'rows'> & { count: number; results: View[] }> {
  const window = { limit: page.pageSize, start: page.start };
  const { count, rows } = await readPageInOneSnapshot(dataSource, { count: read.count, rows: (db) => read.rows(db, window) });
  const { rows: pageRows, ...place } = rows;
  return { count, results: pageRows.map(view), ...place };
}
