import { finished, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { callerOf, exportColumns, type ApiOperation, IMPORT_ENTITIES, internalImportPaths, requireSalesAccess, TooManyRequestsError, type ImportEntity } from '@crm/shared';
import { Router, type Response } from 'express';
import type { ImportExportDeps } from '../config';
import { CSV_BOM, csvLine } from '../csv/write-csv';
import { ENTITY_TAGS } from '../import/import.routes';
import { passThrough, type OwningServices } from '../owning/owning-services';

/**
 * The owning service's NDJSON export (`{"columns": [...]}`, then one array of cells per record) as CSV:
 * a BOM and the header first, then a line per record, converted as the lines arrive.
 */
function ndjsonToCsv(): Transform {
  let pending = '';
  let headerWritten = false;
  const convert = (line: string): string => {
    if (headerWritten) return csvLine(JSON.parse(line) as string[]);
    headerWritten = true;
    return CSV_BOM + csvLine(exportColumns.parse(JSON.parse(line)).columns);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const lines = (pending + chunk.toString('utf8')).split('\n');
      pending = lines.pop() ?? '';
      done(null, lines.filter((line) => line !== '').map(convert).join(''));
    },
    flush(done) {
      done(null, pending.trim() === '' ? '' : convert(pending));
    },
  });
}

const day = (date: Date): string => date.toISOString().slice(0, 10);

/**
 * Exports running per tenant, at most `limit` each: one tenant's many downloads cannot take every
 * export this process (and the owning services behind it) can serve. A slot is freed when its answer
 * ends, however it ends.
 */
class ExportSlots {
  private readonly running = new Map<string, number>();

  constructor(private readonly limit: number) {}

  /** Takes a slot of the tenant until `res` closes; 429 when the tenant has none free. */
  take(tenantId: string, res: Response): void {
    const running = this.running.get(tenantId) ?? 0;
    if (running >= this.limit) throw new TooManyRequestsError(1);
    this.running.set(tenantId, running + 1);
    // `finished` calls back for an answer that has already closed too (a client gone before this ran).
    finished(res, () => {
      const left = (this.running.get(tenantId) ?? 1) - 1;
      if (left === 0) this.running.delete(tenantId);
      else this.running.set(tenantId, left);
    });
  }
}

/**
 * `GET /api/<entity>/export/`: the list's query string, every match the caller may open, as CSV
 * (api-contract §8), streamed with backpressure from the owning service's cursor; a bad filter is the owning
 * service's 400, answered before any byte. A client that goes away stops the owning service's read.
 */
export function exportRoutes(deps: ImportExportDeps, owning: OwningServices): Router {
  const router = Router();
  const slots = new ExportSlots(deps.config.EXPORTS_PER_TENANT);
  for (const entity of IMPORT_ENTITIES) {
    router.get(`/api/${entity}/export/`, async (req, res) => {
      const caller = callerOf(req);
      requireSalesAccess(caller);
      slots.take(caller.tenantId, res);
      const abort = new AbortController();
      res.on('close', () => abort.abort());
      const query = new URL(req.originalUrl, 'http://export.invalid').search;
      const upstream = await owning.request(entity as ImportEntity, caller, `${internalImportPaths(entity).export}${query}`, { method: 'GET', signal: abort.signal });
      if (upstream.status !== 200 || !upstream.body) return passThrough(entity, upstream, res);
      res.status(200).set({
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${entity}-${day(deps.clock())}.csv"`,
      });
      try {
        await pipeline(Readable.fromWeb(upstream.body as import('node:stream/web').ReadableStream), ndjsonToCsv(), res);
      } catch (error) {
        // The client went away: nothing to answer, and the owning service's read was aborted.
        if (!abort.signal.aborted) throw error;
      }
    });
  }
  return router;
}

export const exportOperations: ApiOperation[] = IMPORT_ENTITIES.map((entity) => ({
  method: 'get',
  path: `/api/${entity}/export/`,
  tag: ENTITY_TAGS[entity],
  summary: `Export ${entity} as CSV`,
  description:
    `Takes the query parameters of \`GET /api/${entity}/\` (filters, search, ordering; no paging) and answers every match ` +
    'the caller may open. Cells starting with `=`, `+`, `-`, `@`, a tab or CR are prefixed with `\'`. ' +
    'A tenant runs a few exports at once (`EXPORTS_PER_TENANT`, default 4); one more answers 429 with `Retry-After`.',
  responses: { 200: { description: 'The CSV file (BOM, header line, CRLF).', content: 'csv' } },
}));
