import express, { type Express } from 'express';
import type { Registry } from 'prom-client';
import { ServiceUnavailableError } from '../errors/app-error';
import type { Logger } from '../logging/logger';
import { metricsRouter } from '../metrics/metrics.routes';
import { accessLog } from './access-log';
import { answerHeaders } from './answer-headers';
import { errorHandler } from './error-handler';
import { healthRouter, type DependencyStates, type HealthState } from './health';
import { requestIdMiddleware } from './request-context';

/**
 * What a service answers from listening until it is ready (its database reached and migrated, its routes
 * built): `/livez` 200, `/readyz` 503 `starting`, `/metrics` (the process's figures so far), and to
 * anything else the contract's 503 `{detail}` with `Retry-After`. The orchestrator sees a live process
 * that is not ready, and keeps it instead of restarting it.
 */
export function createStartingApp(options: { logger: Logger; health: HealthState; metrics: Registry; dependencies: DependencyStates }): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(answerHeaders);
  app.use(requestIdMiddleware);
  app.use(accessLog(options.logger));
  app.use(healthRouter(options.health, options.dependencies));
  app.use(metricsRouter(options.metrics));
  app.use((_req, _res, next) => next(new ServiceUnavailableError('The service is starting; try again shortly.')));
  app.use(errorHandler(options.logger));
  return app;
}
