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

/**
 * Inserts many rows in one statement, answering the `returning` columns of every row in the order given.
 * The rows travel as one JSON parameter read by `jsonb_to_recordset` (`columns` maps each column to its
 * SQL type): one value to bind and a statement of constant size, where a multi-row VALUES list would
 * bind (and PostgreSQL parse and plan) 19 parameters a row. Rows are matched back by their `id`.
 */
export async function insertMany<Row extends { id: string }>(
  db: Db,
  table: string,
  columns: Readonly<Record<string, string>>,
  rows: readonly (Record<string, unknown> & { id: string })[],
  options: { returning: string },
): Promise<Row[]> {
  if (rows.length === 0) return [];
  const names = Object.keys(columns);
  const inserted = await queryRows<Row>(
    db,
    `INSERT INTO ${table} (${names.join(', ')})
     SELECT ${names.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS r(${names.map((name) => `${name} ${columns[name]}`).join(', ')})
     RETURNING ${options.returning}`,
    [JSON.stringify(rows)],
  );
  const byId = new Map(inserted.map((row) => [row.id, row]));
  return rows.map((row) => byId.get(row.id)!);
}
