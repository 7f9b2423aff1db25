import express, { type Express, type Router } from 'express';
import type { Registry } from 'prom-client';
import { InternalTokenSigner, requireInternalToken, requireRouteScope, type InternalTokenCheck, type RouteScopes } from '../auth-context';
import { idempotentRequests, type IdempotencyOptions } from '../idempotency/idempotent-requests';
import { recordVersions } from './entity-tags';
import { INTERNAL_JSON_LIMIT, INTERNAL_PATH_PREFIX } from './internal-routes';
import type { Logger } from '../logging/logger';
import { createMetricsRegistry, expressRouteLabel, httpMetrics, metricsRouter } from '../metrics';
import { accessLog } from './access-log';
import { answerHeaders } from './answer-headers';
import { canonicalPathsOnly } from './canonical-paths';
import { errorHandler, notFoundHandler } from './error-handler';
import { healthRouter, type DependencyStates, type HealthState } from './health';
import { normalizedQuery, noteBytesNotUtf8, refuseMalformedText } from './malformed-text';
import { useListCursors, usePublicBaseUrl } from './pagination';
import { DEVELOPMENT_PUBLIC_BASE_URL } from '../config/config';
import { publicFormBody, PUBLIC_PATH_PREFIX } from './public-form-body';
import { requestIdMiddleware } from './request-context';
import type { Tracing } from '../tracing/tracing';
import { boundImports } from './imports-at-once';
import { boundUploadBytes, type UploadBytesLimits } from './upload-bytes-in-flight';
import { receiptsForWriters } from './write-receipts';

export interface ServiceAppOptions {
  logger: Logger;
  health: HealthState;
  /** Reported by `/readyz` (never a reason to be unready). */
  dependencies?: DependencyStates;
  /**
   * Where the request figures go, served at `GET /metrics` with whatever else the service records there;
   * a registry of its own (named by the token's audience) when not given.
   */
  metrics?: Registry;
  /**
   * Every route below `routes` needs an internal token addressed to `audience` (the service's name): the gateway's,
   * or on internal routes one of `callers`'. Its public routes check the scope of the token's caller again.
   */
  internalToken: InternalTokenCheck;
  /** The scopes of its public routes, checked again on the token's caller (none: no route needs one). */
  scopes?: RouteScopes;
  routes: Router;
  /** Largest JSON body accepted. */
  jsonLimit?: string;
  /** Where `Idempotency-Key`s are kept (api-contract §6); without it the header is ignored. */
  idempotency?: Omit<IdempotencyOptions, 'logger'>;
  /** The bytes uploads may hold at once (`receiveSingleFile`); without it only each file's own maximum bounds them. */
  uploads?: UploadBytesLimits;
  /** `IMPORTS_AT_ONCE`: the import bodies (internal bodies over 1 MiB) handled at once; unbounded without it. */
  importsAtOnce?: number;
  /** A server span per request (none without it). */
  tracing?: Tracing;
  /** PUBLIC_BASE_URL, which every absolute link of an answer starts with; unset: the development gateway's address. */
  publicBaseUrl?: string;
}

/**
 * The HTTP shell every service shares: the headers of every answer (nosniff, no-store), request id, access log, request metrics, health probes and
 * `/metrics` (no token, for the orchestrator and the scraper), a server span per request when tracing,
 * internal-token check, no path that only resembles a route (api-contract §2: paths are canonical), the route's
 * scope, JSON bodies, no malformed text (NUL, unpaired surrogates) in bodies and queries, idempotency keys, the bound
 * on upload bytes in flight, a write's receipt for a caller who may not read what it wrote, the service's routes, then the contract's 404 and error bodies.
 */
export function createServiceApp(options: ServiceAppOptions): Express {
  const metrics = options.metrics ?? createMetricsRegistry(options.internalToken.audience);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', normalizedQuery);
  // Cursors are sealed with a secret of the service's own, derived from its signing key.
  useListCursors(app, new InternalTokenSigner(options.internalToken.audience, options.internalToken.signingKey).secrets('list cursor'));
  usePublicBaseUrl(app, options.publicBaseUrl ?? DEVELOPMENT_PUBLIC_BASE_URL);
  app.use(answerHeaders);
  app.use(requestIdMiddleware);
  app.use(accessLog(options.logger));
  app.use(httpMetrics(metrics, expressRouteLabel));
  app.use(healthRouter(options.health, options.dependencies));
  app.use(metricsRouter(metrics));
  // After the probes and the scrapes: they would be most of the spans, and tell nothing.
  const tokenCheck = requireInternalToken(options.internalToken);
  app.use(options.tracing ? options.tracing.serverSpans(expressRouteLabel, tokenCheck) : tokenCheck);
  app.use(canonicalPathsOnly(options.routes));
  app.use(requireRouteScope(options.scopes ?? {}));
  // Internal routes (called by services only, behind the token check) take larger bodies: bulk imports;
  // public ones (web forms) small ones, in whatever form a page posts.
  const json = express.json({ limit: options.jsonLimit ?? '1mb', verify: noteBytesNotUtf8 });
  const internalJson = express.json({ limit: INTERNAL_JSON_LIMIT, verify: noteBytesNotUtf8 });
  const publicBody = publicFormBody();
  // Before the body is read: an import refused for want of a turn costs nothing.
  if (options.importsAtOnce !== undefined) app.use(boundImports(options.importsAtOnce));
  app.use((req, res, next) => (req.path.startsWith(INTERNAL_PATH_PREFIX) ? internalJson : req.path.startsWith(PUBLIC_PATH_PREFIX) ? publicBody : json)(req, res, next));
  app.use(refuseMalformedText);
  app.use(recordVersions);
  if (options.idempotency) app.use(idempotentRequests({ ...options.idempotency, logger: options.logger }));
  // After the key is taken: what a write answers a caller without the read scope is what its repeat answers.
  app.use(receiptsForWriters(options.scopes ?? {}));
  if (options.uploads) app.use(boundUploadBytes(options.uploads));
  app.use(options.routes);
  app.use(notFoundHandler);
  app.use(errorHandler(options.logger));
  return app;
}
