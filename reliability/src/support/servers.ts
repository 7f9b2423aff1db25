import { topologyNames } from '@crm/platform';
import { SERVICE_PROCESSES } from '@crm/system';
import amqp from 'amqplib';
import { execFile, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { startFaultProxy, throughProxy, type FaultProxy } from './fault-proxy';

const run = promisify(execFile);

export type ServerName = 'postgres' | 'rabbitmq' | 'redis';

/**
 * The servers as one reliability script sees them: its own database, broker namespace and Redis db, each
 * reached through a fault proxy so the script can take a server away from the system under test.
 *
 * `outage(server)` cuts the system off its server (every connection dropped, new ones refused) for a
 * while; with `RELIABILITY_REAL_RESTARTS=1` it restarts the real server instead (PostgreSQL with
 * `pg_ctlcluster restart`, RabbitMQ with `rabbitmqctl stop_app`/`start_app`, Redis by shutting it down
 * and starting it again) — which disturbs everything else on the machine using those servers.
 */
export interface Servers {
  /** Settings for the services and the gateway: URLs through the proxies, the script's namespace and db. */
  env: Record<string, string>;
  /** The script's database, directly (not through the proxy: checks must not fail during an outage). */
  databaseUrl: string;
  outage(server: ServerName, downMs: number): Promise<void>;
  down(server: ServerName): Promise<void>;
  up(server: ServerName): Promise<void>;
  close(): Promise<void>;
}

export const REAL_RESTARTS = process.env.RELIABILITY_REAL_RESTARTS === '1';

/** The prefix of the gateway's Redis keys in the scripts' systems. */
export const GATEWAY_KEY_PREFIX = 'crm:gateway:';

/** `name` names the script's database (`crm_rel_<name>`), broker namespace and log lines. */
export async function reliabilityServers(name: string, redisDb: number): Promise<Servers> {
  // A run starts from nothing: a new database (below), an empty broker namespace, an empty Redis db.
  const postgresUrl = process.env.RELIABILITY_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';
  const amqpUrl = process.env.RELIABILITY_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
  const redisUrl = process.env.RELIABILITY_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const database = `crm_rel_${name.replace(/\W/g, '_')}`;
  const databaseUrl = `${postgresUrl}/${database}`;
  await recreateDatabase(postgresUrl, database);

  const proxies: Record<ServerName, FaultProxy> = {
    postgres: await startFaultProxy(new URL(postgresUrl).hostname, Number(new URL(postgresUrl).port || 5432)),
    rabbitmq: await startFaultProxy(new URL(amqpUrl).hostname, Number(new URL(amqpUrl).port || 5672)),
    redis: await startFaultProxy(new URL(redisUrl).hostname, Number(new URL(redisUrl).port || 6379)),
  };
  const namespace = `crmrel${name.replace(/\W/g, '')}`;
  await deleteBrokerNamespace(amqpUrl, namespace);
  const env = {
    DATABASE_URL: throughProxy(databaseUrl, proxies.postgres),
    AMQP_URL: throughProxy(amqpUrl, proxies.rabbitmq),
    AMQP_NAMESPACE: namespace,
    REDIS_URL: `${throughProxy(redisUrl, proxies.redis).replace(/\/$/, '')}/${redisDb}`,
    // Set, not inherited: the scripts read the gateway's counters under it.
    REDIS_KEY_PREFIX: GATEWAY_KEY_PREFIX,
    // The scripts are not about password hashing: OWASP's cost (2^17, ~1-2 s a hash here) would only slow their set-up.
    PASSWORD_HASH_COST: '12',
  };
  await flushRedisDb(redisUrl, redisDb);
  const down = async (server: ServerName) => {
    if (REAL_RESTARTS) {
      realServersDown.add(server);
      await stopRealServer(server);
    } else await proxies[server].down();
  };
  const up = async (server: ServerName) => {
    if (REAL_RESTARTS) {
      await startRealServer(server);
      realServersDown.delete(server);
    } else await proxies[server].up();
  };
  return {
    env,
    databaseUrl,
    down,
    up,
    outage: async (server, downMs) => {
      await down(server);
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await up(server);
    },
    close: async () => {
      await Promise.all(Object.values(proxies).map((proxy) => proxy.close()));
    },
  };
}

/** Real servers a script stopped and has not started again: however the script ends, they are started. */
const realServersDown = new Set<ServerName>();
process.once('exit', () => {
  for (const server of realServersDown) {
    const [command, ...args] = START_COMMANDS[server]();
    spawnSync(command!, args, { stdio: 'inherit' });
  }
});

async function flushRedisDb(redisUrl: string, redisDb: number): Promise<void> {
  const url = new URL(redisUrl);
  await run('redis-cli', ['-h', url.hostname, '-p', url.port || '6379', '-n', String(redisDb), 'flushdb']);
}

async function recreateDatabase(postgresUrl: string, database: string): Promise<void> {
  const admin = new Client({ connectionString: `${postgresUrl}/postgres` });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${database}"`);
  } finally {
    await admin.end();
  }
}

/** Removes the queues, the change stream and the exchanges an earlier run left in the namespace (messages, dead letters). */
async function deleteBrokerNamespace(amqpUrl: string, namespace: string): Promise<void> {
  const names = topologyNames(namespace);
  const connection = await amqp.connect(amqpUrl);
  try {
    const channel = await connection.createChannel();
    for (const queue of [...SERVICE_PROCESSES.map(({ name }) => names.queue(name)), names.deadLetterQueue, names.changeStream]) await channel.deleteQueue(queue);
    await channel.deleteExchange(names.exchange);
    await channel.deleteExchange(names.deadLetterExchange);
    await channel.close();
  } finally {
    await connection.close();
  }
}

async function stopRealServer(server: ServerName): Promise<void> {
  if (server === 'postgres') await run('pg_ctlcluster', ['--skip-systemctl-redirect', postgresVersion(), 'main', 'stop', '-m', 'fast']);
  if (server === 'rabbitmq') await run('rabbitmqctl', ['stop_app']);
  if (server === 'redis') await run('redis-cli', ['-h', '127.0.0.1', 'shutdown', 'nosave']).catch(() => undefined);
}

/** The commands that start each server again (as scripts/ensure-servers.sh does). */
const START_COMMANDS: Record<ServerName, () => string[]> = {
  postgres: () => ['pg_ctlcluster', '--skip-systemctl-redirect', postgresVersion(), 'main', 'start'],
  rabbitmq: () => ['rabbitmqctl', 'start_app'],
  redis: () => ['redis-server', '--daemonize', 'yes', '--bind', '127.0.0.1', '--port', '6379', '--save', '', '--appendonly', 'no'],
};

async function startRealServer(server: ServerName): Promise<void> {
  const [command, ...args] = START_COMMANDS[server]();
  await run(command!, args);
}

function postgresVersion(): string {
  return readdirSync('/etc/postgresql')[0]!;
}
