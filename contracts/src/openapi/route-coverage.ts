import { registeredRoutes, type ApiOperation } from '@crm/platform';
import type { Router } from 'express';

/**
 * Public routes (under `/api/`) a service registers without documenting them, and documented ones it
 * does not register: both must be empty.
 */
export function documentationGaps(router: Router, api: ApiOperation[]): { undocumented: string[]; unrouted: string[] } {
  const routes = new Set(registeredRoutes(router).filter(({ path }) => path.startsWith('/api/')).map(({ method, path }) => `${method} ${path}`));
  const documented = new Set(api.map((operation) => `${operation.method.toUpperCase()} ${operation.path}`));
  return {
    undocumented: [...routes].filter((route) => !documented.has(route)),
    unrouted: [...documented].filter((route) => !routes.has(route)),
  };
}
