import type { IncomingHttpHeaders } from 'node:http';
import { context, propagation, ROOT_CONTEXT, trace, TraceFlags, type Context, type ContextManager } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { currentTraceContext, withTraceContext } from '../http/request-context';

/**
 * The trace context as it crosses processes: W3C `traceparent` and `tracestate` on HTTP requests and on
 * messages. What is shared by every component of a process lives here: the API's context (which span is
 * active) and its propagator, registered once by the first component that traces. Until then both are the
 * API's no-ops, so a process that does not trace carries no trace context of its own and pays nothing.
 */
const TRACE_HEADERS = ['traceparent', 'tracestate'];

/**
 * The API's context, kept in the request context's AsyncLocalStorage (with the request id and the tenant) rather
 * than in one of its own (`@opentelemetry/context-async-hooks`): each AsyncLocalStorage adds its cost to every
 * promise made, and a request of a service makes hundreds.
 */
class RequestContextManager implements ContextManager {
  active(): Context {
    return currentTraceContext() ?? ROOT_CONTEXT;
  }

  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(active: Context, fn: F, thisArg?: ThisParameterType<F>, ...args: A): ReturnType<F> {
    return withTraceContext(active, () => fn.call(thisArg, ...args));
  }

  /** Functions only: nothing here binds an event emitter (the SDK binds nothing). */
  bind<T>(active: Context, target: T): T {
    if (typeof target !== 'function') return target;
    const manager = this;
    return function (this: unknown, ...args: unknown[]) {
      return manager.with(active, () => target.apply(this, args));
    } as T;
  }

  enable(): this {
    return this;
  }

  disable(): this {
    return this;
  }
}

let registered = false;

/** Registers the process's context manager and W3C propagator with the API (once; later calls do nothing). */
export function registerTraceContext(): void {
  if (registered) return;
  registered = true;
  context.setGlobalContextManager(new RequestContextManager());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
}

/** The active span's context as W3C headers, for a message or a call to another service; none outside a span. */
export function traceHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  propagation.inject(context.active(), headers);
  return headers;
}

/**
 * For a request passed on (the gateway's proxy): the active span's context replaces the caller's, so the
 * next service continues this span. With no span active (tracing off) the caller's goes on as it came.
 */
export function carryTraceContext(headers: IncomingHttpHeaders): void {
  if (trace.getSpan(context.active()) === undefined) return;
  for (const name of TRACE_HEADERS) delete headers[name];
  propagation.inject(context.active(), headers);
}

/**
 * What a log line written in a recorded trace carries (the logger's mixin): its `trace_id` and `span_id`, so
 * the line and the trace point to each other. None for a trace not sampled: it would point nowhere.
 */
export function traceLogFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getSpan(context.active())?.spanContext();
  if (span === undefined || (span.traceFlags & TraceFlags.SAMPLED) === 0) return {};
  return { trace_id: span.traceId, span_id: span.spanId };
}
