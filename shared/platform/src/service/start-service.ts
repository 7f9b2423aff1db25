import { z } from 'zod';
import { InternalTokenSigner } from '../auth-context/internal-token';
import { amqpTlsOptions, assertProductionSafe, commonConfig, ConfigError, loadConfig, port as portSetting, type CommonConfig } from '../config';
import { errorChain, isDatabaseUnavailable, MIGRATION_CONNECTIONS, openServiceDatabase, retryConflictsIn, startEmbeddedPostgres, type DataSource, type EmbeddedPostgres } from '../database';
import type { RequestListener } from 'node:http';
import { createServiceApp, createStartingApp, downloadsInFlight, drainServer, listen, type HealthState, type RunningServer } from '../http';
import { closeInOrder, exitOnSignal, orAfter, stopBoundMs, type Closer } from '../lifecycle';
import { retryWithBackoff } from '../lifecycle/backoff';
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

/** A service listening, ready or on its way (`launchService`): its probes answer, its routes once ready. */
export interface StartingService {
  name: string;
  url: string;
  port: number;
  /**
   * The service once ready: its database reached (connecting again with back-off while it is away) and
   * migrated or checked, its routes served. Rejects when the start fails for good (pending migrations it may
   * not apply, a refused password, …), having closed everything, or when stopped before ready.
   */
  ready: Promise<RunningService>;
  /** Graceful, whether ready or not yet. */
  stop(): Promise<void>;
}

/** As `launchService`, answering once the service is ready. */
export async function startService<Shape extends z.ZodRawShape, Extra extends object>(
  definition: ServiceDefinition<Shape, Extra>,
  options: StartOptions = {},
): Promise<RunningService> {
  return (await launchService(definition, options)).ready;
}

/**
 * Reads the settings (a bad one throws, before anything opens), opens the database, migrating it, builds the
 * service and listens; answers once listening, with the service's readiness to come (`ready`).
 *
 * A database away (down, restarting, refusing connections) does not end the start: the port opens at the
 * first failed attempt, answering `/livez` 200, `/readyz` 503 and every other path the contract's 503
 * (`createStartingApp`), and the database is tried again with exponential back-off and jitter (1 s doubling
 * to 30 s, ±20 %, a log line each) for as long as it takes; then the start goes on, in the same process.
 * So a start during an outage waits, not ready, instead of exiting into a crash loop. A start that finds
 * its database listens only once ready, as before: until then a caller's connection is refused, which
 * the gateway and the services' calls retry as a request never seen (a 503 they would not).
 *
 * The broker connects meanwhile and relay and consumer start once it has. RabbitMQ away at start (a rollout
 * during a broker outage) delays the events only: requests are served, events wait in the outbox, the
 * consumer subscribes when the broker is back.
 */
