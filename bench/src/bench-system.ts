import { readFileSync } from 'node:fs';
import { startProcessSystem, startSystem, type RunningSystem } from '@crm/system';
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
  THROTTLE_RATES: 'read=100000000/hour,write=100000000/hour,anon=100000000/minute,unauthenticated=100000000/minute',
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

/**
 * The system as production runs it: every service in its own process (its compiled `main.js`), the
 * gateway in this one. For benchmarks of throughput, where one shared event loop would be the limit.
 */
export interface BenchProcesses {
  gatewayUrl: string;
  db: Client;
  /** The resident memory of this process (`gateway and reader`) and of each service process, by name. */
  residentBytes(): Record<string, number>;
  stop(): Promise<void>;
}

/** A process's resident set from /proc (Linux), 0 once it has gone. */
function residentBytesOf(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

export async function startBenchProcesses(): Promise<BenchProcesses> {
  // Services log at info: a start waits for their "listening" line.
  const system = await startProcessSystem({ serviceEnv: { ...BENCH_ENV, LOG_LEVEL: 'info' }, gatewayEnv: BENCH_ENV });
  const db = new Client({ connectionString: BENCH_ENV.DATABASE_URL });
  await db.connect();
  return {
    gatewayUrl: system.gatewayUrl,
    db,
    residentBytes: () => ({
      'gateway and reader': process.memoryUsage().rss,
      ...Object.fromEntries(Object.entries(system.running).map(([name, service]) => [name, residentBytesOf(service.child.pid!)])),
    }),
    stop: async () => {
      await db.end();
      await system.close();
    },
  };
}
