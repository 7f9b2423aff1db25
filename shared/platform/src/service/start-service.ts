import { z } from 'zod';
import { InternalTokenSigner } from '../auth-context/internal-token';
import { assertProductionSafe, commonConfig, ConfigError, loadConfig, port as portSetting, type CommonConfig } from '../config';
import { MIGRATION_CONNECTIONS, openServiceDatabase, retryConflictsIn, startEmbeddedPostgres, type DataSource } from '../database';
import { createServiceApp, listen, type HealthState, type RunningServer } from '../http';
import { closeInOrder, exitOnSignal, orAfter, type Closer } from '../lifecycle';
import { createLogger, type Logger } from '../logging/logger';
import { Broker, brokerUserOf, embeddedBusJournal, EventConsumer, expectedPublisher, OutboxRelay, readOutboxBacklog, serviceAmqpUrl, type CrmEvent } from '../messaging';
import { markKeyedWritesIn } from '../idempotency';
import { hostname } from 'node:os';
import { consumerMetrics, createMetricsRegistry, databaseProbe, outboxMetrics, poolMetrics, watchDependencies } from '../metrics';
import { Tracing } from '../tracing/tracing';
import { pruneOnce, retentionRules } from './retention';
import { publishesEvents, type ServiceDefinition, type ServiceDeps } from './service-definition';

export interface StartOptions {
  /** Settings; defaults to process.env. */
  env?: Record<string, string | undefined>;
  /** Overrides PORT (0: any free port). */
  port?: number;
  host?: string;
  logger?: Logger;
  clock?: () => Date;
}

export interface RunningService {
  name: string;
  url: string;
  port: number;
  dataSource: DataSource;
  logger: Logger;
  broker: Broker;
  relay?: OutboxRelay;
  consumer?: EventConsumer;
  /** Graceful: stop taking requests and messages, finish in-flight ones, close connections. */
  stop(): Promise<void>;
}

/**
 * Opens the database (migrating it), then listens; the broker connects meanwhile and relay and consumer
 * start once it has. RabbitMQ away at start (a rollout during a broker outage) delays the events only:
 * requests are served, events wait in the outbox, the consumer subscribes when the broker is back.
 */
