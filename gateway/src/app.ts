import { accessLog, answerHeaders, createMetricsRegistry, errorHandler, expressRouteLabel, GATEWAY_ISSUER, healthRouter, InternalTokenSigner, httpMetrics, metricsRouter, requestIdMiddleware, watchDependencies, type HealthState, type Logger, type RouteLabel, type Tracing } from '@crm/platform';
import express, { type Express, type RequestHandler } from 'express';
import type Redis from 'ioredis';
import type { Registry } from 'prom-client';
import { answerCompression } from './compression/answer-compression';
import { upstreamUrls, type GatewayConfig } from './config';
import { corsMiddleware, corsOfGatewayRefusalsOnOwnCorsPaths } from './cors/cors.middleware';
import { ApiTokenCache } from './credentials/api-token-cache';
import { createApiTokenResolver } from './credentials/api-token-resolver';
import { apiTokenRevocationWatcher, credentialChangeWatcher } from './credentials/credential-watchers';
import { authenticateMiddleware, scopeCheckMiddleware } from './credentials/authenticate.middleware';
import { createAuthenticator } from './credentials/authenticator';
import { CredentialChanges } from './credentials/credential-changes';
import { UnknownApiTokens } from './credentials/unknown-api-tokens';
import { createUserTokenVerifier } from './credentials/user-token-verifier';
import { apiDocsRoutes } from './docs/api-docs.routes';
import { createUpstreamProxy } from './proxy/upstream-proxy';
import { rateLimitMiddleware, rateLimitRejections, rateLimitStoreMetrics } from './rate-limit/rate-limit.middleware';
import { upstreamTroubleMetrics } from './proxy/upstream-metrics';
import { BucketRateLimiter } from './rate-limit/rate-limiter';
import { redisProbe } from './redis/redis-client';
import { UnauthenticatedLimit } from './rate-limit/unauthenticated-limit';
import { formAddressShare } from './rate-limit/throttle-rates';
import { knownCaller, matchedRoute } from './request-state';
import { routeMiddleware } from './routing/route.middleware';
import { ROUTE_TABLE, type RouteEntry } from './routing/route-table';

export interface GatewayDeps {
  config: GatewayConfig;
  logger: Logger;
  /**
   * Counters and the API-token cache; the gateway keeps serving (limits in memory) while it is down.
   * None (REDIS_URL unset, the embedded default): limits in memory, no cache.
   */
  redis?: Redis;
  /** How the gateway calls auth (key set, API-token lookup); defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Set `draining` on shutdown so /readyz turns 503. */
  health?: HealthState;
  routeTable?: readonly RouteEntry[];
  /** Where the gateway's figures go (served by `metricsApp`); a registry of its own when not given. */
  metrics?: Registry;
  /** A server span per request, whose context the proxied request carries on (none without it). */
  tracing?: Tracing;
}

export interface GatewayApp {
  app: Express;
  /**
   * `GET /metrics` alone, to listen on a port of its own: nothing that publishes the API (a published
   * port, an Ingress) publishes the figures with it.
   */
  metricsApp: Express;
  /** Drops pooled upstream connections and stops the Redis checks (the server is closed by whoever listens). */
  close(): void;
}

/**
 * The public entry point: request id, access log, request metrics, health probes, compression of the
 * answers, CORS (CORS_ORIGINS), then
 * for every API request route match → authenticate (an address with too many failed credentials is
 * refused before its credential is looked at) → scope check → rate limit → proxy to the owning
 * service. The API's documentation is served by the gateway itself, to anyone.
 */
