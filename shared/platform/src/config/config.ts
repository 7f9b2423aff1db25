import { z } from 'zod';

/** A bad or missing setting; the message names every offending variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads the environment through a zod schema whose keys are the variable names. Every key carries its
 * default and a `.describe()` doc string, so the schema is the configuration reference.
 */
export function loadConfig<Shape extends z.ZodRawShape>(
  shape: Shape,
  env: Record<string, string | undefined> = process.env,
): z.infer<z.ZodObject<Shape>> {
  const values: Record<string, string | undefined> = {};
  for (const key of Object.keys(shape)) {
    const raw = env[key];
    values[key] = raw === '' ? undefined : raw;
  }
  const parsed = z.object(shape).safeParse(values);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  return parsed.data;
}

/** Port numbers; 0 asks the OS for a free one (tests). */
export const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

export const url = (fallback: string) =>
  z.string().default(fallback).refine((value) => URL.canParse(value), 'must be a URL');

/** A URL that may be left unset (the embedded default stands in for the server it names). */
export const optionalUrl = () =>
  z
    .string()
    .refine((value) => URL.canParse(value), 'must be a URL')
    .optional();

export const boolFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1');

const MIB = 1024 * 1024;

/**
 * A number of bytes uploads may hold at once. The largest upload (an attachment of 10 MiB, api-contract §3, and
 * the byte past it that tells it is too large) must fit, or it would be refused forever.
 */
const uploadBytes = (fallback: number) =>
  z.coerce
    .number()
    .int()
    .min(10 * MIB + 1)
    .default(fallback);

export const DEV_INTERNAL_TOKEN_SECRET = 'dev-only-internal-token-secret-change-me';

/** What every secret this repository publishes for development says of itself (the dev overlay's, compose examples). */
const PUBLISHED_SECRET_MARK = /not-for-production/i;

/**
 * A secret anyone can read: the code's built-in development default, or one of the values this repository
 * publishes for development (marked `not-for-production`). Production refuses both.
 */
export const isPublishedSecret = (secret: string, builtInDefault: string): boolean => secret === builtInDefault || PUBLISHED_SECRET_MARK.test(secret);

/** The secrets of an INTERNAL_TOKEN_SECRET setting, the current (signing) one first. */
export function internalTokenSecrets(setting: string): string[] {
  return setting.split(',').map((secret) => secret.trim());
}

/** A span such as `90s`, `30m`, `24h` or `7d` (a bare number: seconds), as milliseconds. */
export const duration = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, context) => {
      const match = /^(\d+)\s*(s|m|h|d)?$/.exec(value.trim());
      if (!match || Number(match[1]) === 0) {
        context.addIssue({ code: 'custom', message: 'must be a positive number of s, m, h or d, e.g. 24h' });
        return z.NEVER;
      }
      const unitMs = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[(match[2] ?? 's') as 's' | 'm' | 'h' | 'd'];
      return Number(match[1]) * unitMs;
    });

const otlpProtocol = z.enum(['http/protobuf', 'http/json']);

/**
 * OpenTelemetry's standard settings, those this code reads itself (architecture §5, Traces): tracing is off, no SDK
 * started, unless an endpoint is set. The exporter reads its other standard ones (OTEL_EXPORTER_OTLP_HEADERS,
 * _TIMEOUT, _COMPRESSION, …) from the process environment itself.
 */
export const tracingConfig = {
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl().describe(
    'OTLP/HTTP endpoint the spans are sent to, at <endpoint>/v1/traces (a collector, e.g. http://otel-collector:4318). Unset, with OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: no tracing.',
  ),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optionalUrl().describe('The whole URL the spans are sent to; wins over OTEL_EXPORTER_OTLP_ENDPOINT.'),
  OTEL_EXPORTER_OTLP_PROTOCOL: otlpProtocol.default('http/protobuf').describe('http/protobuf or http/json (grpc is not supported).'),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: otlpProtocol.optional().describe('The same for the spans; wins over OTEL_EXPORTER_OTLP_PROTOCOL.'),
  OTEL_SERVICE_NAME: z
    .string()
    .min(1)
    .optional()
    .describe(
      "service.name of a process's spans; unset: the name of what it runs (the gateway, or a service's name). Ignored by the one-process system, whose components each name their own.",
    ),
  OTEL_TRACES_SAMPLER: z
    .enum(['parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio', 'always_on', 'always_off', 'traceidratio'])
    .default('parentbased_always_on')
    .describe("Which traces are recorded; parentbased_…: a request or event follows its caller's decision (its traceparent), the others decide alone."),
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).default(1).describe('The share of traces the traceidratio samplers record.'),
  OTEL_BSP_SCHEDULE_DELAY: z.coerce.number().int().min(0).default(5000).describe('Milliseconds between two exports of the spans buffered.'),
  OTEL_TRACES_EXPORTER: z
    .enum(['otlp', 'none'])
    .default('otlp')
    .describe(
      'otlp: spans go to the endpoint. none: spans are recorded (trace ids in logs, traceparent carried on) and exported nowhere, no endpoint needed: tracing with a no-op exporter.',
    ),
  OTEL_SDK_DISABLED: boolFlag(false).describe('true: no tracing, even with an endpoint set.'),
};

