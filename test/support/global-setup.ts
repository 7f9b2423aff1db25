import amqp from 'amqplib';
import { Client } from 'pg';
import Redis from 'ioredis';
import { TEST_ENV } from './test-env';

/**
 * Starts every run from nothing: a fresh test database, no queues or exchanges left in the test
 * namespace, an empty test Redis database. Runs once before all test files.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.CRM_EMBEDDED === '1') return; // each test file has its own embedded data folder
  const databaseUrl = new URL(process.env.DATABASE_URL ?? TEST_ENV.DATABASE_URL);
  const name = databaseUrl.pathname.slice(1);
  const adminUrl = new URL(databaseUrl);
  adminUrl.pathname = '/postgres';
  const pg = new Client({ connectionString: adminUrl.toString() });
  await pg.connect();
  await pg.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await pg.query(`CREATE DATABASE "${name}"`);
  await pg.end();

  const namespace = process.env.AMQP_NAMESPACE ?? TEST_ENV.AMQP_NAMESPACE;
  const connection = await amqp.connect(process.env.AMQP_URL ?? TEST_ENV.AMQP_URL);
  const channel = await connection.createChannel();
  for (const queue of ['auth', 'audit', 'leads', 'contacts', 'accounts-opportunities', 'import-export', 'dead-letter', 'changes']) {
    await channel.deleteQueue(`${namespace}.${queue}`);
  }
  await channel.deleteExchange(`${namespace}.events`);
  await channel.deleteExchange(`${namespace}.dlx`);
  await connection.close();

  const redis = new Redis(process.env.REDIS_URL ?? TEST_ENV.REDIS_URL, { lazyConnect: true });
  await redis.connect();
  await redis.flushdb();
  redis.disconnect();
}