export function buildGatewayApp(deps: GatewayDeps): GatewayApp {
  const { config, logger, redis } = deps;
  const health = deps.health ?? { draining: false };
  const routeTable = deps.routeTable ?? ROUTE_TABLE;
  const fetchImpl = deps.fetch ?? fetch;
  const metrics = deps.metrics ?? createMetricsRegistry('gateway');
  const authUrl = config.AUTH_SERVICE_URL.replace(/\/+$/, '');

  const credentialChanges = new CredentialChanges(redis, logger);
  const signer = new InternalTokenSigner(GATEWAY_ISSUER, config.INTERNAL_SIGNING_KEY);
  const apiTokenCache = new ApiTokenCache(redis, config.API_TOKEN_CACHE_SECONDS, logger, signer.secrets('api-token cache'), credentialChanges);
  const authenticate = createAuthenticator(
    createUserTokenVerifier({
      jwksUrl: `${authUrl}/api/auth/.well-known/jwks.json`,
      issuer: config.JWT_ISSUER,
      audience: config.JWT_AUDIENCE,
      signer,
      fetch: fetchImpl,
      logger,
      changes: credentialChanges,
      checkUrl: `${authUrl}/internal/access-tokens/check`,
    }),
    createApiTokenResolver({
      resolveUrl: `${authUrl}/internal/api-tokens/resolve`,
      signer,
      fetch: fetchImpl,
      cache: apiTokenCache,
      unknownTokens: new UnknownApiTokens(redis, logger),
      logger,
    }),
  );
  const watchRevocations = apiTokenRevocationWatcher(apiTokenCache);
  const watchCredentialChanges = credentialChangeWatcher(credentialChanges);
  const limiter = new BucketRateLimiter(
    { ...config.THROTTLE_RATES, form: config.FORM_RATE, form_per_address: formAddressShare(config.FORM_RATE) },
    redis,
    logger,
  );
  const rejections = rateLimitRejections(metrics);
  rateLimitStoreMetrics(metrics, limiter);
  // Redis away is seen even with no request to fall back (crm_rate_limits_in_memory moves only on one):
  // crm_dependency_up{dependency="redis"}, its alert CrmGatewayRedisDown, and /readyz's body (never unready).
  const dependencies = redis ? watchDependencies({ registry: metrics, logger, checks: { redis: redisProbe(redis) } }) : undefined;
  const proxy = createUpstreamProxy({
    targets: upstreamUrls(config),
    signer,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    retryForMs: config.UPSTREAM_RETRY_MS,
    logger,
    isDraining: () => health.draining,
    onUpstreamResponse: (req, answer) => {
      watchRevocations(req, answer);
      watchCredentialChanges(req, answer);
    },
    onUpstreamTrouble: upstreamTroubleMetrics(metrics),
  });

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', config.TRUST_PROXY);
  app.use(answerHeaders);
  app.use(requestIdMiddleware);
  app.use(closeConnectionWhenDraining(health));
  app.use(accessLog(logger, (_req, res) => knownCaller(res)));
  app.use(httpMetrics(metrics, gatewayRouteLabel));
  app.use(healthRouter(health, dependencies?.states));
  // After the probes: they would be most of the spans, and tell nothing.
  const compression = answerCompression(config.COMPRESSION_MIN_BYTES);
  app.use(deps.tracing ? deps.tracing.serverSpans(gatewayRouteLabel, compression) : compression);
  app.use(corsMiddleware(config.CORS_ORIGINS, routeTable));
  app.use(apiDocsRoutes());
  app.use(
    routeMiddleware(routeTable),
    authenticateMiddleware(authenticate, new UnauthenticatedLimit(limiter, rejections)),
    scopeCheckMiddleware,
    rateLimitMiddleware(limiter, rejections),
    proxy.forward,
  );
  app.use(corsOfGatewayRefusalsOnOwnCorsPaths(routeTable));
  app.use(errorHandler(logger));

  const metricsApp = express();
  metricsApp.disable('x-powered-by');
  metricsApp.use(metricsRouter(metrics));
  metricsApp.use(errorHandler(logger));
  return {
    app,
    metricsApp,
    close: () => {
      proxy.close();
      dependencies?.stop();
    },
  };
}

/** An API request is counted under its route-table entry (`/api/leads/:id/`), the gateway's own routes under their path. */
const gatewayRouteLabel: RouteLabel = (req, res) => matchedRoute(res)?.path ?? expressRouteLabel(req, res);

/**
 * While shutting down, requests still arriving on open keep-alive connections get `Connection: close`
 * (proxied answers in flight get it in the proxy), so the drain ends with the last in-flight request
 * instead of waiting for idle client connections to time out.
 */
function closeConnectionWhenDraining(health: HealthState): RequestHandler {
  return (_req, res, next) => {
    if (health.draining) res.setHeader('Connection', 'close');
    next();
  };
}
