import { Router } from 'express';

/** Named checks for `/readyz`; each answers true when its dependency is usable. */
export type ReadinessChecks = Record<string, () => Promise<boolean> | boolean>;

export interface HealthState {
  /** Set on SIGTERM so load balancers stop sending new work while in-flight work drains. */
  draining: boolean;
}

export function healthRouter(checks: ReadinessChecks, state: HealthState): Router {
  const router = Router();
  router.get('/livez', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const results: Record<string, boolean> = {};
    for (const [name, check] of Object.entries(checks)) {
      results[name] = await Promise.resolve()
        .then(check)
        .catch(() => false);
    }
    const ready = !state.draining && Object.values(results).every(Boolean);
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : state.draining ? 'draining' : 'not_ready', checks: results });
  });
  return router;
}
