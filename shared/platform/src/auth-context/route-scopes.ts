import type { NextFunction, Request, Response } from 'express';
import { ForbiddenError, UnauthorizedError } from '../errors';

/**
 * The scopes of a service's public routes, by the first segment of their path under `/api/`: segment → the
 * resource of the scope (`<resource>:read`, `<resource>:write`). A segment not listed needs no scope, or the
 * service decides (architecture §2, Scopes).
 */
export type RouteScopes = Readonly<Record<string, string>>;

const READS = new Set(['GET', 'HEAD']);

/**
 * The scope a public route needs: `<resource>:read` to read (GET, HEAD, and the POST of a duplicate check,
 * `/api/<segment>/duplicates/`), `<resource>:write` for anything else. The rule the gateway's route table is
 * written by (a gateway test holds every entry of the table to it), so each service checks the same scope
 * again itself. Null on a segment `scopes` does not list and on internal routes.
 */
export function scopeOfRoute(method: string, path: string, scopes: RouteScopes): string | null {
  const segments = path.split('/').filter((segment) => segment !== '');
  const [api, segment] = segments;
  if (api !== 'api' || segment === undefined || !Object.hasOwn(scopes, segment)) return null;
  const duplicateCheck = method === 'POST' && segments.length === 3 && segments[2] === 'duplicates';
  return `${scopes[segment]}:${READS.has(method) || duplicateCheck ? 'read' : 'write'}`;
}

/**
 * 403 in the gateway's words when the caller's token lacks the route's scope, so a token that reached the
 * service some other way (a forged path, a service's own call) gets no more than the gateway would let through.
 */
export function requireRouteScope(scopes: RouteScopes) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const scope = scopeOfRoute(req.method, req.path, scopes);
    if (scope === null) return next();
    if (!req.caller) return next(new UnauthorizedError());
    if (!req.caller.scopes.includes(scope)) return next(new ForbiddenError(`You do not have permission to perform this action: the scope "${scope}" is required.`));
    next();
  };
}
