import type { RequestHandler, Router } from 'express';
import { NotFoundError } from '../errors';

/**
 * Route templates as the gateway's route table and the services write them: `/`-separated segments,
 * each literal text or a `:name` parameter (`/api/<entity>/:id/notes/`).
 */
const TEMPLATE = /^(?:\/(?::\w+|[\w.~-]*))+$/;

/** Segments exactly as written, for `spellsSegments`. */
export const pathSegments = (path: string): string[] => path.split('/');

/** Segments as express's default routing compares them: any case, trailing slashes or not. */
const looseSegments = (path: string): string[] => path.toLowerCase().replace(/\/+$/, '').split('/');

/**
 * Whether a path's segments spell a template's exactly: literal segments as written, case and trailing
 * slash included; a `:name` segment takes any one non-empty segment. The one rule the gateway and every
 * service match paths by (api-contract §2: paths are canonical). Both split once by `pathSegments`.
 */
export function spellsSegments(template: readonly string[], path: readonly string[]): boolean {
  return template.length === path.length && template.every((segment, index) => (segment.startsWith(':') ? path[index] !== '' : segment === path[index]));
}

/** A superset of what express's default routing takes for a template: loose segments of both. */
function resemblesSegments(template: readonly string[], path: readonly string[]): boolean {
  return template.length === path.length && template.every((segment, index) => segment.startsWith(':') || segment === path[index]);
}

export interface RegisteredRoute {
  /** Upper case. */
  method: string;
  path: string;
}

interface RouterLayer {
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: RouterLayer[] };
  /** express 5's router: true for a `use()` without a mount path. */
  slash?: boolean;
}

/**
 * Every route `router` registers, sub-routers included, walked through express 5's router stack. The
 * services register full paths and mount sub-routers without a path: a router mounted under a path, or
 * a route path that is not a template string, throws rather than go unseen.
 */
export function registeredRoutes(router: Router): RegisteredRoute[] {
  const found: RegisteredRoute[] = [];
  const walk = (stack: RouterLayer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const { path, methods } = layer.route;
        if (typeof path !== 'string' || !TEMPLATE.test(path)) throw new Error(`Route path ${String(path)} is not a plain template`);
        for (const method of Object.keys(methods)) found.push({ method: method.toUpperCase(), path });
      } else if (layer.handle?.stack) {
        if (layer.slash !== true) throw new Error('A router mounted under a path: its routes would not be seen whole');
        walk(layer.handle.stack);
      }
    }
  };
  walk((router as unknown as { stack: RouterLayer[] }).stack);
  return found;
}

/**
 * 404 for a path that express would route to one of `router`'s routes although it does not spell that
 * route's template (`/api/auth/login`, `/api/auth/LOGIN/`), so no handler runs for a path the gateway
 * placed under another route-table entry. One guard over the whole route tree rather than
 * `Router({ caseSensitive: true, strict: true })` at every `Router()`: those options do not pass on to
 * sub-routers (nor do the app settings `case sensitive routing` and `strict routing`), so each router in
 * every service would need them, and a single one forgotten would reopen the gap silently.
 */
export function canonicalPathsOnly(router: Router): RequestHandler {
  // Split once here; each request's path is split once too.
  const templates = [...new Set(registeredRoutes(router).map((route) => route.path))].map((template) => ({
    exact: pathSegments(template),
    loose: looseSegments(template),
  }));
  return (req, _res, next) => {
    const exact = pathSegments(req.path);
    const loose = looseSegments(req.path);
    if (templates.some((template) => resemblesSegments(template.loose, loose) && !spellsSegments(template.exact, exact))) {
      throw new NotFoundError();
    }
    next();
  };
}
