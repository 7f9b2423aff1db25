import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { startGateway } from '@crm/gateway';
import { leadsService } from '@crm/leads';
import { amqpTlsOptions, Broker, commonConfig, createEvent, createLogger, enqueueEvent, loadConfig, openServiceDatabase, redisTlsConfig, redisTlsOptions, startService, type Logger } from '@crm/platform';
import Redis from 'ioredis';
import { libpqConnection, runTool } from '../src/backup/external-tools';
import { makeLocalCa, startTlsPostgres, startTlsRabbitMq, startTlsRedis, type LocalCa, type TlsRabbitMq, type TlsServer } from './support/local-tls-servers';

/*
 * TLS to PostgreSQL, RabbitMQ and Redis with a local CA (docs/operations.md §16). The servers are throwaways of
 * this file that speak TLS only, their certificate naming `localhost`. The platform's clients, given the CA by
 * their settings, connect and work; given another CA, or reaching the same server as 127.0.0.1 (a name its
 * certificate does not carry), they refuse it.
 */

const NAMESPACE = 'crmtls';
const KEY_PREFIX = 'crmtls:';

let dir: string;
let ca: LocalCa;
let postgres: TlsServer;
let rabbitMq: TlsRabbitMq;
let redis: TlsServer;
const started: TlsServer[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'crm-tls-'));
  ca = await makeLocalCa(dir);
  // All at once: RabbitMQ's start (about 5 s) is most of the file's time.
  const servers = await Promise.allSettled([startTlsPostgres(dir, ca), startTlsRabbitMq(dir, ca, 'crm-leads'), startTlsRedis(dir, ca)]);
  started.push(...servers.flatMap((server) => (server.status === 'fulfilled' ? [server.value] : [])));
  const failed = servers.find((server) => server.status === 'rejected');
  if (failed) throw failed.reason;
  [postgres, rabbitMq, redis] = started as [TlsServer, TlsRabbitMq, TlsServer];
}, 90_000);

afterAll(async () => {
  await Promise.allSettled(started.map((server) => server.stop()));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const databaseUrl = (host: string, caFile: string, database = 'postgres') =>
  `postgres://postgres@${host}:${postgres.port}/${database}?sslmode=verify-full&sslrootcert=${caFile}`;
const amqpUrl = (host: string) => `amqps://${rabbitMq.user}:${rabbitMq.password}@${host}:${rabbitMq.port}`;
const redisUrl = (host: string) => `rediss://${host}:${redis.port}`;

/** A logger whose lines the test reads. */
function captureLog(level = 'warn') {
  type Line = { msg: string; err?: { message: string } } & Record<string, unknown>;
  const lines: Line[] = [];
  const watchers: Array<(line: Line) => void> = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const text of String(chunk).split('\n').filter(Boolean)) {
        const line = JSON.parse(text) as Line;
        lines.push(line);
        for (const watch of watchers) watch(line);
      }
      callback();
    },
  });
  const logger: Logger = createLogger('tls-test', level, stream);
  /** Rejects with the error of the first line logging `msg` from now on. */
  const failure = (msg: string) =>
    new Promise<never>((_resolve, reject) => watchers.push((line) => line.msg === msg && reject(new Error(line.err?.message ?? msg))));
  return { logger, lines, failure };
}

/**
 * Each client the platform runs, connecting by `host` with `caFile` as its CA through its settings, and doing one
 * round trip: resolves when it worked, rejects with why it did not.
 */
const CLIENTS: Record<string, (host: string, caFile: string) => Promise<void>> = {
  // The services' pools and migrations (openServiceDatabase), on DATABASE_URL as the settings read it.
  'PostgreSQL, a service pool': async (host, caFile) => {
    const { DATABASE_URL } = loadConfig(commonConfig, { DATABASE_URL: databaseUrl(host, caFile) });
    const dataSource = await openServiceDatabase({ url: DATABASE_URL!, schema: 'tls_probe', migrations: [], poolSize: 2, connectTimeoutMs: 5_000 });
    try {
      const [row] = (await dataSource.query('SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()')) as Array<{ ssl: boolean }>;
      expect(row!.ssl).toBe(true);
    } finally {
      await dataSource.destroy();
    }
  },
  // libpq, which pg_dump and pg_restore of the backup and restore are, on the URL as they get it (libpqConnection: minus its password).
  'PostgreSQL, libpq (psql)': async (host, caFile) => {
    const { dbname, env } = libpqConnection(databaseUrl(host, caFile));
    const answer = await runTool('psql', [dbname, '-XAtc', 'SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()'], env);
    expect(answer.trim()).toBe('t');
  },
  // The services' Broker, its TLS options from AMQP_CA_FILE as startService builds them.
  'RabbitMQ, the Broker': async (host, caFile) => {
    const config = loadConfig(commonConfig, { AMQP_URL: amqpUrl(host), AMQP_CA_FILE: caFile, AMQP_NAMESPACE: NAMESPACE });
    const log = captureLog();
    const broker = new Broker({ url: config.AMQP_URL, tls: amqpTlsOptions(config), namespace: NAMESPACE, logger: log.logger, reconnectDelayMs: 60_000 });
    try {
      await Promise.race([broker.connect(), log.failure('broker connection failed')]);
      const channel = await broker.createConfirmChannel();
      const { queue } = await channel.assertQueue('', { exclusive: true });
      await channel.bindQueue(queue, broker.names.exchange, 'tls.probe');
      channel.publish(broker.names.exchange, 'tls.probe', Buffer.from('over TLS'));
      await channel.waitForConfirms();
      const message = await channel.get(queue, { noAck: true });
      expect(message && message.content.toString()).toBe('over TLS');
    } finally {
      await broker.close();
    }
  },
  // The gateway's Redis (rate limits, API-token cache), with a client certificate: this Redis asks for one.
  'Redis, the gateway': async (host, caFile) => {
    const tlsSettings = { REDIS_CA_FILE: caFile, REDIS_CERT_FILE: ca.clientCertFile, REDIS_KEY_FILE: ca.clientKeyFile };
    const log = captureLog('debug');
    const gateway = await startGateway({
      env: { NODE_ENV: 'test', REDIS_URL: redisUrl(host), REDIS_KEY_PREFIX: KEY_PREFIX, ...tlsSettings },
      port: 0,
      metricsPort: 0,
      logger: log.logger,
    });
    try {
      if (log.lines.some((line) => line.msg.startsWith('Redis unreachable'))) {
        throw new Error(log.lines.find((line) => line.msg === 'redis connection error')?.err?.message ?? 'Redis unreachable');
      }
      const before = await countersInRedis(tlsSettings);
      // A credential that fails counts against its address's unauthenticated bucket, in Redis.
      const answer = await fetch(`${gateway.url}/api/leads/`, { headers: { authorization: 'Bearer not-a-token' } });
      expect(answer.status).toBe(401);
      expect(await countersInRedis(tlsSettings)).toBeGreaterThan(before);
    } finally {
      await gateway.stop();
    }
  },
};