export async function startService<Shape extends z.ZodRawShape, Extra extends object>(
  definition: ServiceDefinition<Shape, Extra>,
  options: StartOptions = {},
): Promise<RunningService> {
  const env = options.env ?? process.env;
  const shape = { ...commonConfig, ...definition.config, ...definition.extension?.settings, PORT: portSetting(definition.defaultPort) };
  const config = loadConfig(shape, env);
  const common = config as CommonConfig & { PORT: number };
  assertProductionSafe(common, { DATABASE_URL: common.DATABASE_URL, AMQP_URL: common.AMQP_URL }, shape);
  // As the service's own broker user, whose user-id its events carry (docs/security.md §10.2).
  const amqpUrl = common.AMQP_URL === undefined ? undefined : serviceAmqpUrl(common.AMQP_URL, definition.name, common.NODE_ENV);
  const prefetch = consumerPrefetch(common);
  const logger = options.logger ?? createLogger(definition.name, common.LOG_LEVEL);
  const embedded = await embeddedServers(definition.schema, common, logger);
  const databaseUrl = common.DATABASE_URL ?? embedded.database!.url;
  const dataSource = await openServiceDatabase({
    url: databaseUrl,
    schema: definition.schema,
    migrations: definition.migrations,
    poolSize: common.DATABASE_POOL_SIZE,
    connectTimeoutMs: common.DATABASE_CONNECT_TIMEOUT_MS,
    sessionLimits: {
      statementTimeoutMs: common.DATABASE_STATEMENT_TIMEOUT,
      lockTimeoutMs: common.DATABASE_LOCK_TIMEOUT,
      idleInTransactionTimeoutMs: common.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT,
    },
    applicationName: common.DATABASE_APPLICATION_NAME ?? `crm-${definition.name}`,
    migrationLockTimeoutMs: common.MIGRATION_LOCK_TIMEOUT,
    // The embedded database is the process's own: it always migrates.
    migrate: common.DATABASE_MIGRATE_ON_START || common.DATABASE_URL === undefined,
    logger,
  });
  markKeyedWritesIn(dataSource);
  retryConflictsIn(dataSource);
  const ownClosers: Closer[] = [];
  const onStop = (close: () => Promise<void>) => ownClosers.push({ name: `${definition.name} resource`, close });
  const metrics = createMetricsRegistry(definition.name);
  const clock = options.clock ?? (() => new Date());
  const signer = new InternalTokenSigner(definition.name, common.INTERNAL_SIGNING_KEY);
  const extra = definition.extension?.build({ config: common, signer, dataSource, logger, clock, metrics }) ?? {};
  const deps = { config: { ...config, DATABASE_URL: databaseUrl }, dataSource, logger, clock, onStop, ...extra } as ServiceDeps<z.infer<z.ZodObject<Shape>>, Extra>;

  const broker = new Broker({
    url: amqpUrl,
    user: brokerUserOf(definition.name),
    publishes: (definition.publishes ?? []).map((event) => event.type),
    inProcessJournal: embedded.busJournal,
    namespace: common.AMQP_NAMESPACE,
    logger,
    connectionName: `${common.AMQP_NAMESPACE}:${definition.name}@${hostname()}:${process.pid}`,
    changeStream: { maxAgeMs: common.CHANGE_STREAM_MAX_AGE, maxBytes: common.CHANGE_STREAM_MAX_BYTES },
  });
  broker.connect().catch(() => undefined); // retries until connected or closed; failures are logged
  const tracing = Tracing.start(definition.name, common, logger);
  const relay = publishesEvents(definition)
    ? new OutboxRelay({
        dataSource,
        broker,
        logger,
        databaseUrl,
        pollIntervalMs: embedded.database ? EMBEDDED_POLL_MS : undefined,
        onBatchFailed: outboxMetrics(metrics, () => readOutboxBacklog(dataSource)),
        tracing,
      })
    : undefined;
  const consumer: EventConsumer | undefined = definition.consumes
    ? new EventConsumer({
        dataSource,
        broker,
        logger,
        service: definition.name,
        bindings: definition.consumes.bindings,
        handler: definition.consumes.handler,
        publisherOf: (type) => expectedPublisher(definition.consumes!.producers, type),
        deps,
        afterCommit: killAfterHandling(common.FAULT_KILL_AFTER_HANDLING, logger),
        onSettled: consumerMetrics(metrics, async () => consumer?.queuedMessages(), async () => consumer?.deadLetteredMessages()),
        prefetch,
        deliveryLimit: common.EVENT_DELIVERY_LIMIT,
        tracing,
      })
    : undefined;
  poolMetrics(metrics, dataSource, common.DATABASE_POOL_SIZE);
  const dependencies = watchDependencies({
    registry: metrics,
    logger,
    checks: { database: databaseProbe(dataSource), broker: () => broker.isConnected() },
  });
  ownClosers.push({ name: 'dependency checks', close: async () => dependencies.stop() });

  const health: HealthState = { draining: false };
  const app = createServiceApp({
    logger,
    health,
    metrics,
    dependencies: dependencies.states,
    internalToken: { audience: definition.name, publicKeys: common.INTERNAL_TOKEN_PUBLIC_KEYS, callers: definition.calledBy, signingKey: common.INTERNAL_SIGNING_KEY },
    scopes: definition.scopes,
    routes: await definition.routes(deps),
    idempotency: {
      dataSource,
      ttlMs: common.IDEMPOTENCY_TTL,
      secretAnswerRoutes: definition.api.filter((operation) => operation.answerCarriesSecret).map(({ method, path }) => ({ method: method.toUpperCase(), path })),
    },
    uploads: { perProcess: common.UPLOAD_BYTES_IN_FLIGHT, perCredential: common.UPLOAD_BYTES_PER_CREDENTIAL },
    tracing,
    publicBaseUrl: common.PUBLIC_BASE_URL,
  });
  const rules = retentionRules(definition, { ...common, DATABASE_URL: databaseUrl }, dataSource);
  const pruning = setInterval(() => void pruneOnce(rules, logger), PRUNE_EVERY_MS);
  pruning.unref();
  ownClosers.push({ name: 'retention', close: async () => clearInterval(pruning) });
  relay?.start();
  const subscribed = consumer?.start();
  // Its queue declared before the next service of the process starts publishing (the one-process system
  // starts them in turn); a broker away does not hold the start longer than this.
  if (subscribed && !(await orAfter(subscribed.then(() => true), BROKER_START_WAIT_MS, false))) {
    logger.warn({ waitedMs: BROKER_START_WAIT_MS }, 'broker unreachable: serving without it; events wait in the outbox, consuming starts when it is back');
  }
  let server: RunningServer;
  try {
    server = await listen(app, options.port ?? common.PORT, options.host);
  } catch (error) {
    await closeInOrder(shutdownSteps(undefined), logger);
    throw error;
  }
  logger.info({ port: server.port }, 'listening');

  function shutdownSteps(running: RunningServer | undefined): Closer[] {
    return [
      { name: 'http', close: async () => { health.draining = true; await running?.close(common.SHUTDOWN_TIMEOUT_MS); } },
      { name: 'consumer', close: async () => consumer?.stop() },
      ...ownClosers,
      { name: 'relay', close: async () => relay?.stop() },
      // After everything that makes spans: the last of them are exported.
      { name: 'tracing', close: async () => tracing?.stop() },
      { name: 'broker', close: () => broker.close() },
      { name: 'database', close: () => dataSource.destroy() },
      { name: 'embedded database', close: async () => embedded.database?.stop() },
    ];
  }

  let stopping: Promise<void> | undefined;
  return {
    name: definition.name,
    url: server.url,
    port: server.port,
    dataSource,
    logger,
    broker,
    relay,
    consumer,
    stop: () => (stopping ??= closeInOrder(shutdownSteps(server), logger)),
  };
}

