import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Settings every test process starts with: its own database and broker namespace on the local servers,
 * so a test run never touches the data of `npm start`. Explicit environment values win.
 */
export const TEST_ENV = {
  NODE_ENV: 'test',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/crm_test',
  AMQP_URL: 'amqp://guest:guest@127.0.0.1:5672',
  AMQP_NAMESPACE: 'crmtest',
  REDIS_URL: 'redis://127.0.0.1:6379/15',
  LOG_LEVEL: 'silent',
  // OWASP's scrypt cost (2^17) takes over a second a hash on a busy test machine, and the suites register
  // hundreds of users: 2^12 keeps them fast. services/auth/test/passwords.test.ts runs OWASP's cost once.
  PASSWORD_HASH_COST: '12',
} as const;

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
  for (const [key, value] of Object.entries(TEST_ENV)) {
    process.env[key] ??= value;
  }
}