export type TracingConfig = z.infer<z.ZodObject<typeof tracingConfig>>;

/** Settings every service and the gateway read. */
export const commonConfig = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development').describe('Runtime mode.'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('Lowest level written to the JSON log.'),
  DATABASE_URL: optionalUrl().describe(
    'PostgreSQL server and database; each service keeps its own schema in it. Created when missing. Unset: an ' +
      'embedded PostgreSQL (PGlite) per service, kept in EMBEDDED_DATA_DIR.',
  ),
  DATABASE_POOL_SIZE: z.coerce
    .number()
    .int()
    .min(2)
    .max(200)
    .default(10)
    .describe(
      "Connections in each service replica's pool. Each replica opens at most this many, plus one LISTEN connection for its outbox relay: see the connection budget in docs/operations.md §6.",
    ),
  DATABASE_STATEMENT_TIMEOUT: duration('60s').describe(
    "PostgreSQL's statement_timeout for the service's queries: a statement running longer is cancelled (the request answers 503). Migrations have none.",
  ),
  DATABASE_LOCK_TIMEOUT: duration('10s').describe(
    "PostgreSQL's lock_timeout for the service's queries: a statement waiting longer for a lock fails (retried once as a conflict, then 503).",
  ),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT: duration('60s').describe(
    "PostgreSQL's idle_in_transaction_session_timeout: a transaction left open and idle this long is ended by the server, its locks freed.",
  ),
  DATABASE_APPLICATION_NAME: z
    .string()
    .regex(/^[\x20-\x7e]{1,63}$/, 'must be 1 to 63 printable ASCII characters')
    .optional()
    .describe("application_name of the service's connections, shown in pg_stat_activity. Unset: crm-<service>."),
  DATABASE_MIGRATE_ON_START: boolFlag(true).describe(
    'Whether a service applies its pending migrations when it starts. false where it runs as a role without DDL rights: the migrate step (`main.js migrate`, the Kubernetes Job) applies them, and a service finding some pending refuses to start.',
  ),
  DATABASE_SERVICE_ROLE: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/, 'must be a PostgreSQL role name (lower case, digits, _)')
    .optional()
    .describe(
      "The migrate step only: the role the service runs as, granted use of its schema's tables (and of those later migrations make) after migrating, and nothing more.",
    ),
  MIGRATION_LOCK_TIMEOUT: duration('5s').describe(
    'lock_timeout of each migration: one that waits longer for a lock (a long transaction on its table) gives way and is tried again, up to 5 times, instead of queueing every query behind it.',
  ),
  CONSUMER_PREFETCH: z.coerce
    .number()
    .int()
    .min(1)
    .optional()
    .describe(
      'Events a replica handles at once (each holds a pool connection). Below DATABASE_POOL_SIZE, so a burst of events leaves connections to requests. Unset: half the pool.',
    ),
  EVENT_DELIVERY_LIMIT: z.coerce
    .number()
    .int()
    .min(0)
    .default(5)
    .describe(
      "How many times an event whose handling fails is returned before the consumer dead-letters it (handled at most this + 1 times). A setting, not a queue argument: changing it needs no redeclaration (the broker's x-delivery-count counts the returns).",
    ),
  INBOX_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(14)
    .describe('Days a handled message id stays in the inbox; a message redelivered later than that is handled again.'),
  OUTBOX_RETENTION: duration('24h').describe(
    'How long a published event stays in its outbox (for inspection, and to be published again after a restore: the replay window of docs/backup-restore.md cannot be longer) before it is deleted.',
  ),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(10_000)
    .describe('Longest wait for a database connection (new, or from a busy pool) before the request answers 503.'),
  AMQP_URL: optionalUrl().describe(
    'RabbitMQ server. Unset: the in-process bus (the services of one process only), journaled in EMBEDDED_DATA_DIR.',
  ),
  EMBEDDED_DATA_DIR: z
    .string()
    .min(1)
    .default('.crm-data')
    .describe('Folder of the embedded default (PGlite databases, the in-process bus journal), kept across restarts.'),
  AMQP_NAMESPACE: z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/)
    .default('crm')
    .describe('Prefix of exchange and queue names: <ns>.events, <ns>.dlx, <ns>.changes, <ns>.<service>.'),
  CHANGE_STREAM_MAX_AGE: duration('7d').describe(
    'How long the change stream <ns>.changes keeps every event (a number and s, m, h or d), for consumers reading history (architecture §4). Applied when the stream is first declared; change a running one by a RabbitMQ policy.',
  ),
  CHANGE_STREAM_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024 * 1024)
    .default(2 * 1024 ** 3)
    .describe(
      'Size cap of the change stream in bytes: past it the oldest changes go even before CHANGE_STREAM_MAX_AGE (RabbitMQ drops whole segments, 500 MB each by default). The embedded bus keeps the stream in memory and its journal: lower it there.',
    ),
  INTERNAL_TOKEN_SECRET: z
    .string()
    .default(DEV_INTERNAL_TOKEN_SECRET)
    .refine((value) => internalTokenSecrets(value).every((secret) => secret.length >= 32), 'each secret must be at least 32 characters')
    .describe(
      'Shared secret the gateway signs internal tokens with and services verify them with. To rotate without a 401: a ' +
        'comma-separated list, the current one first (signs), the others still accepted; roll the services with the new one ' +
        'second, then everything with it first, then drop the old one.',
    ),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000).describe('Longest graceful drain.'),
  IDEMPOTENCY_TTL: duration('24h').describe(
    'How long an Idempotency-Key and its answer are kept (a number and s, m, h or d; a bare number is seconds). A repeat within it gets the first answer.',
  ),
  UPLOAD_BYTES_IN_FLIGHT: uploadBytes(100 * MIB).describe(
    'Bytes the uploads (attachments, imports) one service process receives and handles at once may hold together: each ' +
      'reserves its Content-Length (its largest file when chunked) before it is read, until its answer ends; one more answers ' +
      '429 with Retry-After. At least 10485761 (the largest file, 10 MiB, and a byte).',
  ),
  UPLOAD_BYTES_PER_CREDENTIAL: uploadBytes(25 * MIB).describe(
    'The same for the uploads of one credential (a user, all their access tokens together, or one API token) in one ' +
      'service process, so that one caller cannot take the whole UPLOAD_BYTES_IN_FLIGHT.',
  ),
  FAULT_KILL_AFTER_HANDLING: z
    .string()
    .optional()
    .describe(
      'Testing only (refused in production): the process SIGKILLs itself after committing the handling of an event of this type, before its ack, to prove redelivery creates nothing twice.',
    ),
  ...tracingConfig,
};

