import { closeInOrder, createLogger, drainServer, listen, redisTlsOptions, Tracing, type HealthState, type Logger, type RunningServer } from '@crm/platform';
import { buildGatewayApp } from './app';
import { loadGatewayConfig, type GatewayConfig } from './config';
import { closeRedis, createGatewayRedis, waitForRedis } from './redis/redis-client';

export interface StartGatewayOptions {
  /** Settings; defaults to process.env. */
  env?: Record<string, string | undefined>;
  /** Overrides GATEWAY_PORT (0: any free port). */
  port?: number;
  /** Overrides METRICS_PORT (0: any free port). */
  metricsPort?: number;
  /** Defaults to 127.0.0.1. */
  host?: string;
  logger?: Logger;
}

export interface RunningGateway {
  url: string;
  port: number;
  /** Where `GET /metrics` answers (not on `url`). */
  metricsUrl: string;
  config: GatewayConfig;
  /** Graceful: stop accepting, let in-flight requests finish (up to SHUTDOWN_TIMEOUT_MS; downloads DOWNLOAD_DRAIN_TIMEOUT_MS), close Redis. */
  stop(): Promise<void>;
}

/** How long start waits for Redis before serving with in-memory limits. */
const REDIS_START_WAIT_MS = 2_000;

/** Reads the settings (a bad one throws a ConfigError naming it), connects Redis, listens. */
export async function startGateway(options: StartGatewayOptions = {}): Promise<RunningGateway> {
  const config = loadGatewayConfig(options.env ?? process.env);
  const logger = options.logger ?? createLogger('gateway', config.LOG_LEVEL);
  const redis = config.REDIS_URL === undefined ? undefined : createGatewayRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX, logger, redisTlsOptions(config));
  if (!redis) logger.info('REDIS_URL unset: rate limits are counted in memory, API tokens are not cached');
  else if (!(await waitForRedis(redis, REDIS_START_WAIT_MS))) {
    logger.warn('Redis unreachable at start: serving with in-memory rate limits until it is back');
  }
  const health: HealthState = { draining: false };
  const tracing = Tracing.start('gateway', config, logger);
  const gateway = buildGatewayApp({ config, logger, redis, health, tracing });

  const host = options.host ?? '127.0.0.1';
  let server: RunningServer | undefined;
  let metricsServer: RunningServer;
  try {
    server = await listen(gateway.app, options.port ?? config.GATEWAY_PORT, host);
    metricsServer = await listen(gateway.metricsApp, options.metricsPort ?? config.METRICS_PORT, host);
  } catch (error) {
    await server?.close(0);
    gateway.close();
    await tracing?.stop();
    if (redis) await closeRedis(redis);
    throw error;
  }
  logger.info({ port: server.port, metricsPort: metricsServer.port }, 'gateway listening');

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= closeInOrder(
      [
        {
          name: 'http',
          close: async () => {
            health.draining = true;
            await drainServer(server, config, logger);
          },
        },
        { name: 'upstream connections', close: async () => gateway.close() },
        { name: 'tracing', close: async () => tracing?.stop() },
        // Last of the servers: the figures of the drain can still be scraped.
        { name: 'metrics', close: () => metricsServer.close(config.SHUTDOWN_TIMEOUT_MS) },
        { name: 'redis', close: async () => redis && closeRedis(redis) },
      ],
      logger,
    ));
  return { url: server.url, port: server.port, metricsUrl: metricsServer.url, config, stop };
}
