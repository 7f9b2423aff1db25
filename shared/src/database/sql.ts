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

/** PostgreSQL takes at most 65,535 parameters in one statement. */
const MAX_PARAMETERS = 65_535;

/**
 * Inserts many rows with multi-row INSERTs (as many rows per statement as the parameter limit allows),
 * answering the `returning` columns of every row, in the order given. `values[i]` holds row i's values
 * in `columns` order; `casts` names a type for a column's placeholder (`{custom_fields: 'jsonb'}`).
 */
export async function insertMany<Row>(
  db: Db,
  table: string,
  columns: readonly string[],
  values: readonly unknown[][],
  options: { returning: string; casts?: Readonly<Record<string, string>> },
): Promise<Row[]> {
  const rowsPerStatement = Math.floor(MAX_PARAMETERS / columns.length);
  const placeholder = (column: string, index: number) => (options.casts?.[column] ? `$${index}::${options.casts[column]}` : `$${index}`);
  const inserted: Row[] = [];
  for (let start = 0; start < values.length; start += rowsPerStatement) {
    const chunk = values.slice(start, start + rowsPerStatement);
    const params: unknown[] = [];
    const tuples = chunk.map((row) => {
      const first = params.length + 1;
      params.push(...row);
      return `(${columns.map((column, offset) => placeholder(column, first + offset)).join(', ')})`;
    });
    // A plain INSERT's RETURNING follows its VALUES order.
    inserted.push(
      ...(await queryRows<Row>(db, `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')} RETURNING ${options.returning}`, params)),
    );
  }
  return inserted;
}
