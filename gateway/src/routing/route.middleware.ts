import { MethodNotAllowedError, NotFoundError } from '@crm/platform';
import type { RequestHandler } from 'express';
import { setRoute } from '../request-state';
import { matchRoute, methodsOfPath } from './route-matcher';
import type { RouteEntry } from './route-table';

/**
 * Finds the request's entry in the route table, before any credential or limit; none: 405 `{detail}` with
 * `Allow` when the path has other methods, else 404 `{detail}`.
 */
export function routeMiddleware(table: readonly RouteEntry[]): RequestHandler {
  return (req, res, next) => {
    const route = matchRoute(table, req.method, req.path);
    if (!route) {
      const methods = methodsOfPath(table, req.path);
      throw methods.length > 0 ? new MethodNotAllowedError(req.method, methods) : new NotFoundError();
    }
    setRoute(res, route);
    next();
  };
}
