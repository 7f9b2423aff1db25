import { finished, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { answerAsDownload, callerOf, markDownload, ServiceCallFailedError, type ApiOperation, TooManyRequestsError } from '@crm/platform';
import { internalImportPaths, requireSalesAccess } from '@crm/records';
import { Router, type Response } from 'express';
import type { ImportExportDeps } from '../config';
import { ENTITY_TAGS } from '../import/import.routes';
import { IMPORT_ENTITIES, passThrough, type ImportEntity, type OwningServices } from '../owning/owning-services';

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
 * (api-contract §5). The owning service writes the file (`streamExport`); its bytes are passed on as they
 * come, with backpressure. A bad filter is the owning service's 400, answered before any byte. A client
 * that goes away stops the owning service's read.
 */
export function exportRoutes(deps: ImportExportDeps, owning: OwningServices): Router {
  const router = Router();
  const slots = new ExportSlots(deps.config.EXPORTS_PER_TENANT);
  for (const entity of IMPORT_ENTITIES) {
    router.get(`/api/${entity}/export/`, async (req, res) => {
      const caller = callerOf(req);
      requireSalesAccess(caller);
      slots.take(caller.tenantId, res);
      // A rollout stopping this process lets the export finish (DOWNLOAD_DRAIN_TIMEOUT_MS), rather than cut it mid-way.
      markDownload(res);
      const abort = new AbortController();
      res.on('close', () => abort.abort());
      const query = new URL(req.originalUrl, 'http://export.invalid').search;
      const upstream = await owning.request(entity as ImportEntity, caller, `${internalImportPaths(entity).export}${query}`, {
        method: 'GET',
        signal: abort.signal,
        accept: 'text/csv',
      });
      if (upstream.status !== 200 || !upstream.body) return passThrough(entity, upstream, res);
      // An owning service of the release before (a rollout running both) answers NDJSON: try again once it is replaced.
      if (!upstream.headers.get('content-type')?.startsWith('text/csv')) {
        abort.abort();
        throw new ServiceCallFailedError(entity);
      }
      res.status(200).set({ 'Content-Type': 'text/csv; charset=utf-8' });
      answerAsDownload(res, `attachment; filename="${entity}-${day(deps.clock())}.csv"`);
      try {
        await pipeline(Readable.fromWeb(upstream.body as import('node:stream/web').ReadableStream), res);
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
    'the caller may open. A cell a spreadsheet could run as a formula (starting with `=`, `+`, `-`, `@`, a tab or CR, or with ' +
    'one of `=`, `+`, `-`, `@` after a `,`, `;`, tab or line break) is prefixed with `\'` and quoted. ' +
    'A tenant runs a few exports at once (`EXPORTS_PER_TENANT`, default 4); one more answers 429 with `Retry-After`.',
  responses: { 200: { description: 'The CSV file (BOM, header line, CRLF).', content: 'csv' } },
}));
