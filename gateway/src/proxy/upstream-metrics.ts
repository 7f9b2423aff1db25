import { Counter, type Registry } from 'prom-client';
import type { UpstreamService } from '../config';
import type { UpstreamTrouble } from './upstream-proxy';

/**
 * `crm_gateway_upstream_trouble_total{service, what}`: requests the gateway sent again because the service
 * did not take them (`retried`: a restart, a rollout), and those it answered itself, 503 (`unavailable`)
 * or 504 (`timed_out`). A service's own 503s are in `http_requests_total` with the others.
 */
export function upstreamTroubleMetrics(metrics: Registry): (service: UpstreamService, what: UpstreamTrouble) => void {
  const trouble = new Counter({
    name: 'crm_gateway_upstream_trouble_total',
    help: 'Requests sent again to a service that did not take them (retried), or answered by the gateway for it: 503 (unavailable) or 504 (timed_out).',
    labelNames: ['service', 'what'] as const,
    registers: [metrics],
  });
  return (service, what) => trouble.inc({ service, what });
}
