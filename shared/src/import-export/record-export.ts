import type { Response } from 'express';
import type { DataSource } from '../database';

/** Rows fetched per round trip: large enough to stream fast, small enough to keep memory flat. */
export const EXPORT_BATCH_ROWS = 5_000;

/** A query already built from the list's filters (what the caller may open, in the list's order). */
export interface ExportQuery {
  sql: string;
  params: unknown[];
}

/**
 * Streams every row of `query` as NDJSON (DESIGN §8 export, internal side): first `{"columns": [...]}`,
 * then one JSON array of cells per row. Rows come from a cursor in a read-only, repeatable-read
 * transaction (one consistent picture, however long the export takes), a batch at a time, written with
 * backpressure; a client that goes away stops the cursor.
 */
export async function streamExport<Row>(
  dataSource: DataSource,
  res: Response,
  query: ExportQuery,
  columns: string[],
  cellsOf: (row: Row) => string[],
): Promise<void> {
  const runner = dataSource.createQueryRunner();
  let clientGone = false;
  res.on('close', () => {
    clientGone = true;
  });
  await runner.connect();
  try {
    await runner.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await runner.query(`DECLARE export_rows NO SCROLL CURSOR FOR ${query.sql}`, query.params);
    res.status(200).setHeader('Content-Type', 'application/x-ndjson');
    await write(res, `${JSON.stringify({ columns })}\n`);
    const fetchBatch = (): Promise<Row[]> => {
      const batch: Promise<Row[]> = runner.query(`FETCH ${EXPORT_BATCH_ROWS} FROM export_rows`);
      batch.catch(() => undefined); // awaited below, where a failure surfaces; not an unhandled rejection meanwhile
      return batch;
    };
    // The next batch is fetched while this one is written: PostgreSQL and the socket work at the same time.
    let next = fetchBatch();
    for (let rows = await next; rows.length > 0 && !clientGone; rows = await next) {
      next = fetchBatch();
      await write(res, rows.map((row) => `${JSON.stringify(cellsOf(row))}\n`).join(''));
    }
    await runner.query('COMMIT');
  } catch (error) {
    await runner.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await runner.release();
  }
  res.end();
}

/** Writes a chunk, waiting for the socket to drain when its buffer is full (memory stays bounded). */
function write(res: Response, chunk: string): Promise<void> {
  // Once the client is gone, 'drain' and 'close' will not come again: nothing to wait for.
  if (res.destroyed || res.write(chunk)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
