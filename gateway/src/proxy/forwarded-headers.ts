import type { IncomingHttpHeaders } from 'node:http';
import { carryTraceContext, INTERNAL_TOKEN_HEADER, REQUEST_ID_HEADER } from '@crm/platform';
import type { Request } from 'express';

/** Identity a client could try to claim itself; only the gateway may tell a service who is calling. */
const IDENTITY_PREFIXES = ['x-crm-', 'x-forwarded-', 'x-user-', 'x-tenant-'];
const IDENTITY_HEADERS = ['authorization', 'forwarded', 'x-real-ip', 'x-client-ip'];
/** Hop-by-hop headers (RFC 9110 §7.6.1) and Expect (the gateway already answered it). */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'te', 'upgrade', 'expect'];

/** Drops every client-sent identity and hop-by-hop header, in place. */
export function stripClientHeaders(headers: IncomingHttpHeaders): void {
  const connectionListed = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '' && name !== 'transfer-encoding' && name !== 'content-length');
  const drop = new Set([...IDENTITY_HEADERS, ...HOP_BY_HOP, ...connectionListed]);
  for (const name of Object.keys(headers)) {
    if (drop.has(name) || IDENTITY_PREFIXES.some((prefix) => name.startsWith(prefix))) delete headers[name];
  }
}

/**
 * Rewrites the request's headers for the upstream: the client's identity headers go, the gateway's
 * internal token (the caller, for that one service), the request id, the trace context of the gateway's
 * span (when it traces) and the X-Forwarded-* the gateway established itself come in. Done on
 * `req.headers` (which http-proxy copies) rather than in the `proxyReq` event, because http-proxy skips
 * that event for requests carrying `Expect`.
 */
export function prepareForwardedHeaders(req: Request, internalToken: string): void {
  const forwardedFor = req.ip ?? req.socket.remoteAddress ?? '';
  const forwardedProto = req.protocol;
  const forwardedHost = req.host;
  const requestId = req.headers[REQUEST_ID_HEADER];
  stripClientHeaders(req.headers);
  req.headers[INTERNAL_TOKEN_HEADER] = internalToken;
  if (requestId) req.headers[REQUEST_ID_HEADER] = requestId;
  carryTraceContext(req.headers);
  if (forwardedFor) req.headers['x-forwarded-for'] = forwardedFor;
  req.headers['x-forwarded-proto'] = forwardedProto;
  if (forwardedHost) req.headers['x-forwarded-host'] = forwardedHost;
}
