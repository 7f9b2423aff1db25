import type { Request, RequestHandler, Response } from 'express';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/** What a request is counted under: a route pattern, never the raw path (ids would explode the series). */
export type RouteLabel = (req: Request, res: Response) => string;

/** The label of a request no route took (an unknown path, or one refused before routing, e.g. a 401). */
export const UNMATCHED_ROUTE = 'unmatched';

/** In a service: the express route that answered (`/api/<entity>/:id/`), read once the response is sent. */
export const expressRouteLabel: RouteLabel = (req) => {
  const route = req.route as { path?: unknown } | undefined;
  return typeof route?.path === 'string' ? req.baseUrl + route.path : UNMATCHED_ROUTE;
};

/** Seconds: from a cached read (a few ms) to a bounded wait for other services or an export (seconds). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Counts and times every request by method, route and status (`http_requests_total`, `http_request_duration_seconds`), and those in flight. */
export function httpMetrics(registry: Registry, routeLabel: RouteLabel): RequestHandler {
  const registers = [registry];
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by method, route and status.', labelNames, registers });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its response being sent, by method, route and status.',
    labelNames,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const inFlight = new Gauge({ name: 'http_requests_in_flight', help: 'Requests received and not yet answered (or abandoned).', registers });
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    inFlight.inc();
    // One listener: 'close' follows 'finish' for an answered request and is the only event of an abandoned one.
    res.once('close', () => {
      inFlight.dec();
      if (!res.writableFinished) return;
      const labels = { method: req.method, route: routeLabel(req, res), status: String(res.statusCode) };
      requests.inc(labels);
      durations.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}
