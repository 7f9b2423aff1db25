import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Settings every test process starts with: a database, broker namespace and Redis key prefix on the local
 * servers that are its own, so a test run never touches the data of `npm start`. Explicit environment
 * values win, as bases: each jest worker adds its number to them (`workerServers`), so files running at
 * once in different workers never see each other's rows, queues or counters.
 */
export const TEST_ENV = {
  NODE_ENV: 'test',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/crm_test',
  AMQP_URL: 'amqp://guest:guest@127.0.0.1:5672',
  AMQP_NAMESPACE: 'crmtest',
  REDIS_URL: 'redis://127.0.0.1:6379/15',
  REDIS_KEY_PREFIX: 'crmtest:',
  LOG_LEVEL: 'silent',
  // OWASP's scrypt cost (2^17) takes over a second a hash on a busy test machine, and the suites register
  // hundreds of users: 2^12 keeps them fast. services/auth/test/passwords.test.ts runs OWASP's cost once.
  PASSWORD_HASH_COST: '12',
  // Three workers each run six services (and their background workers: mail, reassignments) against one
  // PostgreSQL of 100 connections: pools of 10 went past it ("too many clients"). Five is what the
  // reliability scripts run with.
  DATABASE_POOL_SIZE: '5',
} as const;

/** Where jest worker `workerId` (1, 2, …) keeps its data, from the bases in `env`. */
export function workerServers(workerId: string, env: NodeJS.ProcessEnv = process.env): { DATABASE_URL: string; AMQP_NAMESPACE: string; REDIS_KEY_PREFIX: string } {
  const database = new URL(env.DATABASE_URL ?? TEST_ENV.DATABASE_URL);
  database.pathname = `${database.pathname}_w${workerId}`;
  return {
    DATABASE_URL: database.toString(),
    AMQP_NAMESPACE: `${env.AMQP_NAMESPACE ?? TEST_ENV.AMQP_NAMESPACE}w${workerId}`,
    REDIS_KEY_PREFIX: `${env.REDIS_KEY_PREFIX ?? TEST_ENV.REDIS_KEY_PREFIX}w${workerId}:`,
  };
}

/**
 * `CRM_EMBEDDED=1` (`npm run test:embedded`): the end-to-end suites run on the embedded default instead
 * (no DATABASE_URL, AMQP_URL or REDIS_URL), each test file in a data folder of its own.
 */
export const EMBEDDED = process.env.CRM_EMBEDDED === '1';

if (EMBEDDED) {
  for (const key of ['DATABASE_URL', 'AMQP_URL', 'REDIS_URL']) delete process.env[key];
  process.env.EMBEDDED_DATA_DIR = mkdtempSync(join(tmpdir(), 'crm-embedded-test-'));
  process.env.NODE_ENV ??= 'test';
  process.env.LOG_LEVEL ??= 'silent';
  process.env.PASSWORD_HASH_COST ??= TEST_ENV.PASSWORD_HASH_COST;
} else {
  // Once per worker's environment (a file may see it again), on the bases.
  if (process.env.JEST_WORKER_ID !== undefined && process.env.CRM_TEST_WORKER === undefined) {
    Object.assign(process.env, workerServers(process.env.JEST_WORKER_ID), { CRM_TEST_WORKER: process.env.JEST_WORKER_ID });
  }
  for (const [key, value] of Object.entries(TEST_ENV)) process.env[key] ??= value;
  // On the servers nothing embedded is kept; but auth started without SMTP_URL (a suite with no mailbox of
  // its own) writes its e-mail as files there: outside the working tree.
  process.env.EMBEDDED_DATA_DIR ??= join(tmpdir(), 'crm-test-data');
}
