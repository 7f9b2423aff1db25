import { readFileSync, rmSync } from 'node:fs';
import { leadsService } from '@crm/leads';
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

const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/crm_bench';

export const BENCH_ENV = {
  DATABASE_URL: BENCH_DATABASE_URL,
  AMQP_URL: process.env.BENCH_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
  // Named after the database (`crm_bench_200k`: `crmbench200k`): a run on another database never takes
  // the events a stopped run left queued for this one's services.
  AMQP_NAMESPACE: process.env.BENCH_AMQP_NAMESPACE ?? new URL(BENCH_DATABASE_URL).pathname.slice(1).replace(/[^a-z0-9]/gi, ''),
  REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/12',
  THROTTLE_RATES: 'read=100000000/hour,write=100000000/hour,anon=100000000/minute,unauthenticated=100000000/minute',
  LOG_LEVEL: 'warn',
};

/** The outbox and inbox as every service has them (the leads service's frozen migration), for a bench schema of its own. */
export const OUTBOX_MIGRATIONS = leadsService.migrations.filter(({ name }) => name === 'Messaging1763800000000');

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

/** Where `startEmbeddedBench` keeps its data (`BENCH_EMBEDDED_DATA_DIR`), kept between runs like the servers' database. */
export const EMBEDDED_BENCH_DIR = process.env.BENCH_EMBEDDED_DATA_DIR ?? '/tmp/crm-bench-embedded';

/** Removes the embedded benchmarks' data, so the next start begins from nothing. */
export function freshEmbeddedBenchData(): void {
  rmSync(EMBEDDED_BENCH_DIR, { recursive: true, force: true });
}

/**
 * The embedded default (architecture §5) as `npm start` runs it with no server set: every service in
 * this one process, each on a PGlite database of its own, the in-process bus, rate limits per process.
 * `db` reads the service whose schema a statement names (`leads.leads`, `auth.profiles`), as the
 * benchmarks read the one shared database of the real servers; a statement naming two services'
 * schemas has no database to run in here, and throws.
 */
export async function startEmbeddedBench(): Promise<BenchProcesses> {
  const { DATABASE_URL: _database, AMQP_URL: _broker, REDIS_URL: _redis, ...limits } = BENCH_ENV;
  const env: NodeJS.ProcessEnv = { ...process.env, ...limits, EMBEDDED_DATA_DIR: EMBEDDED_BENCH_DIR };
  for (const setting of ['DATABASE_URL', 'AMQP_URL', 'REDIS_URL']) delete env[setting];
  const system = await startSystem({ env, ports: 'any' });
  const schemaOf = (sql: string) => [...new Set([...sql.matchAll(/\b(auth|leads|contacts|audit)\.[a-z_]+/g)].map((match) => match[1]!))];
  const db = {
    query: async (sql: string, params?: unknown[]) => {
      const schemas = schemaOf(sql);
      if (schemas.length !== 1) throw new Error(`one service's schema per statement in the embedded mode, not ${schemas.join(', ') || 'none'}: ${sql.slice(0, 200)}`);
      const rows: unknown[] = await system.services[schemas[0]!]!.dataSource.query(sql, params);
      return { rows, rowCount: rows.length };
    },
    end: async () => undefined,
  } as unknown as Client;
  return { gatewayUrl: system.gatewayUrl, db, residentBytes: () => ({ 'the whole system': process.memoryUsage().rss }), stop: () => system.stop() };
}
