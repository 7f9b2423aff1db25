import { SERVICE_PROCESSES, startProcessSystem, type ProcessSystem } from '@crm/system';
import Redis from 'ioredis';
import { Client } from 'pg';
import { deliveryChecks, deliveryNow, waitForDelivery } from './support/event-delivery';
import { eventually, request, sleep } from './support/http';
import { runClient, writesOf, writtenRecordChecks, type ClientTally } from './support/load-client';
import { report, runScript, type Check } from './support/report';
import { GATEWAY_KEY_PREFIX, reliabilityServers, type Servers } from './support/servers';
import { registerTenant, type ScriptTenant } from './support/tenants';

/**
 * The system (every service its own process) while one of its servers is away, through the fault
 * proxies (real restarts with RELIABILITY_REAL_RESTARTS=1):
 * (a) Redis down: the gateway keeps serving with in-memory rate limits, which still bite (a small read
 *     limit is reached exactly); Redis back: limits are counted there again.
 * (b) RabbitMQ down for a minute: reads and writes still succeed (the outbox holds the events), every
 *     service stays ready (its /readyz answers 200), and a service started meanwhile starts, becomes ready
 *     and serves; RabbitMQ back: every service reconnects by itself and every event is published and
 *     handled, within a bounded time.
 * (c) PostgreSQL cut for a few seconds: requests answer a clean 503 at once (no 500, no hang); once it
 *     is back the system recovers without any restart.
 * Then nothing may be lost: every record written exactly once, every event delivered everywhere.
 *
 *   npm run test:reliability -- dependency-outages
 */
const SCRIPT = 'dependency-outages';
const READ_LIMIT = 20;
/** Reads per user are limited (phase a runs into it); writes are not in the way of the other phases. */
const THROTTLE_RATES = `read=${READ_LIMIT}/minute,write=100000/hour,anon=100000/minute,unauthenticated=100000/minute`;
const OVER_LIMIT = 5;
const BROKER_DOWN_MS = 60_000;
/** The service stopped and started again while RabbitMQ is away. */
const STARTED_DURING_OUTAGE = 'audit';
const DATABASE_DOWN_MS = 4_000;
const DELIVERY_WAIT_MS = 90_000;
/** The broker's longest backoff between connection attempts (30 s, ±20 %), and some. */
const RECONNECT_WAIT_MS = 45_000;
/** An answer slower than this during an outage counts as a hang. */
const PROMPT_MS = 5_000;

interface Phase {
  counts: Record<string, number | string>;
  checks: Check[];
  tenants: ScriptTenant[];
  tallies: ClientTally[];
}

runScript(SCRIPT, 8 * 60_000, async () => {
  const servers = await reliabilityServers(SCRIPT, 7);
  const system = await startProcessSystem({
    // Small pools (the machine's PostgreSQL is shared); a conversion answers `pending` after 1 s while a consumer is cut off.
    serviceEnv: { ...servers.env, DATABASE_POOL_SIZE: '4', CONVERSION_WAIT_MS: '1000' },
    gatewayEnv: { ...servers.env, THROTTLE_RATES },
  });
  const connect = async () => {
    const client = new Client({ connectionString: servers.databaseUrl });
    await client.connect();
    return client;
  };
  // Straight to the server; a real restart (RELIABILITY_REAL_RESTARTS=1) ends this connection, so the
  // checks after the outages use a new one.
  const db = await connect();
  db.on('error', () => undefined);
  let checksDb: Client | undefined;
  let outcome: Parameters<typeof report>;
  try {
    const phases = [await redisOutage(system, servers, db), await brokerOutage(system, servers, db), await databaseOutage(system, servers, db)];
    checksDb = await connect();
    outcome = await lossChecks(system, checksDb, phases);
  } finally {
    await db.end().catch(() => undefined);
    await checksDb?.end();
    await system.close();
    await servers.close();
  }
  report(...outcome);
});

/** `n` reads as `tenant`, one after the other: how many were served, limited (429), or anything else. */
async function reads(gatewayUrl: string, tenant: ScriptTenant, n: number) {
  const seen = { served: 0, limited: 0, other: [] as string[] };
  for (let i = 0; i < n; i += 1) {
    const answer = await request(gatewayUrl, 'GET', '/api/leads/?page_size=1', { token: tenant.access });
    if (answer.status === 200) seen.served += 1;
    else if (answer.status === 429) seen.limited += 1;
    else seen.other.push(`GET leads → ${answer.status} ${answer.text.slice(0, 120)}`);
  }
  return seen;
}

