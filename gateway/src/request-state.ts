import type { Caller } from '@crm/platform';
import type { Response } from 'express';
import type { RouteEntry } from './routing/route-table';

/** What the pipeline has established about a request so far, kept in `res.locals`. */
interface GatewayLocals {
  route?: RouteEntry;
  /** null for an anonymous route. */
  caller?: Caller | null;
}

const locals = (res: Response) => res.locals as GatewayLocals;

export function setRoute(res: Response, route: RouteEntry): void {
  locals(res).route = route;
}

/** The route-table entry a request matched, if it got that far. */
export function matchedRoute(res: Response): RouteEntry | undefined {
  return locals(res).route;
}

export function routeOf(res: Response): RouteEntry {
  const route = matchedRoute(res);
  if (!route) throw new Error('no route matched yet');
  return route;
}

export function setCaller(res: Response, caller: Caller | null): void {
  locals(res).caller = caller;
}

/** The caller if the request got as far as its credential (for the access log), without insisting. */
export function knownCaller(res: Response): Caller | null | undefined {
  return locals(res).caller;
}

export function callerOf(res: Response): Caller | null {
  const caller = locals(res).caller;
  if (caller === undefined) throw new Error('not authenticated yet');
  return caller;
}
