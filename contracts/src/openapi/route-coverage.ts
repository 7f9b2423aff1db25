import type { ApiOperation } from '@crm/shared';
import type { Router } from 'express';

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** `METHOD path` of every route a router registers, sub-routers included (express 5's router stack). */
export function registeredRoutes(router: Router): string[] {
  const found: string[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) for (const method of Object.keys(layer.route.methods)) found.push(`${method.toUpperCase()} ${layer.route.path}`);
      else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((router as unknown as { stack: Layer[] }).stack);
  return found;
}

/**
 * Public routes (under `/api/`) a service registers without documenting them, and documented ones it
 * does not register: both must be empty.
 */
export function documentationGaps(router: Router, api: ApiOperation[]): { undocumented: string[]; unrouted: string[] } {
  const routes = new Set(registeredRoutes(router).filter((route) => route.split(' ')[1]!.startsWith('/api/')));
  const documented = new Set(api.map((operation) => `${operation.method.toUpperCase()} ${operation.path}`));
  return {
    undocumented: [...routes].filter((route) => !documented.has(route)),
    unrouted: [...documented].filter((route) => !routes.has(route)),
  };
}