export type CommonConfig = z.infer<z.ZodObject<typeof commonConfig>>;

/**
 * Production runs on its servers and its own secrets: the embedded default (a server URL left unset) and
 * the development secret are for development only, so each stops the process with a message naming it.
 */
export function assertProductionSafe(
  config: Pick<CommonConfig, 'NODE_ENV' | 'INTERNAL_TOKEN_SECRET'> & { FAULT_KILL_AFTER_HANDLING?: string },
  servers: Record<string, string | undefined>,
): void {
  if (config.NODE_ENV !== 'production') return;
  const problems: string[] = [];
  for (const [name, value] of Object.entries(servers)) {
    if (value === undefined) problems.push(`${name}: must be set in production (unset, the embedded default would stand in: development only)`);
  }
  if (internalTokenSecrets(config.INTERNAL_TOKEN_SECRET).some((secret) => isPublishedSecret(secret, DEV_INTERNAL_TOKEN_SECRET))) {
    problems.push('INTERNAL_TOKEN_SECRET: must be set in production, to a secret of its own (not a development value published with the code)');
  }
  if (config.FAULT_KILL_AFTER_HANDLING !== undefined) {
    problems.push('FAULT_KILL_AFTER_HANDLING: a testing setting, not allowed in production');
  }
  if (problems.length > 0) throw new ConfigError(problems);
}

/** What auth signs into access tokens and the gateway insists on when it verifies them. */
export const jwtConfig = {
  JWT_ISSUER: z.string().min(1).default('crm-auth').describe('`iss` of user access tokens.'),
  JWT_AUDIENCE: z.string().min(1).default('crm-api').describe('`aud` of user access tokens.'),
};