/**
 * A PGlite database has one session, so a NOTIFY never reaches the relay's LISTEN connection: it polls
 * the outbox this often instead (one indexed query, in process).
 */
const EMBEDDED_POLL_MS = 25;

/** How long a start waits for its consumer to subscribe before serving without the broker. */
const BROKER_START_WAIT_MS = 5_000;

/** CONSUMER_PREFETCH, or half the pool: below the pool either way, so events never take every connection. */
function consumerPrefetch(config: CommonConfig): number {
  const prefetch = config.CONSUMER_PREFETCH ?? Math.max(1, Math.floor(config.DATABASE_POOL_SIZE / 2));
  if (prefetch >= config.DATABASE_POOL_SIZE) {
    throw new ConfigError([`CONSUMER_PREFETCH: must be below DATABASE_POOL_SIZE (${config.DATABASE_POOL_SIZE}), so requests keep a connection during a burst of events`]);
  }
  return prefetch;
}

/** Rows past their retention (idempotency keys, inbox, outbox, the audit log) go in batches this often. */
const PRUNE_EVERY_MS = 10 * 60_000;

/** The embedded default (architecture §5) for whichever of DATABASE_URL and AMQP_URL is unset. */
async function embeddedServers(schema: string, config: CommonConfig, logger: Logger) {
  const database =
    config.DATABASE_URL === undefined
      ? await startEmbeddedPostgres({ dataDir: config.EMBEDDED_DATA_DIR, schema, logger })
      : undefined;
  const busJournal = config.AMQP_URL === undefined ? embeddedBusJournal(config.EMBEDDED_DATA_DIR, config.AMQP_NAMESPACE) : undefined;
  return { database, busJournal };
}

