/** Anything that runs SQL: the data source, or the entity manager of a transaction. */
export interface Db {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

/**
 * The rows of a query. typeorm answers UPDATE and DELETE with `[rows, affectedCount]` and everything
 * else with the rows; repositories want the rows either way (rows are objects, never arrays).
 */
export async function queryRows<Row>(db: Db, sql: string, parameters: unknown[] = []): Promise<Row[]> {
  const result = await db.query(sql, parameters);
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') {
    return result[0] as Row[];
  }
  return result as Row[];
}

export async function queryOne<Row>(db: Db, sql: string, parameters: unknown[] = []): Promise<Row | undefined> {
  const rows = await queryRows<Row>(db, sql, parameters);
  return rows[0];
}

