import express, { type Express, type Router } from 'express';
import { requireInternalToken } from '../auth-context';
import { INTERNAL_JSON_LIMIT, INTERNAL_PATH_PREFIX } from '../import-export/import-contract';
import type { Logger } from '../logging/logger';
import { accessLog } from './access-log';
import { errorHandler, notFoundHandler } from './error-handler';
import { healthRouter, type HealthState, type ReadinessChecks } from './health';
import { refuseNulCharacters } from './nul-characters';
import { requestIdMiddleware } from './request-context';

export interface ServiceAppOptions {
  logger: Logger;
  readiness: ReadinessChecks;
  health: HealthState;
  /** Every route below `routes` needs the gateway's internal token addressed to `audience`. */
  internalToken: { secret: string; audience: string };
  routes: Router;
  /** Largest JSON body accepted. */
  jsonLimit?: string;
}

/**
 * The HTTP shell every service shares: request id, access log, health probes (no token, for the
 * orchestrator), internal-token check, JSON bodies, no NUL characters in bodies and queries, the
 * service's routes, then the contract's 404 and error bodies.
 */
export function createServiceApp(options: ServiceAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(requestIdMiddleware);
  app.use(accessLog(options.logger));
  app.use(healthRouter(options.readiness, options.health));
  app.use(requireInternalToken(options.internalToken));
  // Internal routes (called by services only, behind the token check) take larger bodies: bulk imports.
  const json = express.json({ limit: options.jsonLimit ?? '1mb' });
  const internalJson = express.json({ limit: INTERNAL_JSON_LIMIT });
  app.use((req, res, next) => (req.path.startsWith(INTERNAL_PATH_PREFIX) ? internalJson : json)(req, res, next));
  app.use(refuseNulCharacters);
  app.use(options.routes);
  app.use(notFoundHandler);
  app.use(errorHandler(options.logger));
  return app;
}
