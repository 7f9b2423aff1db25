import { z } from 'zod';
import { isPublishedKey, parsePublicKeys, parseSigningKeys } from '../auth-context/internal-keys';
import { amqpTlsConfig, databaseUrlTlsProblems } from './tls';

// In a file of its own, so that ./tls throws it without importing this file back.
import { ConfigError } from './config-error';
export { ConfigError };

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

/** PUBLIC_BASE_URL when unset (development): the gateway's default local address. */
export const DEVELOPMENT_PUBLIC_BASE_URL = 'http://127.0.0.1:8080';

/**
 * The password of the services' broker users (`crm-<service>`) on a development or test server, as
 * scripts/ensure-servers.sh creates them (docs/security.md §10.2). Production refuses an AMQP_URL carrying it.
 */
export const DEV_BROKER_PASSWORD = 'dev-only-broker-password-not-for-production';

/** What every secret this repository publishes for development says of itself (the dev overlay's, compose examples). */
const PUBLISHED_SECRET_MARK = /not-for-production/i;

/**
 * A secret anyone can read: the code's built-in development default, or one of the values this repository
 * publishes for development (marked `not-for-production`). Production refuses both.
 */
const isPublishedSecret = (secret: string, builtInDefault?: string): boolean => secret === builtInDefault || PUBLISHED_SECRET_MARK.test(secret);

/** Bits a production secret must carry at least, by the estimate of `weakSecretReason`. */
const MIN_SECRET_BITS = 128;
/** Distinct characters a production secret must have at least (a random 32-character hex string has 14 on average). */
const MIN_SECRET_DISTINCT_CHARACTERS = 8;

/**
 * Why `secret` is too weak for production, or undefined. A rule simple enough to state (docs/configuration.md §1):
 * fewer than 8 distinct characters (`aaaa…`, `abab…`), or fewer than 128 bits estimated as its length times the bits
 * of a character of its alphabet: hex (one case) 4, digits only 3.3, otherwise log2 of the classes it uses together
 * (lower case 26, upper case 26, digits 10, anything else 33). `openssl rand -hex 32` (256 bits) and
 * `openssl rand -base64 32` pass; a person's phrase of 32 lower-case letters passes the length but seldom deserves it.
 */
export function weakSecretReason(secret: string): string | undefined {
  const distinct = new Set(secret).size;
  if (distinct < MIN_SECRET_DISTINCT_CHARACTERS) {
    return `has ${distinct} distinct character${distinct === 1 ? '' : 's'} (at least ${MIN_SECRET_DISTINCT_CHARACTERS}): not a random secret`;
  }
  const bits = Math.floor(secret.length * Math.log2(alphabetSize(secret)));
  if (bits < MIN_SECRET_BITS) return `carries about ${bits} bits (at least ${MIN_SECRET_BITS}: e.g. openssl rand -hex 32)`;
  return undefined;
}

function alphabetSize(secret: string): number {
  if (/^[0-9]+$/.test(secret)) return 10;
  if (/^[0-9a-f]+$/.test(secret) || /^[0-9A-F]+$/.test(secret)) return 16;
  const classes: Array<[RegExp, number]> = [
    [/[a-z]/, 26],
    [/[A-Z]/, 26],
    [/[0-9]/, 10],
    [/[^a-zA-Z0-9]/, 33],
  ];
  return classes.reduce((size, [pattern, count]) => (pattern.test(secret) ? size + count : size), 0);
}

/** A setting holding a secret: its name ends in `_SECRET`. */
const SECRET_SETTING = /_SECRET$/;

/**
 * The problems of every secret setting in `config` (each name ending in `_SECRET`, so a new one is checked
 * without being listed here): a value the code publishes (its built-in default, or one marked
 * `not-for-production`), or a weak one (`weakSecretReason`).
 */
export function productionSecretProblems(config: Record<string, unknown>, builtInDefaults: Record<string, string | undefined> = {}): string[] {
  const problems: string[] = [];
  for (const [name, value] of Object.entries(config)) {
    if (!SECRET_SETTING.test(name) || typeof value !== 'string') continue;
    if (isPublishedSecret(value, builtInDefaults[name])) {
      problems.push(`${name}: must be set in production, to a secret of its own (not a development value published with the code)`);
      continue;
    }
    const reason = weakSecretReason(value);
    if (reason) problems.push(`${name}: ${reason}`);
  }
  return problems;
}

/** The default of each secret setting of `shape`: what runs when it is left unset, published with the code. */
function builtInSecrets(shape: z.ZodRawShape): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(shape)
      .filter(([name]) => SECRET_SETTING.test(name))
      .map(([name, schema]) => {
        const unset = (schema as z.ZodType).safeParse(undefined);
        return [name, unset.success && typeof unset.data === 'string' ? unset.data : undefined];
      }),
  );
}