/** The gateway's Redis counter of a user's reads (REDIS_KEY_PREFIX + rate-limiter-flexible's key). */
const readCounterKey = (tenant: ScriptTenant) => `${GATEWAY_KEY_PREFIX}ratelimit:read:user:${JSON.parse(Buffer.from(tenant.access.split('.')[1]!, 'base64url').toString()).sub}`;

async function redisOutage(system: ProcessSystem, servers: Servers, db: Client): Promise<Phase> {
  const gatewayUrl = system.gatewayUrl;
  const [duringOutage, probe, afterOutage] = [
    await registerTenant(gatewayUrl, 'Redis down'),
    await registerTenant(gatewayUrl, 'Redis probe'),
    await registerTenant(gatewayUrl, 'Redis back'),
  ];
  await servers.down('redis');
  const down = await reads(gatewayUrl, duringOutage, READ_LIMIT + OVER_LIMIT);
  let writing = true;
  const writer = runClient(gatewayUrl, duringOutage, 'redis', 'writes-only', () => writing);
  await sleep(2_000);
  writing = false;
  const tally = await writer;
  await servers.up('redis');

  const redis = new Redis(servers.env.REDIS_URL!, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    // The gateway reconnects by itself (ioredis, backing off to 2 s): its counters appear in Redis again.
    const backAfter = Date.now();
    const counted = await eventually(
      async () => {
        await request(gatewayUrl, 'GET', '/api/leads/?page_size=1', { token: probe.access });
        return (await redis.get(readCounterKey(probe))) !== null ? true : undefined;
      },
      20_000,
      250,
    );
    if (!counted) throw new Error('the gateway never counted in Redis again after it came back');
    const backSeconds = (Date.now() - backAfter) / 1000;
    const up = await reads(gatewayUrl, afterOutage, READ_LIMIT + OVER_LIMIT);
    const counter = Number(await redis.get(readCounterKey(afterOutage)));
    for (const other of [...down.other, ...up.other]) console.log(`  unexpected: ${other}`);
    return {
      tenants: [duringOutage],
      tallies: [tally],
      counts: {
        '(a) Redis down: reads served / limited (429)': `${down.served} / ${down.limited}`,
        '(a) Redis down: writes answered': writesOf([tally]),
        '(a) Redis back: counting in Redis again after (s)': backSeconds.toFixed(1),
        '(a) Redis back: reads served / limited (429), Redis counter': `${up.served} / ${up.limited}, ${counter}`,
      },
      checks: [
        { what: '(a) Redis down: reads served (the in-memory limit)', value: down.served, expected: READ_LIMIT },
        { what: '(a) Redis down: reads limited past it', value: down.limited, expected: OVER_LIMIT },
        { what: '(a) Redis down: writes not answered as expected', value: tally.failures.length },
        { what: '(a) Redis back: reads served (the limit, counted in Redis)', value: up.served, expected: READ_LIMIT },
        { what: '(a) Redis back: reads limited past it', value: up.limited, expected: OVER_LIMIT },
        { what: '(a) Redis back: the user’s counter in Redis', value: counter, expected: READ_LIMIT + OVER_LIMIT },
        { what: '(a) answers other than 200 or 429', value: down.other.length + up.other.length },
      ],
    };
  } finally {
    redis.disconnect();
  }
}

const brokerConnections = (system: ProcessSystem, name: string) => system.running[name]!.lines.filter((line) => line.msg === 'broker connected').length;

