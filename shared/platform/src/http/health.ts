import { Router } from 'express';

/**
 * What `/readyz` reports of the dependencies, for an operator reading it: never a reason to be unready.
 * Each answers at once from what the process already knows (no query), so a probe cannot hang on a busy
 * pool or a broker away.
 */
export type DependencyStates = Record<string, () => boolean>;

export interface HealthState {
  /** Set on SIGTERM so load balancers stop sending new work while in-flight work drains. */
  draining: boolean;
}

/**
 * `/livez` and `/readyz`. Ready means started and not draining: a process listens only once started, and
 * a dependency away (RabbitMQ, a full pool) must not take every replica out of its Service at once: the
 * outbox holds events while the broker is away, a query waits for its connection or answers 503 itself.
 * Dependencies go to the metrics (`crm_dependency_up`) and the logs.
 */
export function healthRouter(state: HealthState, dependencies: DependencyStates = {}): Router {
  const router = Router();
  router.get('/livez', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', (_req, res) => {
    const states = Object.fromEntries(Object.entries(dependencies).map(([name, isUp]) => [name, isUp()]));
    res.status(state.draining ? 503 : 200).json({ status: state.draining ? 'draining' : 'ready', dependencies: states });
  });
  return router;
}
