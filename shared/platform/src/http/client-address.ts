import type { Request } from 'express';

/**
 * The client's address as the gateway established it (its `TRUST_PROXY` rule: docs/security.md §1). The
 * gateway drops every `X-Forwarded-*` a client sends and sets `X-Forwarded-For` to that one address on
 * each request it forwards; only requests with its internal token get past `createServiceApp`'s token
 * check, so the header a route sees is the gateway's. A request that did not pass the gateway's proxy (a
 * service's own test calling it directly) has none: its connection's peer then.
 */
export function forwardedClientAddress(req: Request): string {
  return req.header('x-forwarded-for')?.trim() || req.socket.remoteAddress || 'unknown';
}