async function brokerOutage(system: ProcessSystem, servers: Servers, db: Client): Promise<Phase> {
  const tenant = await registerTenant(system.gatewayUrl, 'Broker down');
  const connectedBefore = Object.fromEntries(SERVICE_PROCESSES.map(({ name }) => [name, brokerConnections(system, name)]));
  await servers.down('rabbitmq');
  const down = Date.now();
  let writing = true;
  const clients = Promise.all([0, 1].map((c) => runClient(system.gatewayUrl, tenant, `mq${c}`, 'writes-only', () => writing)));
  // Readers of their own: the read limit of this script (READ_LIMIT a minute per user) is phase (a)'s.
  const readers = await Promise.all(['Broker down reader 1', 'Broker down reader 2', 'Broker down reader 3'].map((name) => registerTenant(system.gatewayUrl, name)));
  const watching = watchWhileDown(system, readers, () => writing);
  // A pod started during the outage (a rollout, a scale-up): it must start, become ready and serve.
  await system.stop(STARTED_DURING_OUTAGE);
  const startedAt = Date.now();
  await system.start(STARTED_DURING_OUTAGE);
  const startSeconds = (Date.now() - startedAt) / 1000;
  connectedBefore[STARTED_DURING_OUTAGE] = 0;
  const startedReady = (await request(system.serviceUrls[STARTED_DURING_OUTAGE]!, 'GET', '/readyz')).status;
  const startedServes = (await request(system.gatewayUrl, 'GET', '/api/audit-logs/?page_size=5', { token: tenant.access })).status;
  await sleep(Math.max(0, BROKER_DOWN_MS - (Date.now() - down)));
  writing = false;
  const [tallies, watched] = await Promise.all([clients, watching]);
  const held = await deliveryNow(db);
  // Nothing held back would mean the broker was never really away: no test at all.
  if (held.unpublished === 0) throw new Error('no event waited in an outbox while RabbitMQ was down');
  await servers.up('rabbitmq');
  const back = Date.now();
  const delivery = await waitForDelivery(db, DELIVERY_WAIT_MS);
  // A service retries its connection with backoff (up to 30 s apart), so one may come back after the events are through.
  const notReconnected = () => SERVICE_PROCESSES.filter(({ name }) => brokerConnections(system, name) === connectedBefore[name]).map(({ name }) => name);
  await eventually(async () => (notReconnected().length === 0 ? true : undefined), RECONNECT_WAIT_MS, 250);
  const reconnectSeconds = (Date.now() - back) / 1000;
  const reconnected = SERVICE_PROCESSES.length - notReconnected().length;
  if (notReconnected().length > 0) console.log(`  not reconnected to RabbitMQ: ${notReconnected().join(', ')}`);
  for (const failure of [...tallies.flatMap((tally) => tally.failures), ...watched.failures].slice(0, 10)) console.log(`  unexpected: ${failure}`);
  return {
    tenants: [tenant],
    tallies,
    counts: {
      '(b) RabbitMQ down: seconds': BROKER_DOWN_MS / 1000,
      '(b) RabbitMQ down: writes answered': writesOf(tallies),
      '(b) RabbitMQ down: reads answered 200': watched.reads,
      '(b) RabbitMQ down: /readyz answers 200 (every service, every 2 s)': watched.ready,
      [`(b) RabbitMQ down: ${STARTED_DURING_OUTAGE} started (s), then /readyz, then a read through the gateway`]: `${startSeconds.toFixed(1)}, ${startedReady}, ${startedServes}`,
      '(b) RabbitMQ down: events held in outboxes': held.unpublished,
      '(b) RabbitMQ back: services reconnected by themselves': `${reconnected} of ${SERVICE_PROCESSES.length}, all within ${reconnectSeconds.toFixed(1)} s`,
      '(b) RabbitMQ back: every event delivered within (s)': delivery.seconds.toFixed(1),
    },
    checks: [
      { what: '(b) RabbitMQ down: writes not answered as expected', value: tallies.flatMap((tally) => tally.failures).length },
      { what: '(b) RabbitMQ down: reads or /readyz not answered 200', value: watched.failures.length },
      { what: `(b) RabbitMQ down: ${STARTED_DURING_OUTAGE} started meanwhile not ready or not serving`, value: Number(startedReady !== 200) + Number(startedServes !== 200) },
      { what: `(b) services not reconnected to RabbitMQ within ${RECONNECT_WAIT_MS / 1000} s`, value: SERVICE_PROCESSES.length - reconnected },
      ...deliveryChecks(delivery).map((check) => ({ ...check, what: `(b) ${check.what} (${DELIVERY_WAIT_MS / 1000} s after RabbitMQ was back)` })),
    ],
  };
}

/**
 * Reads through the gateway (one reader after the other, within the read limit) and every service's
 * /readyz, every 2 s while `going`: each must answer 200.
 */
async function watchWhileDown(system: ProcessSystem, readers: ScriptTenant[], going: () => boolean) {
  const seen = { reads: 0, ready: 0, failures: [] as string[] };
  const paths = ['/api/leads/?page_size=5', '/api/contacts/?page_size=5', '/api/accounts/?page_size=5'];
  for (let round = 0; going(); round += 1) {
    {
      const path = paths[round % paths.length]!;
      const answer = await request(system.gatewayUrl, 'GET', path, { token: readers[round % readers.length]!.access });
      if (answer.status === 200) seen.reads += 1;
      else seen.failures.push(`GET ${path} → ${answer.status} ${answer.text.slice(0, 120)}`);
    }
    for (const { name } of SERVICE_PROCESSES) {
      const probe = await request(system.serviceUrls[name]!, 'GET', '/readyz');
      // The service stopped and started on purpose answers nothing for that moment; every other answer counts.
      if (probe.status === 0 && name === STARTED_DURING_OUTAGE) continue;
      if (probe.status === 200) seen.ready += 1;
      else seen.failures.push(`${name} /readyz → ${probe.status} ${probe.text.slice(0, 120)}`);
    }
    await sleep(2_000);
  }
  return seen;
}

