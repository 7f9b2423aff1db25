import { startSystem, type RunningSystem } from '@crm/system';
import { Client } from 'pg';

/**
 * The whole system in this process against the local servers, in a database, broker namespace and
 * Redis db of the benchmarks' own (kept between runs, so a seeded million leads is seeded once), with
 * rate limits out of the way.
 */
export interface BenchSystem {
  system: RunningSystem;
  db: Client;
  stop(): Promise<void>;
}

export const BENCH_ENV = {
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/crm_bench',
  AMQP_URL: process.env.BENCH_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
  AMQP_NAMESPACE: process.env.BENCH_AMQP_NAMESPACE ?? 'crmbench',
  REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/12',
  THROTTLE_RATES: 'read=100000000/hour,write=100000000/hour,anon=100000000/minute',
  LOG_LEVEL: 'warn',
};

/** Drops the benchmarks' database, so each run starts from nothing (the system creates and migrates it). */
export async function freshBenchDatabase(): Promise<void> {
  const url = new URL(BENCH_ENV.DATABASE_URL);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
}

export async function startBenchSystem(): Promise<BenchSystem> {
  const system = await startSystem({ env: { ...process.env, ...BENCH_ENV }, ports: 'any' });
  const db = new Client({ connectionString: BENCH_ENV.DATABASE_URL });
  await db.connect();
  return {
    system,
    db,
    stop: async () => {
      await db.end();
      await system.stop();
    },
  };
}

/** A JSON request to the gateway; throws on an unexpected status so a broken setup cannot pass for a fast one. */
export async function api(baseUrl: string, method: string, path: string, token: string | null, body?: unknown, expected = [200, 201]): Promise<any> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!expected.includes(response.status)) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}
