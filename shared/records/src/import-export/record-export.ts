import type { Response } from 'express';
import { Query, type PoolClient } from 'pg';
import type { DataSource } from '@crm/platform';
import { drainedOrClosed } from '@crm/platform';
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

/** Rows read per statement; a batch is read ahead (`EXPORT_READ_AHEAD`), the next waits until the socket took what was written. */
export const EXPORT_BATCH_ROWS = 5_000;

/**
 * Batches read ahead while one is written: PostgreSQL's writing of the rows, in a process of its own, then overlaps
 * their parsing here (2,000,000 records: 85,000 -> 98,000 rows/s; two ahead: 88,000-96,000, the two cores full).
 */
const EXPORT_READ_AHEAD = 1;

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
 * Streams every row of `query` as the export's CSV file (api-contract §5): a BOM and the `columns` line,
 * then one line of cells per row. Written here, where the rows are read, rather than handed on as data
 * for import-export to re-encode: each row is serialised once, and import-export passes the bytes on.
 *
 * No connection or transaction is held while the client reads (security review 18.2: a dozen slow
 * downloads held the whole pool, and the embedded database's only connection). One statement reads every
 * match's id, in order: one consistent picture of which records the export has, kept as 16 bytes each
 * (2,000,000 records: 32 MB); it never waits for the client, and the answer begins once the first batch's
 * ids are in. Each batch of ids is then read by one statement on a pooled connection, given back as soon
 * as its rows are in: one batch ahead of the one being written, whose rows wait in memory (a batch's
 * lines, about 1 MB for the widest entity) while the export waits for the socket to drain. A record changed meanwhile
 * shows its values as its batch reads them; one deleted meanwhile is left out; none comes twice.
 *
 * Each row is turned into its line as it arrives (gathered in chunks of `WRITE_CHUNK_CHARS`), so rows never
 * outlive the young generation's collections: held until a whole batch was read, they were promoted by the
 * megabyte, and the old generation grew to ~100 MB more resident memory in an export of 100,000 records.
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
  const ids = readMatchingIds(dataSource, query.ids);
  // Answered once the first batch's ids are known (or all, or the read failed: then the error is the answer).
  await ids.known(EXPORT_BATCH_ROWS);
  res.status(200).setHeader('Content-Type', lines.type);
  const out = new ChunkedWriter(res);
  out.add(lines.header(columns));
  const read = (offset: number) =>
    new BatchRead(async (onRow) => {
      await ids.known(offset + EXPORT_BATCH_ROWS);
      if (offset >= ids.count) return;
      await withConnection(dataSource, (client) => eachRow(client, query.rowsOf, [ids.arrayLiteral(offset, offset + EXPORT_BATCH_ROWS)], onRow));
    }, (row: Row) => lines.row(cellsOf(row)));
  // Batches in flight, each on its own connection: PostgreSQL writes the next batch's rows (in a process of its own,
  // on the other core) while this one's are turned into lines; the next one's wait in memory until this one ended.
  const reading: Array<BatchRead<Row>> = [];
  let nextOffset = 0;
  const readAhead = () => {
    while (reading.length <= EXPORT_READ_AHEAD && (nextOffset < ids.count || !ids.complete) && !clientGone) {
      reading.push(read(nextOffset));
      nextOffset += EXPORT_BATCH_ROWS;
    }
  };
  readAhead();
  for (let current = reading[0]; current && !clientGone; current = reading[0]) {
    await current.writeTo(out);
    reading.shift();
    await out.drained();
    readAhead();
  }
  // A batch read ahead (or being written) for a client gone: let it end (a few thousand rows) before the answer does.
  await Promise.allSettled(reading.map((batch) => batch.ended));
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

/** Uuids kept as 16 bytes each, in order, as a statement reads them. */
class PackedIds {
  private bytes = Buffer.alloc(16 * 1024);
  count = 0;
  /** Every id is read, or the read failed (`failure`). */
  complete = false;
  private failure: { error: unknown } | undefined;
  private waiting: Array<() => void> = [];

  /** Settles once `count` ids are known, or every one is; throws the read's failure. */
  async known(count: number): Promise<void> {
    while (this.count < count && !this.complete) await new Promise<void>((resolve) => this.waiting.push(resolve));
    if (this.failure) throw this.failure.error;
  }

  end(failure?: { error: unknown }): void {
    this.complete = true;
    this.failure = failure;
    this.wake();
  }

  push(id: string): void {
    if ((this.count + 1) * 16 > this.bytes.length) {
      const grown = Buffer.alloc(this.bytes.length * 2);
      this.bytes.copy(grown);
      this.bytes = grown;
    }
    this.bytes.write(id.replaceAll('-', ''), this.count * 16, 'hex');
    this.count += 1;
    if (this.count % EXPORT_BATCH_ROWS === 0) this.wake();
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }

  /** The ids from `from` to `to` as one uuid[] literal: pg would otherwise escape each of a batch's thousands of elements. */
  arrayLiteral(from: number, to: number): string {
    const hex = this.bytes.toString('hex', from * 16, Math.min(to, this.count) * 16); // one encoding for the batch
    const ids: string[] = [];
    for (let at = 0; at < hex.length; at += 32) {
      ids.push(`${hex.slice(at, at + 8)}-${hex.slice(at + 8, at + 12)}-${hex.slice(at + 12, at + 16)}-${hex.slice(at + 16, at + 20)}-${hex.slice(at + 20, at + 32)}`);
    }
    return `{${ids.join(',')}}`;
  }
}

/**
 * Every match's id, in order, read by one statement on a connection of its own: its batches are read while it
 * goes on. Held only for that statement: it never waits for the client (ids are kept, 16 bytes each).
 */
function readMatchingIds(dataSource: DataSource, query: { sql: string; params: unknown[] }): PackedIds {
  const ids = new PackedIds();
  withConnection(dataSource, (client) => eachRow(client, query.sql, query.params, (row: { id: string }) => ids.push(row.id))).then(
    () => ids.end(),
    (error: unknown) => ids.end({ error }),
  );
  return ids;
}

/**
 * A batch's rows read as soon as it is made, each turned into its line as it arrives: kept (in chunks) until
 * `writeTo` hands them to the answer, after which the rest go straight there, in order.
 */
class BatchRead<Row> {
  readonly ended: Promise<unknown>;
  private kept: string[] = [];
  private keeping = '';
  private out: ChunkedWriter | undefined;

  constructor(run: (onRow: (row: Row) => void) => Promise<unknown>, lineOf: (row: Row) => string) {
    this.ended = run((row) => {
      const line = lineOf(row);
      if (this.out) return this.out.add(line);
      this.keeping += line;
      if (this.keeping.length >= WRITE_CHUNK_CHARS) this.keepChunk();
    });
    // Awaited by writeTo; until then a failure must not count as unhandled.
    this.ended.catch(() => undefined);
  }

  /** Writes the lines kept so far, then every later one as it comes; settles when the batch was read. */
  async writeTo(out: ChunkedWriter): Promise<void> {
    this.keepChunk();
    for (const chunk of this.kept) out.add(chunk);
    this.kept = [];
    this.out = out;
    await this.ended;
  }

  private keepChunk(): void {
    if (this.keeping !== '') this.kept.push(this.keeping);
    this.keeping = '';
  }
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
