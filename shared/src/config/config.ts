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
 * A number of bytes uploads may hold at once. The largest upload (an attachment of 10 MiB, DESIGN §5, and
 * the byte past it that tells it is too large) must fit, or it would be refused forever.
 */
const uploadBytes = (fallback: number) =>
  z.coerce
    .number()
    .int()
    .min(10 * MIB + 1)
    .default(fallback);

export const DEV_INTERNAL_TOKEN_SECRET = 'dev-only-internal-token-secret-change-me';

/** Settings every service and the gateway read. */
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
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10).describe('Connections per service.'),
  INBOX_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(14)
    .describe('Days a handled message id stays in the inbox; a message redelivered later than that is handled again.'),
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
    .describe('Prefix of exchange and queue names: <ns>.events, <ns>.dlx, <ns>.<service>.'),
  INTERNAL_TOKEN_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .default(DEV_INTERNAL_TOKEN_SECRET)
    .describe('Shared secret the gateway signs internal tokens with and services verify them with.'),
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
};

export type CommonConfig = z.infer<z.ZodObject<typeof commonConfig>>;

/** Production must not run on the development secret. */
export function assertProductionSafe(config: CommonConfig): void {
  if (config.NODE_ENV === 'production' && config.INTERNAL_TOKEN_SECRET === DEV_INTERNAL_TOKEN_SECRET) {
    throw new ConfigError(['INTERNAL_TOKEN_SECRET: must be set in production']);
  }
  if (config.NODE_ENV === 'production' && config.FAULT_KILL_AFTER_HANDLING !== undefined) {
    throw new ConfigError(['FAULT_KILL_AFTER_HANDLING: a testing setting, not allowed in production']);
  }
}

/** What auth signs into access tokens and the gateway insists on when it verifies them. */
export const jwtConfig = {
  JWT_ISSUER: z.string().min(1).default('crm-auth').describe('`iss` of user access tokens.'),
  JWT_AUDIENCE: z.string().min(1).default('crm-api').describe('`aud` of user access tokens.'),
};
