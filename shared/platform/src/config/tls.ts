import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import { z } from 'zod';
import { ConfigError } from './config-error';

/*
 * TLS to the servers (docs/operations.md §16). A server's certificate is always verified, its name included
 * (Node's default, and sslmode=verify-full): no setting here turns either off.
 *
 * PostgreSQL: DATABASE_URL says it all in libpq's own parameters (sslmode=verify-full, sslrootcert, and sslcert with
 * sslkey for a client certificate). node-postgres reads them for every connection (the pool, the LISTEN
 * connections, migrations) and libpq's tools (the backup's pg_dump, psql, pg_restore) read the same URL.
 * RabbitMQ's and Redis's URLs can only say "TLS" (amqps://, rediss://): their CA and client certificate files
 * are the settings below.
 */

/** The sslmode values node-postgres and libpq both take, with the same meaning. */
const SSLMODES = ['disable', 'verify-full'];
/** The URL parameters naming files, read by node-postgres and libpq alike. */
const DATABASE_FILE_PARAMETERS = ['sslrootcert', 'sslcert', 'sslkey'];

/** Why the file a setting names cannot serve as PEM, or undefined. */
function pemFileProblem(path: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return `${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  }
  return /-----BEGIN [A-Z0-9 ]+-----/.test(text) ? undefined : `${path} holds no PEM block (-----BEGIN …-----)`;
}

/**
 * What DATABASE_URL's TLS parameters get wrong. Only `verify-full` (or `disable`) is taken: node-postgres treats
 * `require`, `verify-ca` and `prefer` as verify-full today and will not in its next major version, and libpq's tools
 * never do (they would not check the certificate, or not its name); `no-verify` turns the check off. A file
 * parameter without sslmode=verify-full would be verified by node-postgres but not by pg_dump.
 */
export function databaseUrlTlsProblems(url: string): string[] {
  if (!URL.canParse(url)) return []; // reported as not a URL
  const parameters = new URL(url).searchParams;
  const problems: string[] = [];
  const mode = parameters.get('sslmode');
  if (mode !== null && !SSLMODES.includes(mode)) {
    const why = mode === 'no-verify' ? 'it turns the certificate check off' : "libpq's tools (pg_dump, psql) would not check the server's certificate, or not its name";
    problems.push(`sslmode=${mode} is refused: ${why}; use sslmode=verify-full with sslrootcert (or sslmode=disable)`);
  }
  const files = DATABASE_FILE_PARAMETERS.filter((name) => parameters.has(name));
  if (files.length > 0 && mode !== 'verify-full' && (mode === null || SSLMODES.includes(mode))) {
    problems.push(`${files.join(', ')} without sslmode=verify-full: libpq's tools would not verify the server; add sslmode=verify-full`);
  }
  for (const name of files) {
    const problem = pemFileProblem(parameters.get(name)!);
    if (problem) problems.push(`${name}: ${problem}`);
  }
  return problems;
}

/** A setting naming a PEM file: checked when the settings are read, so a missing one stops the start, named. */
const pemFile = () =>
  z
    .string()
    .min(1)
    .optional()
    .superRefine((path, context) => {
      const problem = path === undefined ? undefined : pemFileProblem(path);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    });

/** TLS to RabbitMQ, with an amqps:// AMQP_URL: every service and the tools that reach the broker read them. */
export const amqpTlsConfig = {
  AMQP_CA_FILE: pemFile().describe(
    "With an amqps:// AMQP_URL: a PEM file of the CA certificates the broker's certificate must chain to, instead of the system's. " +
      "The URL's host must be a name (or address) the certificate carries. Unset: the system's CAs.",
  ),
  AMQP_CERT_FILE: pemFile().describe('With an amqps:// AMQP_URL, for a broker that asks for one: the client certificate (PEM) to present, with AMQP_KEY_FILE.'),
  AMQP_KEY_FILE: pemFile().describe('The private key (PEM, not encrypted) of AMQP_CERT_FILE.'),
};

/** TLS to Redis, with a rediss:// REDIS_URL (the gateway). */
export const redisTlsConfig = {
  REDIS_CA_FILE: pemFile().describe(
    "With a rediss:// REDIS_URL: a PEM file of the CA certificates Redis's certificate must chain to, instead of the system's. " +
      "The URL's host must be a name (or address) the certificate carries. Unset: the system's CAs.",
  ),
  REDIS_CERT_FILE: pemFile().describe(
    'With a rediss:// REDIS_URL, for a Redis that asks for one (tls-auth-clients, on by default in Redis and Valkey): the client certificate (PEM), with REDIS_KEY_FILE.',
  ),
  REDIS_KEY_FILE: pemFile().describe('The private key (PEM, not encrypted) of REDIS_CERT_FILE.'),
};

type AmqpTlsSettings = z.infer<z.ZodObject<typeof amqpTlsConfig>> & { AMQP_URL?: string };
type RedisTlsSettings = z.infer<z.ZodObject<typeof redisTlsConfig>> & { REDIS_URL?: string };

/** The options amqplib's connect takes for AMQP_URL: the files' certificates for amqps://, undefined for amqp://. */
export function amqpTlsOptions(config: AmqpTlsSettings): ConnectionOptions | undefined {
  return clientTlsOptions('AMQP', 'amqps:', config.AMQP_URL, { CA: config.AMQP_CA_FILE, CERT: config.AMQP_CERT_FILE, KEY: config.AMQP_KEY_FILE });
}

/** ioredis's `tls` option for REDIS_URL: the files' certificates for rediss://, undefined for redis://. */
export function redisTlsOptions(config: RedisTlsSettings): ConnectionOptions | undefined {
  return clientTlsOptions('REDIS', 'rediss:', config.REDIS_URL, { CA: config.REDIS_CA_FILE, CERT: config.REDIS_CERT_FILE, KEY: config.REDIS_KEY_FILE });
}

/**
 * A client's TLS options: the CA (replacing the system's), and a client certificate with its key. Files set for a
 * plain URL stop the process: TLS was meant, and a plain connection would otherwise go unnoticed.
 */
function clientTlsOptions(
  server: 'AMQP' | 'REDIS',
  tlsProtocol: string,
  url: string | undefined,
  files: { CA?: string; CERT?: string; KEY?: string },
): ConnectionOptions | undefined {
  const setting = (file: string) => `${server}_${file}_FILE`;
  const set = Object.entries(files).filter(([, path]) => path !== undefined).map(([file]) => setting(file));
  const usesTls = url !== undefined && URL.canParse(url) && new URL(url).protocol === tlsProtocol;
  const problems: string[] = [];
  if (url !== undefined && !usesTls && set.length > 0) {
    problems.push(`${set.join(', ')}: set, but ${server}_URL is not ${tlsProtocol}//…, so the connection would not use TLS`);
  }
  if ((files.CERT === undefined) !== (files.KEY === undefined)) problems.push(`${setting('CERT')}, ${setting('KEY')}: a client certificate needs both`);
  if (problems.length > 0) throw new ConfigError(problems);
  if (!usesTls) return undefined;
  return {
    ...(files.CA !== undefined && { ca: readFileSync(files.CA) }),
    ...(files.CERT !== undefined && files.KEY !== undefined && { cert: readFileSync(files.CERT), key: readFileSync(files.KEY) }),
  };
}