export async function launchService<Shape extends z.ZodRawShape, Extra extends object>(
  definition: ServiceDefinition<Shape, Extra>,
  options: StartOptions = {},
): Promise<StartingService> {
  const env = options.env ?? process.env;
  const shape = { ...commonConfig, ...definition.config, ...definition.extension?.settings, PORT: portSetting(definition.defaultPort) };
  const config = loadConfig(shape, env);
  const common = config as CommonConfig & { PORT: number };
  assertProductionSafe(common, { DATABASE_URL: common.DATABASE_URL, AMQP_URL: common.AMQP_URL }, shape);
  // As the service's own broker user, whose user-id its events carry (docs/security.md §10.2).
  const amqpUrl = common.AMQP_URL === undefined ? undefined : serviceAmqpUrl(common.AMQP_URL, definition.name, common.NODE_ENV);
  const amqpTls = amqpTlsOptions(common);
  const prefetch = consumerPrefetch(common);
  const logger = options.logger ?? createLogger(definition.name, common.LOG_LEVEL);
  const metrics = createMetricsRegistry(definition.name);
  const health: HealthState = { draining: false, starting: true };

  // What the start has opened so far: the stop closes those, whether the start got through or not.
  let embeddedDatabase: EmbeddedPostgres | undefined;
  let dataSource: DataSource | undefined;
  let broker: Broker | undefined;
  let tracing: Tracing | undefined;
  let relay: OutboxRelay | undefined;
  let consumer: EventConsumer | undefined;
  const ownClosers: Closer[] = [];
  function shutdownSteps(): Closer[] {
    return [
      { name: 'http', close: async () => { health.draining = true; if (server) await drainServer(server, common, logger); } },
      { name: 'consumer', close: async () => consumer?.stop() },
      ...ownClosers,
      { name: 'relay', close: async () => relay?.stop() },
      // After everything that makes spans: the last of them are exported.
      { name: 'tracing', close: async () => tracing?.stop() },
      { name: 'broker', close: async () => broker?.close() },
      { name: 'database', close: async () => dataSource?.destroy() },
      { name: 'embedded database', close: async () => embeddedDatabase?.stop() },
    ];
  }

  // Until ready, what the port answers: the probes, and 503 to the rest (a start waiting for its database).
  let serve: RequestListener = createStartingApp({ logger, health, metrics, dependencies: { database: () => dataSource !== undefined } });
  let server: RunningServer | undefined;
  let announceListening: (running: RunningServer) => void = () => undefined;
  const listened = new Promise<RunningServer>((resolve) => (announceListening = resolve));
  let listening: Promise<RunningServer> | undefined;
  const ensureListening = () =>
    (listening ??= listen((req, res) => serve(req, res), options.port ?? common.PORT, options.host).then((running) => {
      server = running;
      announceListening(running);
      return running;
    }));

  const stopped = new AbortController();
  const buildService = async (): Promise<RunningService> => {
    embeddedDatabase = await embeddedDatabaseFor(definition.schema, common, logger);
    const databaseUrl = common.DATABASE_URL ?? embeddedDatabase!.url;
    const opened = await retryWithBackoff(
      () =>
        openServiceDatabase({
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
        }),
      {
        isTransient: isDatabaseUnavailable,
        baseMs: DATABASE_START_RETRY_BASE_MS,
        signal: stopped.signal,
        onRetry: async (error, attempt, retryInMs) => {
          logger.warn({ attempt, retryInMs, reason: errorChain(error).map(({ code, message }) => code ?? message).filter(Boolean).join(': ') }, 'database unreachable: not ready, trying again');
          if (listening) return;
          const running = await ensureListening();
          logger.info({ port: running.port }, 'answering probes, not ready yet');
        },
      },
    );
    dataSource = opened;
    if (stopped.signal.aborted) throw new Error('stopped before ready');
    markKeyedWritesIn(opened);
    retryConflictsIn(opened);
    const onStop = (close: () => Promise<void>) => ownClosers.push({ name: `${definition.name} resource`, close });
    const clock = options.clock ?? (() => new Date());
    const signer = new InternalTokenSigner(definition.name, common.INTERNAL_SIGNING_KEY);
    const extra = definition.extension?.build({ config: common, signer, dataSource: opened, logger, clock, metrics }) ?? {};
    const deps = { config: { ...config, DATABASE_URL: databaseUrl }, dataSource: opened, logger, clock, onStop, ...extra } as ServiceDeps<z.infer<z.ZodObject<Shape>>, Extra>;

    const bus = new Broker({
      url: amqpUrl,
      tls: amqpTls,
      user: brokerUserOf(definition.name),
      publishes: (definition.publishes ?? []).map((event) => event.type),
      inProcessJournal: common.AMQP_URL === undefined ? embeddedBusJournal(common.EMBEDDED_DATA_DIR, common.AMQP_NAMESPACE) : undefined,
      namespace: common.AMQP_NAMESPACE,
      logger,
      connectionName: `${common.AMQP_NAMESPACE}:${definition.name}@${hostname()}:${process.pid}`,
      changeStream: { maxAgeMs: common.CHANGE_STREAM_MAX_AGE, maxBytes: common.CHANGE_STREAM_MAX_BYTES },
    });
    broker = bus;
    bus.connect().catch(() => undefined); // retries until connected or closed; failures are logged
    tracing = Tracing.start(definition.name, common, logger);
    relay = publishesEvents(definition)
      ? new OutboxRelay({
          dataSource: opened,
          broker: bus,
          logger,
          databaseUrl,
          pollIntervalMs: embeddedDatabase ? EMBEDDED_POLL_MS : undefined,
          onBatchFailed: outboxMetrics(metrics, () => readOutboxBacklog(opened)),
          tracing,
        })
      : undefined;
    const eventConsumer: EventConsumer | undefined = definition.consumes
      ? new EventConsumer({
          dataSource: opened,
          broker: bus,
          logger,
          service: definition.name,
          bindings: definition.consumes.bindings,
          handler: definition.consumes.handler,
          publisherOf: (type) => expectedPublisher(definition.consumes!.producers, type),
          deps,
          afterCommit: killAfterHandling(common.FAULT_KILL_AFTER_HANDLING, logger),
          onSettled: consumerMetrics(metrics, async () => eventConsumer?.queuedMessages(), async () => eventConsumer?.deadLetteredMessages()),
          prefetch,
          deliveryLimit: common.EVENT_DELIVERY_LIMIT,
          tracing,
        })
      : undefined;
    consumer = eventConsumer;
    poolMetrics(metrics, opened, common.DATABASE_POOL_SIZE);
    const dependencies = watchDependencies({
      registry: metrics,
      logger,
      checks: { database: databaseProbe(opened), broker: () => bus.isConnected() },
    });
    ownClosers.push({ name: 'dependency checks', close: async () => dependencies.stop() });

    const app = createServiceApp({
      logger,
      health,
      metrics,
      dependencies: dependencies.states,
      internalToken: { audience: definition.name, publicKeys: common.INTERNAL_TOKEN_PUBLIC_KEYS, callers: definition.calledBy, signingKey: common.INTERNAL_SIGNING_KEY },
      scopes: definition.scopes,
      routes: await definition.routes(deps),
      idempotency: {
        dataSource: opened,
        ttlMs: common.IDEMPOTENCY_TTL,
        secretAnswerRoutes: definition.api.filter((operation) => operation.answerCarriesSecret).map(({ method, path }) => ({ method: method.toUpperCase(), path })),
      },
      uploads: { perProcess: common.UPLOAD_BYTES_IN_FLIGHT, perCredential: common.UPLOAD_BYTES_PER_CREDENTIAL },
      importsAtOnce: common.IMPORTS_AT_ONCE,
      tracing,
      publicBaseUrl: common.PUBLIC_BASE_URL,
    });
    const rules = retentionRules(definition, { ...common, DATABASE_URL: databaseUrl }, opened);
    const pruning = setInterval(() => void pruneOnce(rules, logger), PRUNE_EVERY_MS);
    pruning.unref();
    ownClosers.push({ name: 'retention', close: async () => clearInterval(pruning) });
    relay?.start();
    const subscribed = eventConsumer?.start();
    // Its queue declared before the next service of the process starts publishing (the one-process system
    // starts them in turn); a broker away does not hold the start longer than this.
    if (subscribed && !(await orAfter(subscribed.then(() => true), BROKER_START_WAIT_MS, false))) {
      logger.warn({ waitedMs: BROKER_START_WAIT_MS }, 'broker unreachable: serving without it; events wait in the outbox, consuming starts when it is back');
    }
    if (stopped.signal.aborted) throw new Error('stopped before ready');
    serve = app;
    health.starting = false;
    const running = await ensureListening();
    // The line supervisors and tests wait for: from here on the service's own routes answer.
    logger.info({ port: running.port }, 'listening');
    return { name: definition.name, url: running.url, port: running.port, dataSource: opened, logger, broker: bus, relay, consumer: eventConsumer, stop };
  };

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      stopped.abort();
      // A start under way ends at its next step (a back-off wait at once), having closed what it opened.
      if (await ready.then(() => true, () => false)) await closeInOrder(shutdownSteps(), logger);
    })());
  const ready = buildService().catch(async (error: unknown) => {
    await closeInOrder(shutdownSteps(), logger);
    throw error;
  });
  // The caller may not wait for `ready` (a process stopped during its start): its failure is theirs to see, not unhandled.
  ready.catch(() => undefined);
  const { url, port } = await Promise.race([listened, ready]);
  return { name: definition.name, url, port, ready, stop };
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

