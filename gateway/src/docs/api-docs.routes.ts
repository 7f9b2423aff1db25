import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Router } from 'express';

/** The document `npm run contracts` generates from the services' zod schemas, committed in `contracts/`. */
export const OPENAPI_DOCUMENT_FILE = resolve(__dirname, '../../../contracts/openapi.json');

/**
 * The renderer of `/api/docs`: Scalar's API reference (search, examples, "Test Request" against this
 * gateway), as the one self-contained script its package ships for browsers, kept in the repository with
 * its checksum (`scripts/update-api-reference.sh` replaces it): the package's ~260 dependencies are
 * built into that file and never run in node, so nothing of them is installed.
 */
export const RENDERER_BUNDLE_FILE = resolve(__dirname, '../../vendor/api-reference/standalone.js');

/**
 * How the renderer is set up: everything from this gateway, nothing from Scalar's servers. "Test Request"
 * sends to the document's server (`/`, this gateway) directly, with the bearer token typed into its auth
 * section, kept in the tab only (no `persistAuth`).
 */
const RENDERER_CONFIGURATION = {
  url: '/api/openapi.json',
  // Its default fonts come from Scalar's CDN.
  withDefaultFonts: false,
  telemetry: false,
  // "Ask AI" (on by default for a page on localhost) and the MCP actions work through Scalar's servers.
  agent: { disabled: true },
  mcp: { disabled: true },
  // Its developer toolbar (shown on localhost) links to Scalar's dashboard.
  showDeveloperTools: 'never',
  // "Open API Client" hands the document's address to Scalar's hosted client.
  hideClientButton: true,
  authentication: { preferredSecurityScheme: 'bearer' },
};

/** What `/api/docs` may load: the renderer's scripts, from this origin, and nothing from anywhere else. */
const DOCS_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  // The renderer adds its stylesheet as a <style> element and sets style attributes; it loads no style file.
  "style-src 'unsafe-inline'",
  // The page's empty icon (so the browser does not ask for /favicon.ico); the renderer's icons are inline SVG.
  'img-src data:',
  // The document, and the requests of "Test Request".
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

interface Asset {
  name: string;
  body: Buffer;
}

/** Named by its content, so a browser may keep it for good: a new version of it is a new name. */
function asset(stem: string, body: Buffer): Asset {
  return { name: `${stem}.${createHash('sha256').update(body).digest('hex').slice(0, 16)}.js`, body };
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function docsPage(title: string, scripts: Asset[]): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
</head>
<body>
<noscript>This page needs JavaScript. The OpenAPI 3.1 document it shows: <a href="/api/openapi.json">/api/openapi.json</a>.</noscript>
<div id="docs"></div>
${scripts.map((script) => `<script src="/api/docs/assets/${script.name}"></script>`).join('\n')}
</body>
</html>
`;
}

/**
 * `GET /api/openapi.json` (the OpenAPI 3.1 document of the public API), `GET /api/docs` (the same,
 * rendered in the browser by Scalar) and the page's scripts under `/api/docs/assets/`. Public, like the
 * API's shape: none of them looks at a credential. All are read once, at start.
 */
export function apiDocsRoutes(file = OPENAPI_DOCUMENT_FILE): Router {
  const json = readFileSync(file, 'utf8');
  const { info } = JSON.parse(json) as { info: { title: string; version: string } };
  // The page's own start-up is a script file too, so the policy needs no inline script.
  const scripts = [
    asset('scalar-api-reference', readFileSync(RENDERER_BUNDLE_FILE)),
    asset('start', Buffer.from(`Scalar.createApiReference('#docs', ${JSON.stringify(RENDERER_CONFIGURATION)});\n`)),
  ];
  const assets = new Map(scripts.map((script) => [script.name, script.body]));
  const page = docsPage(`${info.title} ${info.version}`, scripts);
  const cache = 'public, max-age=300';
  return Router()
    .get('/api/openapi.json', (_req, res) => {
      res.set({ 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': cache }).send(json);
    })
    .get('/api/docs', (_req, res) => {
      res.set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': cache, 'Content-Security-Policy': DOCS_PAGE_CSP }).send(page);
    })
    .get('/api/docs/assets/:name', (req, res, next) => {
      const body = assets.get(req.params.name);
      // Any other name falls through to the route table, which answers 404.
      if (!body) return next();
      res
        .set({
          'Content-Type': 'text/javascript; charset=utf-8',
          'Cache-Control': 'public, max-age=31536000, immutable',
          'X-Content-Type-Options': 'nosniff',
        })
        .send(body);
    });
}