/** A refinement reporting what `parse` throws on a set value. */
const refineWith =
  (parse: (value: string) => unknown) =>
  (value: string | undefined, context: z.RefinementCtx): void => {
    if (value === undefined) return;
    try {
      parse(value);
    } catch (error) {
      context.addIssue({ code: 'custom', message: (error as Error).message });
    }
  };

/**
 * The internal-token keys production refuses: unset (the development keys would stand in), or a key anyone can
 * derive or read (docs/security.md §5).
 */
function internalKeyProblems(config: Record<string, unknown>): string[] {
  if (!('INTERNAL_SIGNING_KEY' in config)) return [];
  const problems: string[] = [];
  const publicKeys = typeof config.INTERNAL_TOKEN_PUBLIC_KEYS === 'string' ? parsePublicKeys(config.INTERNAL_TOKEN_PUBLIC_KEYS) : undefined;
  // The development keys are derived from the issuers' names: those the keys name, and the gateway's.
  const issuers = ['gateway', ...(publicKeys?.keys() ?? [])];
  // A process that checks no internal token (the gateway) has no public keys to set.
  const checksTokens = 'INTERNAL_TOKEN_PUBLIC_KEYS' in config;
  if (checksTokens && !publicKeys) problems.push('INTERNAL_TOKEN_PUBLIC_KEYS: must be set in production (unset, the development keys anyone can derive would be accepted)');
  else if (publicKeys && [...publicKeys].some(([, keys]) => [...keys].some(([kid, key]) => isPublishedKey(kid, key, issuers)))) {
    problems.push('INTERNAL_TOKEN_PUBLIC_KEYS: holds a development key (published with the code): list only keys of your own');
  }
  if (typeof config.INTERNAL_SIGNING_KEY !== 'string') problems.push('INTERNAL_SIGNING_KEY: must be set in production, to a private key of its own (unset, a development key anyone can derive would sign)');
  else if (parseSigningKeys(config.INTERNAL_SIGNING_KEY).some((key) => isPublishedKey(key.kid, key.publicKey, issuers))) {
    problems.push('INTERNAL_SIGNING_KEY: a development key (published with the code): generate one of your own (scripts/internal-token-key.mjs)');
  }
  return problems;
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
  DATABASE_URL: optionalUrl()
    .superRefine((value, context) => {
      for (const message of value === undefined ? [] : databaseUrlTlsProblems(value)) context.addIssue({ code: 'custom', message });
    })
    .describe(
      'PostgreSQL server and database; each service keeps its own schema in it. Created when missing. TLS: ' +
        '?sslmode=verify-full&sslrootcert=<CA file> (docs/operations.md §16). Unset: an embedded PostgreSQL (PGlite) per service, kept in EMBEDDED_DATA_DIR.',
    ),
  DATABASE_POOL_SIZE: z.coerce
    .number()
    .int()
    .min(2)
    .max(200)
    .default(10)
    .describe(
      "Connections in each service replica's pool. Each replica opens at most this many, plus its LISTEN connections (its outbox relay's if it publishes, and those its service keeps): see the connection budget in docs/operations.md §6 (the Kubernetes manifests set it per service).",
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
    // RabbitMQ 4 drops a quorum queue's message returned more than 20 times (its default delivery-limit): the
    // consumer must see the 21st delivery at the latest to dead-letter it instead.
    .max(19)
    .default(5)
    .describe(
      "How many times an event whose handling fails is returned before the consumer dead-letters it (handled at most this + 1 times; at most 19, below RabbitMQ 4's default delivery-limit of 20, past which the broker drops it). A setting, not a queue argument: changing it needs no redeclaration (the broker's x-delivery-count counts the returns).",
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
    'RabbitMQ server; amqps:// for TLS (AMQP_CA_FILE). Unset: the in-process bus (the services of one process only), journaled in EMBEDDED_DATA_DIR.',
  ),
  ...amqpTlsConfig,
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
  INTERNAL_SIGNING_KEY: z
    .string()
    .optional()
    .superRefine(refineWith(parseSigningKeys))
    .describe(
      "The process's own Ed25519 private key, as `<kid>:<base64 PKCS#8 DER>` (scripts/internal-token-key.mjs makes one): it signs " +
        "the internal tokens it sends (the gateway's, a service's calls to another) and seals what only it reads back (list cursors, " +
        'the API-token cache). Previous keys may follow, comma-separated: they no longer sign, they open what they sealed. Unset: a ' +
        'development key derived from the process name (refused when NODE_ENV=production). Rotation: docs/security.md §5.',
    ),
  INTERNAL_TOKEN_PUBLIC_KEYS: z
    .string()
    .optional()
    .superRefine(refineWith(parsePublicKeys))
    .describe(
      'The public keys internal tokens are checked with, JSON `{"<issuer>": {"<kid>": "<base64 SPKI DER>"}}`: the gateway\'s and ' +
        "each calling service's, several per issuer while a key is replaced. A service accepts the gateway's tokens and, on its " +
        'internal routes, those of the services allowed to call it (architecture §1). Unset: the development keys (refused when NODE_ENV=production).',
    ),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000).describe('Longest graceful drain.'),
  DOWNLOAD_DRAIN_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(300_000)
    .describe(
      'Longest a stopping process lets a download in flight (an export, a file) finish, where other requests get SHUTDOWN_TIMEOUT_MS: ' +
        'a rollout does not cut an export mid-way (docs/operations.md §9). The pod\'s terminationGracePeriodSeconds must exceed preStop + this + 10 s.',
    ),
  PUBLIC_BASE_URL: optionalUrl().describe(
    `Where clients and people reach the API, e.g. https://crm.example.com: every absolute link an answer or an e-mail carries (a list's next and previous, the change feed's next, reset and verification links) starts with it, never with the request's Host. Unset: ${DEVELOPMENT_PUBLIC_BASE_URL}, the gateway's local address (development only; production refuses to start).`,
  ),
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
  IMPORTS_AT_ONCE: z.coerce
    .number()
    .int()
    .min(1)
    .default(2)
    .describe(
      'Internal bodies over 1 MiB (the rows of a file import-export sends) one record service process handles at ' +
        'once: each takes a turn before its body is read, until its answer ends; one more answers 429 with Retry-After, ' +
        'its body unread. Bounds the memory of an import burst, which costs the owner several times the file (docs/operations.md §6).',
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
 * Production runs on its servers and its own secrets: the embedded default (a server URL left unset), the
 * development secrets, a weak secret (`productionSecretProblems`), the broker's `guest` user, a Redis without a
 * password and links without PUBLIC_BASE_URL are for development only, so each stops the process with a
 * message naming the setting and why. `shape`: the settings' schema, whose defaults tell the built-in secrets.
 */
export function assertProductionSafe(
  config: { NODE_ENV: CommonConfig['NODE_ENV']; FAULT_KILL_AFTER_HANDLING?: string; PUBLIC_BASE_URL?: string } & Record<string, unknown>,
  servers: Record<string, string | undefined>,
  shape: z.ZodRawShape = commonConfig,
): void {
  if (config.NODE_ENV !== 'production') return;
  const problems: string[] = [];
  for (const [name, value] of Object.entries(servers)) {
    if (value === undefined) problems.push(`${name}: must be set in production (unset, the embedded default would stand in: development only)`);
    else problems.push(...serverUrlProblems(name, value));
  }
  problems.push(...productionSecretProblems(config, builtInSecrets(shape)));
  problems.push(...internalKeyProblems(config));
  if ('PUBLIC_BASE_URL' in config && config.PUBLIC_BASE_URL === undefined) {
    problems.push(`PUBLIC_BASE_URL: must be set in production (the links of answers and e-mails start with it, never with the request's Host)`);
  }
  if (config.FAULT_KILL_AFTER_HANDLING !== undefined) {
    problems.push('FAULT_KILL_AFTER_HANDLING: a testing setting, not allowed in production');
  }
  if (problems.length > 0) throw new ConfigError(problems);
}

/** A server URL production refuses although set: the broker's guest user, a Redis anyone on its network may use. */
function serverUrlProblems(name: string, value: string): string[] {
  const url = new URL(value);
  if (/^amqps?:$/.test(url.protocol) && (url.username === '' || decodeURIComponent(url.username) === 'guest')) {
    return [`${name}: the broker's guest user (which a URL without a user means too) is refused in production: give the service a user of its own`];
  }
  if (/^amqps?:$/.test(url.protocol) && isPublishedSecret(decodeURIComponent(url.password), DEV_BROKER_PASSWORD)) {
    return [`${name}: carries the development password of the broker users (published with the code): give the service's user a password of its own`];
  }
  if (/^rediss?:$/.test(url.protocol) && url.password === '') {
    return [`${name}: must carry a password in production (redis://:<password>@host:6379): a Redis without one serves anything on its network`];
  }
  return [];
}

/** What auth signs into access tokens and the gateway insists on when it verifies them. */
export const jwtConfig = {
  JWT_ISSUER: z.string().min(1).default('crm-auth').describe('`iss` of user access tokens.'),
  JWT_AUDIENCE: z.string().min(1).default('crm-api').describe('`aud` of user access tokens.'),
};
