import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import { matchRoute, methodsOfPath } from '../routing/route-matcher';
import type { RouteEntry } from '../routing/route-table';

/** What a page may send besides the CORS-safelisted headers: its credential and the headers of api-contract §2 and §6. */
const ALLOWED_REQUEST_HEADERS = 'Authorization, Content-Type, Idempotency-Key, If-Match, If-None-Match, X-Request-Id';
/** What a page may read besides the CORS-safelisted headers (Content-Type, Cache-Control…). */
const EXPOSED_RESPONSE_HEADERS = [
  'ETag',
  'Location',
  'Retry-After',
  'RateLimit',
  'RateLimit-Policy',
  'Idempotent-Replayed',
  'X-Request-Id',
  'WWW-Authenticate',
  'Allow',
  'Content-Disposition',
  'Deprecation',
  'Link',
].join(', ');
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/** A path whose service answers its preflights, and so its CORS, itself: the public web form, open to the form's own origins (api-contract §8). */
const answersOwnCors = (table: readonly RouteEntry[], path: string) => matchRoute(table, 'OPTIONS', path) !== undefined;

const isPreflight = (req: Request) => req.method === 'OPTIONS' && req.header('access-control-request-method') !== undefined;

/**
 * CORS for the pages of `origins` (CORS_ORIGINS): the gateway answers their preflights itself (204 with the
 * path's methods; no credential asked, nothing counted) and lets them read every answer, the gateway's own
 * refusals (401, 404, 429…) too. No credentials mode: the API takes bearer tokens, never cookies. Another
 * origin gets no CORS header, so its browser keeps the answers from its page; a preflight of a path
 * without routes goes on to its 404.
 */
export function corsMiddleware(origins: readonly string[], table: readonly RouteEntry[]): RequestHandler {
  const allowed = new Set(origins);
  return (req, res, next) => {
    if (allowed.size === 0 || answersOwnCors(table, req.path)) return next();
    res.vary('Origin');
    const origin = req.header('origin');
    if (origin === undefined || !allowed.has(origin)) return next();
    res.set({ 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSED_RESPONSE_HEADERS });
    const methods = isPreflight(req) ? methodsOfPath(table, req.path) : [];
    if (methods.length === 0) return next();
    res
      .set({
        'Access-Control-Allow-Methods': methods.join(', '),
        'Access-Control-Allow-Headers': ALLOWED_REQUEST_HEADERS,
        'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_SECONDS),
      })
      .status(204)
      .end();
  };
}

/**
 * On a path answering its own CORS, the refusals the gateway makes in its service's stead (a limit's 429, a
 * 405) may be read by any page: they tell nothing of the form or its tenant, and without it a page could not
 * read its `retry_after`. The service's own answers keep the form's origins.
 */
export function corsOfGatewayRefusalsOnOwnCorsPaths(table: readonly RouteEntry[]): ErrorRequestHandler {
  return (error, req, res, next) => {
    const origin = req.header('origin');
    if (origin !== undefined && answersOwnCors(table, req.path)) {
      res.vary('Origin').set({ 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSED_RESPONSE_HEADERS });
    }
    next(error);
  };
}
