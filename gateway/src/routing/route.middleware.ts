import { NotFoundError } from '@crm/shared';
import type { RequestHandler } from 'express';
import { setRoute } from '../request-state';
import { matchRoute } from './route-matcher';
import type { RouteEntry } from './route-table';

/** Finds the request's entry in the route table; no entry: 404 `{detail}`, before any credential or limit. */
export function routeMiddleware(table: readonly RouteEntry[]): RequestHandler {
  return (req, res, next) => {
    const route = matchRoute(table, req.method, req.path);
    if (!route) throw new NotFoundError();
    setRoute(res, route);
    next();
  };
}