/** The embedded default (architecture §5) when DATABASE_URL is unset (the bus journal is the broker's, when AMQP_URL is). */
async function embeddedDatabaseFor(schema: string, config: CommonConfig, logger: Logger): Promise<EmbeddedPostgres | undefined> {
  return config.DATABASE_URL === undefined ? startEmbeddedPostgres({ dataDir: config.EMBEDDED_DATA_DIR, schema, logger }) : undefined;
}

/** The first wait before connecting again to a database away at start; it doubles up to 30 s. */
const DATABASE_START_RETRY_BASE_MS = 1_000;

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
 * A service's own process: start, stop gracefully on SIGTERM, exit 1 with the reason on a bad start (a
 * setting, a port taken, a failure that is not the database being away: that one it waits out, not ready).
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
  const launched = launchService(definition, { logger, host: process.env.HOST ?? '0.0.0.0' });
  let signalled = false;
  // Before the launch answers: a SIGTERM at any moment of a start (one waiting for its database included) stops
  // it cleanly. A download in flight at the signal (an export) is let finish: the bound is then
  // DOWNLOAD_DRAIN_TIMEOUT_MS's.
  exitOnSignal(
    async () => {
      signalled = true;
      await (await launched).stop();
    },
    logger,
    () => stopBoundMs(process.env, downloadsInFlight() > 0),
  );
  launched.then((starting) => {
    starting.ready.catch((error: unknown) => {
      if (!signalled) fail(error);
    });
  }, fail);
}