/** The sum of the gateway's rate-limit counters, read over TLS by the name the certificate carries. */
async function countersInRedis(tlsSettings: Record<string, string>): Promise<number> {
  const settings = loadConfig(redisTlsConfig, tlsSettings);
  const reader = new Redis(redisUrl('localhost'), { tls: redisTlsOptions({ ...settings, REDIS_URL: redisUrl('localhost') }), lazyConnect: true, maxRetriesPerRequest: 0 });
  try {
    await reader.connect();
    const keys = await reader.keys(`${KEY_PREFIX}ratelimit*`);
    const values = keys.length === 0 ? [] : await reader.mget(keys);
    return values.reduce((sum, value) => sum + Number(value ?? 0), 0);
  } finally {
    reader.disconnect();
  }
}

const clients = Object.keys(CLIENTS);

describe('TLS with a local CA', () => {
  it.each(clients)('%s: connects with the CA, by the name the certificate carries, and works', async (client) => {
    await expect(CLIENTS[client]!('localhost', ca.caFile)).resolves.toBeUndefined();
  });

  it.each(clients)("%s: refuses the server when the CA it trusts did not sign the server's certificate", async (client) => {
    await expect(CLIENTS[client]!('localhost', ca.otherCaFile)).rejects.toThrow(/certificate/i);
  });

  it.each(clients)('%s: refuses the server reached as 127.0.0.1, a name its certificate does not carry (verify-full)', async (client) => {
    await expect(CLIENTS[client]!('127.0.0.1', ca.caFile)).rejects.toThrow(/altnames|does not match host name/);
  });

  it('a service started on them runs every connection over TLS: pool, migrations, LISTEN, broker (publish and consume)', async () => {
    const service = await startService(leadsService, {
      env: {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: databaseUrl('localhost', ca.caFile, 'crm_tls'),
        DATABASE_POOL_SIZE: '4',
        AMQP_URL: amqpUrl('localhost'),
        AMQP_CA_FILE: ca.caFile,
        AMQP_NAMESPACE: NAMESPACE,
      },
      port: 0,
      host: '127.0.0.1',
    });
    const config = loadConfig(commonConfig, { AMQP_URL: amqpUrl('localhost'), AMQP_CA_FILE: ca.caFile });
    const reader = new Broker({ url: config.AMQP_URL, tls: amqpTlsOptions(config), namespace: NAMESPACE, logger: captureLog().logger });
    try {
      await reader.connect();
      const channel = await reader.createChannel();
      const { queue } = await channel.assertQueue('', { exclusive: true });
      await channel.bindQueue(queue, reader.names.exchange, 'lead.created');
      // Written to the service's outbox: its relay, woken by its LISTEN connection, publishes it on the broker.
      const event = createEvent({ source: 'leads', type: 'lead.created', subject: randomUUID(), tenantId: randomUUID(), actor: null, data: { over: 'TLS' } });
      await service.dataSource.transaction((manager) => enqueueEvent(manager, event));
      const message = await eventually(() => channel.get(queue, { noAck: true }));
      expect(JSON.parse(message.content.toString()).id).toBe(event.id);
      expect(message.properties.userId).toBe('crm-leads');

      const connections = await eventually(async () => {
        const [row] = (await service.dataSource.query(
          `SELECT count(*)::int AS total, count(*) FILTER (WHERE s.ssl)::int AS tls, count(*) FILTER (WHERE a.query LIKE 'LISTEN%')::int AS listening
           FROM pg_stat_activity a JOIN pg_stat_ssl s USING (pid) WHERE a.backend_type = 'client backend' AND a.datname = current_database()`,
        )) as Array<{ total: number; tls: number; listening: number }>;
        // The relay's LISTEN connection, and the conversion waiter's.
        return row!.listening >= 2 ? row : false;
      });
      expect(connections.tls).toBe(connections.total);
    } finally {
      await reader.close();
      await service.stop();
    }
  });
});

/** `probe`'s first truthy answer, asked every 50 ms for up to 10 s. */
async function eventually<T>(probe: () => Promise<T | false | null | undefined>): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answer = await probe();
    if (answer) return answer;
    if (Date.now() > deadline) throw new Error('not within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
