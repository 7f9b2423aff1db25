import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { Context } from '@opentelemetry/api';
import type { NextFunction, Request, Response } from 'express';

export const REQUEST_ID_HEADER = 'x-request-id';
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

interface RequestContext {
  /** Set in the context `requestIdMiddleware` makes: one request's own, entered by nothing else. */
  ownRequest?: true;
  /** Unset in a trace context entered outside a request (e.g. a consumer's span, before its message's id is set). */
  requestId?: string;
  /** The tenant the request or message acts in, once known (the caller's; an event's `tenantid`). */
  tenantId?: string;
  /**
   * OpenTelemetry's active context, when the process traces (tracing/trace-context.ts): kept in this storage, as a
   * second AsyncLocalStorage would add its cost to every promise made.
   */
  trace?: Context;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The id of the request being served, for logs and message headers; undefined outside a request. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/**
 * Runs `work` as part of the request `requestId` in `tenantId` (consumers do this for the message they handle), in
 * the trace context active now.
 */
export function withRequestId<T>(requestId: string, work: () => T, tenantId?: string): T {
  return storage.run({ requestId, tenantId, trace: storage.getStore()?.trace }, work);
}

/** The trace context `withTraceContext` made active; undefined outside one. */
export function currentTraceContext(): Context | undefined {
  return storage.getStore()?.trace;
}

/** Runs `work` with `trace` as the active trace context, in the request it is part of. */
export function withTraceContext<T>(trace: Context, work: () => T): T {
  const { ownRequest: _notOwn, ...current } = storage.getStore() ?? {};
  return storage.run({ ...current, trace }, work);
}

/**
 * For the rest of the request being served, `trace` is the active trace context (its server span). The request's own
 * context takes it in place: entering a context of its own, as `withTraceContext` does, costs each request a
 * nested AsyncLocalStorage run (issue 23.4's cost target). Outside a request's own context, as `withTraceContext`.
 */
export function enterRequestTraceContext<T>(trace: Context, next: () => T): T {
  const context = storage.getStore();
  if (!context?.ownRequest) return withTraceContext(trace, next);
  context.trace = trace;
  return next();
}

/** The request being served acts in `tenantId` (known once its caller is): every later log line of it says so. */
export function setRequestTenant(tenantId: string): void {
  const context = storage.getStore();
  if (context) context.tenantId = tenantId;
}

/** What every log line written while serving a request or a message carries (`createLogger`'s mixin). */
export function requestLogFields(): { request_id?: string; tenant_id?: string } {
  const context = storage.getStore();
  if (context?.requestId === undefined) return {};
  return context.tenantId ? { request_id: context.requestId, tenant_id: context.tenantId } : { request_id: context.requestId };
}

/** Keeps a client's X-Request-Id when it is sane, otherwise makes one; echoes it on the response. */
export function requestIdMiddleware(req: Request, res: Response, next: NextFunction): void {
  const given = req.header(REQUEST_ID_HEADER);
  const requestId = given && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
  req.headers[REQUEST_ID_HEADER] = requestId;
  res.setHeader('X-Request-Id', requestId);
  storage.run({ requestId, ownRequest: true }, next);
}
