import { Router } from 'express';
import type { Registry } from 'prom-client';

/**
 * `GET /metrics` in the Prometheus text format, beside the probes: for the scraper, not the API (the
 * gateway's HTTPRoute publishes `/api/` only; a service's port is reached inside the cluster).
 */
export function metricsRouter(registry: Registry): Router {
  const router = Router();
  router.get('/metrics', async (_req, res) => {
    const body = await registry.metrics();
    res.set('Content-Type', registry.contentType).send(body);
  });
  return router;
}
