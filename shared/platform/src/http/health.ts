import { Router } from 'express';
import { downloadsInFlight } from './downloads';

/**
 * What `/readyz` reports of the dependencies, for an operator reading it: never a reason to be unready.
 * Each answers at once from what the process already knows (no query), so a probe cannot hang on a busy
 * pool or a broker away.
 */
export type DependencyStates = Record<string, () => boolean>;

export interface HealthState {
  /** Set on SIGTERM so load balancers stop sending new work while in-flight work drains. */
  draining: boolean;
  /** Set while a service has not yet reached its database (and migrated): it answers its probes, not its routes. */
  starting?: boolean;
}

/**
 * `/livez` and `/readyz`. Ready means started and not draining. Started: a service has reached its database
 * once (a start that finds it away listens meanwhile, answering its probes, instead of exiting). After
 * that a dependency away (RabbitMQ, a full pool) must not take every replica out of its Service at once:
 * the outbox holds events while the broker is away, a query waits for its connection or answers 503
 * itself. Dependencies go to the metrics (`crm_dependency_up`) and the logs.
 */
export function healthRouter(state: HealthState, dependencies: DependencyStates = {}): Router {
  const router = Router();
  router.get('/livez', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', (_req, res) => {
    const states = Object.fromEntries(Object.entries(dependencies).map(([name, isUp]) => [name, isUp()]));
    const status = state.draining ? 'draining' : state.starting ? 'starting' : 'ready';
    // While draining: the downloads (exports) it still lets finish (docs/operations.md §9).
    const draining = status === 'draining' ? { downloads_in_flight: downloadsInFlight() } : {};
    res.status(status === 'ready' ? 200 : 503).json({ status, dependencies: states, ...draining });
  });
  return router;
}