/** One request of each kind a client makes, each to a service that needs the database for it. */
const DURING_DATABASE_OUTAGE: Array<[method: string, path: string, body?: unknown]> = [
  ['POST', '/api/leads/', { first_name: 'Never', last_name: 'Written', company_name: 'Outage Ltd' }],
  ['POST', '/api/contacts/', { first_name: 'Never', last_name: 'Written' }],
  ['GET', '/api/leads/?page_size=5'],
  ['GET', '/api/contacts/?page_size=5'],
  ['GET', '/api/accounts/?page_size=5'],
  ['GET', '/api/audit-logs/?page_size=5'],
  ['GET', '/api/auth/me/'],
];

async function databaseOutage(system: ProcessSystem, servers: Servers, db: Client): Promise<Phase> {
  const tenant = await registerTenant(system.gatewayUrl, 'Database down');
  await servers.down('postgres');
  const cut = Date.now();
  const answers = await Promise.all(
    DURING_DATABASE_OUTAGE.map(async ([method, path, body]) => {
      const started = Date.now();
      const answer = await request(system.gatewayUrl, method, path, { token: tenant.access, body });
      return { what: `${method} ${path.split('?')[0]}`, ...answer, ms: Date.now() - started };
    }),
  );
  await sleep(Math.max(0, DATABASE_DOWN_MS - (Date.now() - cut)));
  await servers.up('postgres');

  const back = Date.now();
  const recovered = await eventually(
    async () => ((await request(system.gatewayUrl, 'GET', '/api/leads/?page_size=1', { token: tenant.access })).status === 200 ? true : undefined),
    30_000,
    250,
  );
  const recoverySeconds = (Date.now() - back) / 1000;
  let writing = true;
  const writer = runClient(system.gatewayUrl, tenant, 'pg', 'writes-only', () => writing);
  await sleep(3_000);
  writing = false;
  const tally = await writer;

  const not503 = answers.filter((answer) => answer.status !== 503);
  const slow = answers.filter((answer) => answer.ms > PROMPT_MS);
  for (const answer of [...not503, ...slow]) console.log(`  unexpected: ${answer.what} → ${answer.status} in ${answer.ms} ms ${answer.text.slice(0, 120)}`);
  for (const failure of tally.failures.slice(0, 10)) console.log(`  unexpected: ${failure}`);
  return {
    tenants: [tenant],
    tallies: [tally],
    counts: {
      '(c) PostgreSQL down: requests answered 503': `${answers.length - not503.length} of ${answers.length}`,
      '(c) PostgreSQL down: slowest answer (ms)': Math.max(...answers.map((answer) => answer.ms)),
      '(c) PostgreSQL back: serving again after (s)': recovered ? recoverySeconds.toFixed(1) : 'never',
      '(c) PostgreSQL back: writes answered': writesOf([tally]),
    },
    checks: [
      { what: '(c) PostgreSQL down: answers other than 503', value: not503.length },
      { what: `(c) PostgreSQL down: answers slower than ${PROMPT_MS} ms`, value: slow.length },
      { what: '(c) PostgreSQL back: not serving again within 30 s', value: recovered ? 0 : 1 },
      { what: '(c) PostgreSQL back: writes not answered as expected', value: tally.failures.length },
    ],
  };
}

/** After every outage: no service died, none hit an unhandled error, every record and event is where it belongs. */
async function lossChecks(system: ProcessSystem, db: Client, phases: Phase[]): Promise<Parameters<typeof report>> {
  const exited = SERVICE_PROCESSES.filter(({ name }) => system.running[name]!.child.exitCode !== null || system.running[name]!.child.signalCode !== null);
  const unhandled = SERVICE_PROCESSES.flatMap(({ name }) => system.running[name]!.lines.filter((line) => line.msg === 'unhandled error'));
  for (const line of unhandled.slice(0, 5)) console.log(`  unhandled: ${JSON.stringify(line).slice(0, 600)}`);
  const delivery = await waitForDelivery(db, DELIVERY_WAIT_MS);
  const records = await writtenRecordChecks(
    db,
    phases.flatMap((phase) => phase.tenants),
    phases.flatMap((phase) => phase.tallies),
  );
  return [
    SCRIPT,
    {
      ...Object.assign({}, ...phases.map((phase) => phase.counts)),
      ...records.counts,
      'events written to outboxes': delivery.written,
    },
    [
      ...phases.flatMap((phase) => phase.checks),
      { what: 'service processes that exited', value: exited.length },
      { what: 'unhandled errors (500) logged by the services', value: unhandled.length },
      ...deliveryChecks(delivery),
      ...records.checks,
    ],
  ];
}
