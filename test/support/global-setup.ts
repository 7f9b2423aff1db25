import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import Redis from 'ioredis';
import { resetBrokerNamespace } from './broker-namespace';
import { TEST_ENV, workerServers } from './test-env';

/**
 * Starts every run from nothing, for each jest worker that may run: a fresh database, no queues or
 * exchanges left in its broker namespace, no Redis key under its prefix. Runs once before all test
 * files; another run with other bases (another checkout on the same servers) is left alone.
 */
export default async function globalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  if (process.env.CRM_EMBEDDED === '1') {
    // Each test file has its own embedded data folder; the whole pass (`npm run test:embedded`) notes the
    // operations it sends, for route-coverage.ts.
    if (process.env.CRM_ROUTE_COVERAGE === '1') process.env.CRM_OPERATIONS_LOG = mkdtempSync(join(tmpdir(), 'crm-operations-'));
    return;
  }
  const workers = Array.from({ length: Math.max(1, globalConfig.maxWorkers) }, (_, index) => workerServers(String(index + 1)));

  const adminUrl = new URL(process.env.DATABASE_URL ?? TEST_ENV.DATABASE_URL);
  adminUrl.pathname = '/postgres';
  const pg = new Client({ connectionString: adminUrl.toString() });
  await pg.connect();
  for (const { DATABASE_URL } of workers) {
    const name = new URL(DATABASE_URL).pathname.slice(1);
    await pg.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await pg.query(`CREATE DATABASE "${name}"`);
  }
  await pg.end();

  for (const { AMQP_NAMESPACE } of workers) await resetBrokerNamespace(process.env.AMQP_URL ?? TEST_ENV.AMQP_URL, AMQP_NAMESPACE);

  const redis = new Redis(process.env.REDIS_URL ?? TEST_ENV.REDIS_URL, { lazyConnect: true });
  await redis.connect();
  for (const { REDIS_KEY_PREFIX } of workers) {
    for await (const keys of redis.scanStream({ match: `${REDIS_KEY_PREFIX}*`, count: 1000 }) as AsyncIterable<string[]>) {
      if (keys.length > 0) await redis.del(...keys);
    }
  }
  redis.disconnect();
}
