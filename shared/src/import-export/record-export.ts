import type { Response } from 'express';
import { Query, type PoolClient } from 'pg';
import type { DataSource } from '../database';
import { drainedOrClosed } from '../streams/drained';
import { CSV_BOM, csvLine } from './write-csv';

/** The internal export's media types: the CSV file, and the NDJSON an import-export of the release before asks for. */
export const EXPORT_CSV_TYPE = 'text/csv; charset=utf-8';
export const EXPORT_NDJSON_TYPE = 'application/x-ndjson';

/**
 * How a line of the export is written. NDJSON (`{"columns": [...]}`, then an array of cells per row) is
 * what an import-export of the release before asks for (it sends no `Accept`) while a rollout runs both
 * (expand/contract, docs/operations.md): remove it in the release after this one.
 */
const EXPORT_LINES = {
  csv: { type: EXPORT_CSV_TYPE, header: (columns: string[]) => CSV_BOM + csvLine(columns), row: csvLine },
  ndjson: { type: EXPORT_NDJSON_TYPE, header: (columns: string[]) => `${JSON.stringify({ columns })}\n`, row: (cells: string[]) => `${JSON.stringify(cells)}\n` },
};
export type ExportFormat = keyof typeof EXPORT_LINES;

/** Rows read per statement; the next statement waits until the socket took what this one wrote. */
export const EXPORT_BATCH_ROWS = 5_000;

/** An export's reads, built from the list's filters (what the caller may open, in the list's order). */
export interface ExportQuery {
  /** Every match's `id` (a uuid), in the export's order. */
  ids: { sql: string; params: unknown[] };
  /** The rows of some of those ids, in the order given: `$1` is the uuid[] (see `exportQueryOf`). */
  rowsOf: string;
}

/**
 * The export of `table`'s rows that match `where`, in `orderBy`: `columns` of each. Column names in
 * `columns` are the table's own, unqualified or qualified by the table's name.
 */
export function exportQueryOf(options: { table: string; columns: string; where: string; params: unknown[]; orderBy: string }): ExportQuery {
  const { table, columns, where, params, orderBy } = options;
  return {
    ids: { sql: `SELECT ${table}.id FROM ${table} WHERE ${where} ${orderBy}`, params },
    rowsOf: `SELECT ${columns} FROM ${table} JOIN unnest($1::uuid[]) WITH ORDINALITY AS wanted (id, position) USING (id) ORDER BY wanted.position`,
  };
}

/**
 * Streams every row of `query` as the export's CSV file (api-contract §8): a BOM and the `columns` line,
 * then one line of cells per row. Written here, where the rows are read, rather than handed on as data
 * for import-export to re-encode: each row is serialised once, and import-export passes the bytes on.
 *
 * No connection or transaction is held while the client reads (security review 18.2: a dozen slow
 * downloads held the whole pool, and the embedded database's only connection). First one statement
 * reads every match's id, in order: one consistent picture of which records the export has, kept as
 * 16 bytes each (2,000,000 leads: 32 MB). Then each batch of ids is read by one statement on a pooled
 * connection, given back before the export waits for the socket to drain. A record changed meanwhile
 * shows its values as its batch reads them; one deleted meanwhile is left out; none comes twice.
 *
 * Each row is turned into its line and written as it arrives (in chunks of `WRITE_CHUNK_CHARS`), so
 * neither rows nor a batch's text outlive the young generation's collections: held until a whole batch
 * was read, they were promoted by the megabyte, and the old generation grew to ~100 MB more resident
 * memory in an export of 100,000 leads.
 */
export async function streamExport<Row>(
  dataSource: DataSource,
  res: Response,
  query: ExportQuery,
  columns: string[],
  cellsOf: (row: Row) => string[],
  format: ExportFormat = 'csv',
): Promise<void> {
  const lines = EXPORT_LINES[format];
  let clientGone = false;
  res.on('close', () => {
    clientGone = true;
  });
  const ids = await withConnection(dataSource, (client) => matchingIds(client, query.ids));
  res.status(200).setHeader('Content-Type', lines.type);
  const out = new ChunkedWriter(res);
  out.add(lines.header(columns));
  for (let offset = 0; offset < ids.count && !clientGone; offset += EXPORT_BATCH_ROWS) {
    const batch = ids.arrayLiteral(offset, offset + EXPORT_BATCH_ROWS);
    await withConnection(dataSource, (client) => eachRow(client, query.rowsOf, [batch], (row: Row) => out.add(lines.row(cellsOf(row)))));
    await out.drained();
  }
  res.end();
}

async function withConnection<T>(dataSource: DataSource, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const runner = dataSource.createQueryRunner();
  try {
    return await work((await runner.connect()) as PoolClient);
  } finally {
    await runner.release();
  }
}

/** Uuids kept as 16 bytes each, in order. */
class PackedIds {
  private bytes = Buffer.alloc(16 * 1024);
  count = 0;

  push(id: string): void {
    if ((this.count + 1) * 16 > this.bytes.length) {
      const grown = Buffer.alloc(this.bytes.length * 2);
      this.bytes.copy(grown);
      this.bytes = grown;
    }
    this.bytes.write(id.replaceAll('-', ''), this.count * 16, 'hex');
    this.count += 1;
  }

  /** The ids from `from` to `to` as one uuid[] literal: pg would otherwise escape each of a batch's thousands of elements. */
  arrayLiteral(from: number, to: number): string {
    const ids: string[] = [];
    for (let i = from; i < Math.min(to, this.count); i += 1) {
      const hex = this.bytes.toString('hex', i * 16, i * 16 + 16);
      ids.push(`${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`);
    }
    return `{${ids.join(',')}}`;
  }
}

async function matchingIds(client: PoolClient, query: { sql: string; params: unknown[] }): Promise<PackedIds> {
  const ids = new PackedIds();
  await eachRow(client, query.sql, query.params, (row: { id: string }) => ids.push(row.id));
  return ids;
}

/** Characters gathered before a write: large enough for few writes, small enough to stay a young, regular-size string. */
const WRITE_CHUNK_CHARS = 32 * 1024;

/** Gathers lines into chunks written as they fill; `drained` flushes and waits until the socket took them. */
class ChunkedWriter {
  private pending = '';

  constructor(private readonly res: Response) {}

  add(line: string): void {
    this.pending += line;
    if (this.pending.length >= WRITE_CHUNK_CHARS) this.flush();
  }

  drained(): Promise<void> {
    this.flush();
    const { res } = this;
    // Once the client is gone, 'drain' and 'close' will not come again: nothing to wait for.
    if (res.destroyed || !res.writableNeedDrain) return Promise.resolve();
    return drainedOrClosed(res);
  }

  private flush(): void {
    if (this.pending !== '' && !this.res.destroyed) this.res.write(this.pending);
    this.pending = '';
  }
}

/**
 * Runs `sql`, handing each row to `onRow` as it arrives (pg keeps no rows when a query listens for
 * them); answers how many rows there were. A failing `onRow` fails the query once the statement ended,
 * so the connection stays in step.
 */
function eachRow<Row>(client: PoolClient, sql: string, params: unknown[], onRow: (row: Row) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    let rows = 0;
    let failure: unknown;
    const query = new Query(sql, params);
    query.on('row', (row: Row) => {
      rows += 1;
      if (failure !== undefined) return;
      try {
        onRow(row);
      } catch (error) {
        failure = error;
      }
    });
    query.on('error', reject);
    query.on('end', () => (failure === undefined ? resolve(rows) : reject(failure)));
    client.query(query);
  });
}
