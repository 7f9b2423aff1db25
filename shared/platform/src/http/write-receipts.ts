import type { RequestHandler, Response } from 'express';
import { scopeOfRoute, type RouteScopes } from '../auth-context/route-scopes';
import { keepOnlyReceipt } from '../idempotency/idempotent-requests';
import { receiptOf } from './entity-tags';

/** The writes that answer what they wrote (a DELETE answers 204, nothing). */
const ANSWERING_WRITES = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Write scope without read scope (a `leads:write` token without `leads:read`) buys no reading: a write's
 * success answers only its receipt (`receiptOf`: `{id, version}`, the `ETag` and `Location` as ever), or
 * an empty `PATCH {}` would read any record the token may write (api-contract §2, docs/security.md §10.10).
 * Every entity route, every write: create, PUT, PATCH, conversion, merge, notes and files, custom-field
 * definitions, web forms. The read scope is the one a GET of the same path needs (`scopeOfRoute` of the service's `scopes`); a repeat
 * of a keyed write answers what the first answered, a receipt too (`keepOnlyReceipt`).
 */
export function receiptsForWriters(scopes: RouteScopes): RequestHandler {
  return (req, res, next) => {
    if (!ANSWERING_WRITES.has(req.method) || !req.caller) return next();
    const readScope = scopeOfRoute('GET', req.path, scopes);
    if (readScope === null || req.caller.scopes.includes(readScope)) return next();
    keepOnlyReceipt();
    const json = res.json.bind(res);
    res.json = ((body: unknown) => json(res.statusCode < 300 ? receiptOf(body) : body)) as Response['json'];
    next();
  };
}