/** The FAULT_KILL_AFTER_HANDLING test hook: a crash between the commit and the ack. */
function killAfterHandling(type: string | undefined, logger: Logger): ((event: CrmEvent) => void) | undefined {
  if (type === undefined) return undefined;
  return (event) => {
    if (event.type !== type) return;
    logger.warn({ eventId: event.id, type }, 'FAULT_KILL_AFTER_HANDLING: killing the process before the ack');
    process.kill(process.pid, 'SIGKILL');
  };
}

/**
 * Applies the service's pending migrations and closes: the Kubernetes init step (`main.js migrate`), so
 * a rollout's schema is in place before any replica takes traffic. Starting a service also migrates
 * (under the same advisory lock), so running this first is safe, never required.
 */
export async function migrateService<Shape extends z.ZodRawShape, Extra extends object>(
  definition: ServiceDefinition<Shape, Extra>,
  options: Pick<StartOptions, 'env' | 'logger'> = {},
): Promise<void> {
  const config = loadConfig(commonConfig, options.env ?? process.env);
  if (config.DATABASE_URL === undefined) return; // an embedded database is migrated when its service starts
  const dataSource = await openServiceDatabase({
    url: config.DATABASE_URL,
    schema: definition.schema,
    migrations: definition.migrations,
    poolSize: MIGRATION_CONNECTIONS,
    applicationName: `crm-${definition.name}-migrate`,
    migrationLockTimeoutMs: config.MIGRATION_LOCK_TIMEOUT,
    grantTo: config.DATABASE_SERVICE_ROLE,
    logger: options.logger,
  });
  await dataSource.destroy();
}

/**
 * Deletes, once, every row of the service past its retention (`main.js prune`: a CronJob's, or by hand
 * after lowering a retention), as the role the service runs as; answers what each rule deleted. A running
 * service also prunes by itself every 10 minutes.
 */
export async function pruneService<Shape extends z.ZodRawShape, Extra extends object>(
  definition: ServiceDefinition<Shape, Extra>,
  options: Pick<StartOptions, 'env' | 'logger'> = {},
): Promise<Record<string, number>> {
  const logger = options.logger ?? createLogger(definition.name, 'silent');
  const config = loadConfig({ ...commonConfig, ...definition.config }, options.env ?? process.env) as CommonConfig;
  if (config.DATABASE_URL === undefined) throw new ConfigError(['DATABASE_URL: prune works on a server (an embedded database prunes itself while it runs)']);
  const dataSource = await openServiceDatabase({ url: config.DATABASE_URL, schema: definition.schema, migrations: [], poolSize: MIGRATION_CONNECTIONS, migrate: false, logger });
  try {
    return await pruneOnce(retentionRules(definition, { ...config, DATABASE_URL: config.DATABASE_URL }, dataSource), logger);
  } finally {
    await dataSource.destroy();
  }
}

/**
 * A service's own process: start, stop gracefully on SIGTERM, exit 1 with the reason on a bad start.
 * With the argument `migrate`, only applies the migrations and exits; with `prune`, only deletes what is
 * past its retention and exits.
 */
export function runServiceMain<Shape extends z.ZodRawShape, Extra extends object>(definition: ServiceDefinition<Shape, Extra>): void {
  const logger = createLogger(definition.name);
  const fail = (error: unknown) => {
    logger.fatal({ err: error }, 'failed to start');
    process.exit(1);
  };
  if (process.argv[2] === 'migrate') {
    migrateService(definition, { logger }).then(() => logger.info('migrations up to date'), fail);
    return;
  }
  if (process.argv[2] === 'prune') {
    pruneService(definition, { logger }).then((deleted) => logger.info({ deleted }, 'pruned'), fail);
    return;
  }
  startService(definition, { logger, host: process.env.HOST ?? '0.0.0.0' }).then(
    (service) => exitOnSignal(() => service.stop(), logger),
    fail,
  );
}
