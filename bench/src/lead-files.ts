import http from 'node:http';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { Client } from 'pg';

/**
 * Leads CSV files through the gateway, as the import and export benchmarks send and read them: a file to
 * import, its upload, an export read to the end, and waiting for the leads service's events to settle.
 */

/** A leads CSV of `rows` valid rows, its e-mail addresses unique to `run` (`lead<i>.run<run>@bench.test`), every row tagged `tags`. */
export function leadsCsv(rows: number, run: number | string, tags: readonly string[] = ['bench', `run${run}`]): string {
  const lines = ['first_name,last_name,email,phone,company_name,status,source,opportunity_amount,tags'];
  for (let i = 0; i < rows; i += 1) {
    lines.push(`Lead${i},Run${run},lead${i}.run${run}@bench.test,+1 555 ${String(i).padStart(7, '0')},Company ${i % 50},new,import,${i}.50,${tags.join(';')}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Uploads a CSV file (multipart, as a browser does) and reads the answer; throws unless it is a success. */
export async function timedUpload(gateway: string, path: string, token: string, content: string): Promise<{ ms: number; body: any }> {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'text/csv' }), 'leads.csv');
  const start = performance.now();
  const response = await fetch(`${gateway}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const body = await response.json();
  const ms = performance.now() - start;
  if (response.status >= 300) throw new Error(`${path}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  return { ms, body };
}

/** An export as read: its time to the first byte and to the last, its rows, and the bytes that came over the wire. */
export interface ExportRead {
  ms: number;
  firstByteMs: number;
  rows: number;
  wireBytes: number;
}

/**
 * Reads `GET /api/leads/export/` to its last byte, counting its rows (lines less the header) as they stream.
 * `acceptEncoding` is sent as the client's `Accept-Encoding` (none: the file uncompressed); a compressed
 * answer is decoded as it comes, to count its rows.
 */
export async function streamExport(gateway: string, token: string, acceptEncoding?: string): Promise<ExportRead> {
  const start = performance.now();
  const headers = { authorization: `Bearer ${token}`, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) };
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http.get(`${gateway}/api/leads/export/`, { headers }, resolve).on('error', reject);
  });
  if (response.statusCode !== 200) throw new Error(`export: ${response.statusCode}`);
  let firstByteMs: number | undefined;
  let wireBytes = 0;
  response.on('data', (chunk: Buffer) => {
    firstByteMs ??= performance.now() - start;
    wireBytes += chunk.length;
  });
  let lines = 0;
  for await (const chunk of decodedBody(response) as AsyncIterable<Buffer>) {
    for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) lines += 1;
  }
  return { ms: performance.now() - start, firstByteMs: firstByteMs ?? 0, rows: lines - 1, wireBytes };
}

/** An answer's body decoded as its `Content-Encoding` says. */
function decodedBody(response: http.IncomingMessage): Readable {
  const encoding = response.headers['content-encoding'];
  if (encoding === undefined) return response;
  if (encoding === 'gzip') return response.pipe(zlib.createGunzip());
  if (encoding === 'br') return response.pipe(zlib.createBrotliDecompress());
  throw new Error(`export: unexpected Content-Encoding ${encoding}`);
}

/**
 * Waits until every event the leads service has stored is published and in the audit log (which records
 * every event): a write is timed on its own, not racing the relay and the consumers still busy with the
 * events of the writes before it.
 */
export async function waitForQuiet(db: Client): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    // Two statements, not a join: in the embedded mode each service has a database of its own.
    const { rows: stored } = await db.query(`SELECT count(*) FILTER (WHERE published_at IS NULL)::int AS unpublished, coalesce(array_agg(id), '{}') AS ids FROM leads.outbox`);
    const { rows: logged } = await db.query(`SELECT count(DISTINCT event_id)::int AS n FROM audit.audit_log WHERE event_id = ANY($1::uuid[])`, [stored[0].ids]);
    if (stored[0].unpublished === 0 && logged[0].n === stored[0].ids.length) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the events of the previous writes never settled');
}
