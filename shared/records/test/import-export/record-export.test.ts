import http from 'node:http';
import express from 'express';
import type { DataSource } from '@crm/platform';
import { listen, type RunningServer } from '@crm/platform';
import { EXPORT_BATCH_ROWS, exportQueryOf, streamExport } from '../../src/import-export/record-export';
import { openFreshSchema } from '../../../platform/test/database/fresh-schema';

/** More rows than two batches and not a multiple of one: the last batch is partial. */
const ROWS = EXPORT_BATCH_ROWS * 2 + 7;

let dataSource: DataSource, server: RunningServer;
/** Settles when each export's handler has finished (or failed). */
let exportsDone: Promise<unknown>[] = [];

beforeAll(async () => {
  dataSource = await openFreshSchema('exporttest', [
    {
      name: 'ExportTest1764600000000',
      // A kilobyte of text each: a client that does not read leaves most of an export unsent.
      up: `CREATE TABLE things (id uuid PRIMARY KEY, n int NOT NULL, name text NOT NULL, text text NOT NULL);
           INSERT INTO things SELECT md5(n::text)::uuid, n, 'thing ' || n, repeat('x', 1000) FROM generate_series(1, ${ROWS}) n;`,
    },
  ]);
  const app = express();
  app.get('/export', (req, res) => {
    const where = req.query.from ? 'n >= $1' : '$1::int IS NULL';
    const query = exportQueryOf({ table: 'things', columns: 'n, name, text', where, params: [req.query.from ?? null], orderBy: 'ORDER BY n' });
    const done = streamExport<{ n: number; name: string; text: string }>(dataSource, res, query, ['id', 'name', 'text'], (row) => {
      if (String(row.n) === req.query.fail) throw new Error(`no cells for ${row.n}`);
      return [String(row.n), row.name, row.text];
    });
    // As the services' error handling does once an answer has begun: cut the connection.
    exportsDone.push(
      done.catch((error: unknown) => {
        res.destroy();
        return error;
      }),
    );
  });
  server = await listen(app, 0);
});

afterAll(async () => {
  await server.close(100);
  await dataSource.destroy();
});

beforeEach(() => {
  exportsDone = [];
});

/** Connections of this test's pool that are inside a transaction. */
async function openTransactions(): Promise<number> {
  const [row] = await dataSource.query(
    `SELECT count(*)::int AS n FROM pg_stat_activity
     WHERE datname = current_database() AND pid <> pg_backend_pid() AND state LIKE 'idle in transaction%'`,
  );
  return row.n;
}

/** Connections of the pool that are not idle (running a statement, or inside a transaction). */
async function busyConnections(): Promise<number> {
  const [row] = await dataSource.query(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND state <> 'idle'`,
  );
  return row.n;
}

/** An export's lines, its BOM and last CRLF dropped (the test's cells need no quoting). */
const csvLinesOf = (text: string): string[] => text.replace(/^\uFEFF/, '').replace(/\r\n$/, '').split('\r\n');

describe('streamExport', () => {
  it('when there are more rows than a batch, then every row comes once, in order, as CSV after a BOM and the columns line', async () => {
    const res = await fetch(`${server.url}/export`);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = Buffer.from(await res.arrayBuffer()).toString('utf8'); // keeps the BOM, which text() drops
    expect(text.startsWith('\uFEFFid,name,text\r\n')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = csvLinesOf(text);
    expect(lines).toHaveLength(ROWS + 1);
    expect(lines.slice(1).map((line) => Number(line.split(',')[0]))).toEqual(Array.from({ length: ROWS }, (_, i) => i + 1));
    expect(lines[ROWS]).toBe(`${ROWS},thing ${ROWS},${'x'.repeat(1000)}`);
    await Promise.all(exportsDone);
    expect(await openTransactions()).toBe(0);
  });

  it('when a client stops reading, then the export waits holding no connection and no transaction, and goes on once it reads', async () => {
    let response!: http.IncomingMessage;
    const request = http.get(`${server.url}/export`, (answer) => {
      response = answer;
      answer.pause();
    });
    await new Promise((resolve) => request.once('response', resolve));
    // Long enough for the export to fill the socket and wait on it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await busyConnections()).toBe(0);
    let received = '';
    response.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
    response.resume();
    await new Promise((resolve) => response.once('end', resolve));
    expect(csvLinesOf(received)).toHaveLength(ROWS + 1);
    expect(await Promise.all(exportsDone)).toEqual([undefined]);
  });

  it('when a row cannot be turned into cells, then the export fails and the connection returns', async () => {
    // The first batch went out before the failing row: the answer has begun, and the client reading it
    // sees it cut off. (Reading it matters: a body nobody reads may be collected, and its socket closed,
    // before the export reaches the failing row.)
    const answer = await fetch(`${server.url}/export?fail=${EXPORT_BATCH_ROWS + 3}`);
    expect(answer.status).toBe(200);
    await expect(answer.text()).rejects.toThrow();
    const [failure] = await Promise.all(exportsDone);
    expect(failure).toEqual(new Error(`no cells for ${EXPORT_BATCH_ROWS + 3}`));
    expect(await openTransactions()).toBe(0);
    expect(csvLinesOf(await (await fetch(`${server.url}/export?from=${ROWS - 2}`)).text())).toHaveLength(4);
  });

  it('when the client goes away mid-export, then the export ends without an error and the connection returns', async () => {
    await new Promise<void>((resolve, reject) => {
      const request = http.get(`${server.url}/export`, (response) => {
        response.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
    });
    expect(await Promise.all(exportsDone)).toEqual([undefined]);
    expect(await openTransactions()).toBe(0);
    // The pool has its connections back: the next export is whole.
    expect(csvLinesOf(await (await fetch(`${server.url}/export?from=${ROWS - 2}`)).text())).toHaveLength(4);
  });
});
