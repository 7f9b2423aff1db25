import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Router } from 'express';
import { renderDocsPage, type OpenApiDocument } from './docs-page';

/** The document `npm run contracts` generates from the services' zod schemas, committed in `contracts/`. */
export const OPENAPI_DOCUMENT_FILE = resolve(__dirname, '../../../contracts/openapi.json');

/**
 * `GET /api/openapi.json` (the OpenAPI 3.1 document of the public API) and `GET /api/docs` (the same,
 * rendered as one HTML page). Public, like the API's shape; both are built once, at start.
 */
export function apiDocsRoutes(file = OPENAPI_DOCUMENT_FILE): Router {
  const json = readFileSync(file, 'utf8');
  const page = renderDocsPage(JSON.parse(json) as OpenApiDocument);
  const cache = 'public, max-age=300';
  return Router()
    .get('/api/openapi.json', (_req, res) => {
      res.set({ 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': cache }).send(json);
    })
    .get('/api/docs', (_req, res) => {
      res
        .set({
          'Content-Type': 'text/html; charset=utf-8',
          'Cache-Control': cache,
          // The page is self-contained: no script, no outside resource.
          'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
        })
        .send(page);
    });
}
