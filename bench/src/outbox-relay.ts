import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Broker, createEvent, createLogger, enqueueEvents, EventConsumer, openServiceDatabase, OutboxRelay, type CrmEvent, type DataSource } from '@crm/platform';
import { BENCH_ENV, freshBenchDatabase, OUTBOX_MIGRATIONS } from './bench-system';
import { placeBrokerLogRollover, watchBrokerLog } from './support/broker-log';

/**
 * The outbox relay (issue 8; targets: at least 5,000 events/s sustained, event lag p99 under 100 ms).
 *
 * Producer (this process, as a service's process would be): four async loops write events at a steady
 * offered rate into the outbox of a schema of its own with the real `enqueueEvents` (the INSERT and the
 * NOTIFY of every service), in committed transactions of the events due since the previous one (a few
 * each at 5,000/s; at most 100), each event the size of a `lead.created`. The real `OutboxRelay`, with the
 * settings every service runs it with (LISTEN/NOTIFY wake-up, 1 s poll, batches of up to 500 rows, each
 * locked, published, confirmed by the broker and marked in one transaction, two batches in flight),
 * publishes them to the namespace's exchange.
 *
 * Consumer (a child process, as the consuming service would be): a probe on a quorum queue of its own
 * (declared like every service's) bound to the probe events, acking each message, notes when each
 * arrives. Lag = arrival − the time the producing transaction's COMMIT returned (both read this machine's
 * clock as `performance.timeOrigin + performance.now()`): NOTIFY, the relay's batch, the broker and the
 * delivery. The probe, not the real `EventConsumer`, because the latter handles each event in an inbox
 * transaction of its own (three round trips and a commit): one process of it does not reach 5,000/s on
 * this machine, which would measure the consumer, not the relay; its own rate is measured last.
 *
 * Two windows of the same writers and load, one after the other. First without the relay: each writer
 * publishes its events itself right after its COMMIT, never waiting for confirms, which is as fast as
 * the broker lets events through on this machine under this database load (no outbox, not at least once:
 * a bound, not a design). Then with the relay. Beside each, the broker's own latency: a small message
 * every `DIRECT_EVERY_MS` on a connection of its own straight to the probe's queue (no database), queued
 * behind the window's events. And the broker's quorum-queue log is watched: when it rolls over into
 * segment files, every busy quorum queue here stalls for a few hundred ms (docs/benchmarks.md §6), and the
 * window says so. `BENCH_RELAY_STALL=1` places such a rollover in the middle of each window (from the
 * broker's files, so only beside the broker), to measure the relay in a broker stall on demand.
 *
 * Figures: the first `WARM_UP_S` seconds are not counted; over the events committed after them,
 * sustained events/s = those events ÷ (their last arrival − the window's start), and lag p50/p95/p99/max.
 * Every event must arrive, or the run fails. Then, for information: the relay's capacity (a backlog of
 * `BURST` events committed at once, drained), and the real `EventConsumer`'s rate (inbox transaction per
 * event, default prefetch and pool) on a backlog of `INBOX_BURST` events, each handled exactly once.
 *
 *   npm run bench -- outbox-relay
 *   BENCH_RELAY_RATE=8000 BENCH_RELAY_SECONDS=10 npm run bench -- outbox-relay
 *   BENCH_RELAY_BATCH_SIZE=1000 BENCH_RELAY_IN_FLIGHT=3 npm run bench -- outbox-relay   (other relay settings)
 *   BENCH_RELAY_STALL=1 npm run bench -- outbox-relay   (a broker-log rollover in each window)
 */
// Above the 5,000/s target, so the sustained figure can show the relay keeping up with more than it.
const RATE = Number(process.env.BENCH_RELAY_RATE ?? 6_000);
const SECONDS = Number(process.env.BENCH_RELAY_SECONDS ?? 20);
const WARM_UP_S = 3;
const BURST = Number(process.env.BENCH_RELAY_BURST ?? 50_000);
const INBOX_BURST = Number(process.env.BENCH_RELAY_INBOX_BURST ?? 10_000);
const BASELINE_MESSAGES = 30_000;
const MAX_PER_TRANSACTION = 100;
/** Concurrent writing loops: one alone, waiting for each commit, cannot offer 6,000/s on a slow day. */
const WRITERS = 4;
const PRODUCER_SCHEMA = 'bench_relay_producer';
/**
 * The no-relay window's outbox, never relayed: in the relay's own table its 120,000 unpublished rows,
 * deleted, would leave as many dead entries at the head of the relay's index for it to step over.
 */
const UNRELAYED_SCHEMA = 'bench_relay_unrelayed';
const CONSUMER_SCHEMA = 'bench_relay_consumer';
/** Routing keys: the probe's queue takes both, the real consumer's only the second. */
const PROBE_TYPE = 'bench.relay.probe';
const DIRECT_TYPE = 'bench.relay.direct';
const DIRECT_EVERY_MS = 10;
/** BENCH_RELAY_STALL=1: a rollover of the broker's quorum log placed in the middle of each window. */
const STALL = process.env.BENCH_RELAY_STALL === '1';
/** What one event adds to the broker's log (message, delivery, settlement): 1.53 KB measured here. */
const LOG_BYTES_PER_EVENT = 1_550;
const BASELINE_TYPE = 'bench.relay.baseline';
const INBOX_TYPE = 'bench.relay.inbox';
const PROBE_QUEUE = 'bench-relay-probe';
const INBOX_SERVICE = 'bench-relay-inbox';
/**
 * A broker namespace of its own: in the benchmarks' namespace, the services' durable queues (audit's is
 * bound to every key) would keep these events for the next benchmark that starts the system.
 */
const RELAY_NAMESPACE = `${BENCH_ENV.AMQP_NAMESPACE}-relay`;
/** As services open theirs (DATABASE_POOL_SIZE's default). */
const POOL_SIZE = 10;
const PROBE_PREFETCH = 1_000;

const clock = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** (event id, arrival time) pairs. */
type Receipts = Array<[string, number]>;
/**
 * Consumer → producer: 'ready', then arrivals at the probe, at the real consumer's handler and at the
 * direct probe. Producer → consumer: 'stop'.
 */
type FromConsumer = 'ready' | { probe: Receipts; handled: Receipts; direct: Receipts };

function brokerFor(role: string): Broker {
  return new Broker({ url: BENCH_ENV.AMQP_URL, namespace: RELAY_NAMESPACE, logger: createLogger(role, 'warn'), connectionName: role });
}

const openSchema = (schema: string): Promise<DataSource> =>
  openServiceDatabase({ url: BENCH_ENV.DATABASE_URL, schema, migrations: OUTBOX_MIGRATIONS, poolSize: POOL_SIZE });

// ---- consumer process ----

async function runConsumer(): Promise<void> {
  const dataSource = await openSchema(CONSUMER_SCHEMA);
  const broker = brokerFor('bench-relay-consumer');
  await broker.connect();
  const { exchange, queue } = broker.names;
  const probeQueue = queue(PROBE_QUEUE);
  const channel = await broker.createChannel();
  // Queues left by an interrupted run would bring its messages.
  for (const name of [probeQueue, queue(INBOX_SERVICE)]) await channel.deleteQueue(name);
  await channel.assertQueue(probeQueue, { durable: true, arguments: { 'x-queue-type': 'quorum' } });
  for (const key of [PROBE_TYPE, INBOX_TYPE, DIRECT_TYPE]) await channel.bindQueue(probeQueue, exchange, key);
  await channel.prefetch(PROBE_PREFETCH);
  const received = { probe: [] as Receipts, handled: [] as Receipts, direct: [] as Receipts };
  await channel.consume(probeQueue, (message) => {
    if (!message) return;
    const receipts = message.properties.type === DIRECT_TYPE ? received.direct : received.probe;
    receipts.push([message.properties.messageId as string, clock()]);
    channel.ack(message);
  });
  const consumer = new EventConsumer({
    dataSource,
    broker,
    logger: createLogger('bench-relay-inbox', 'warn'),
    service: INBOX_SERVICE,
    bindings: [INBOX_TYPE],
    handler: async (event) => void received.handled.push([event.id, clock()]),
    deps: undefined,
  });
  await consumer.start();
  const flush = () => {
    if (received.probe.length + received.handled.length + received.direct.length === 0) return;
    process.send!({ ...received });
    received.probe = [];
    received.handled = [];
    received.direct = [];
  };
  const flushing = setInterval(flush, 50);
  process.send!('ready');
  await new Promise<void>((resolve) => process.on('message', (message) => message === 'stop' && resolve()));
  await consumer.stop();
  clearInterval(flushing);
  flush();
  for (const name of [probeQueue, queue(INBOX_SERVICE)]) await channel.deleteQueue(name);
  await broker.close();
  await dataSource.destroy();
  process.disconnect();
}

// ---- producer process ----

/** The consumer child, once it consumes; what arrives goes to `onArrivals`. */
async function startConsumerProcess(onArrivals: (arrivals: Exclude<FromConsumer, 'ready'>) => void): Promise<ChildProcess> {
  const child = fork(__filename, ['consumer'], { stdio: 'inherit' });
  await new Promise<void>((resolve, reject) => {
    child.on('message', (message: FromConsumer) => (message === 'ready' ? resolve() : onArrivals(message)));
    child.once('exit', (code) => reject(new Error(`the consumer process exited (${code})`)));
  });
  return child;
}

/** A `lead.created`-sized event (~1 KB on the wire). */
function probeEvent(type: string, tenantId: string, n: number): CrmEvent {
  return createEvent({
    source: 'bench',
    type,
    subject: randomUUID(),
    tenantId,
    actor: { user_id: tenantId, profile_id: tenantId },
    data: {
      n,
      first_name: 'Ada',
      last_name: `Lovelace ${n}`,
      email: `ada.${n}@engines.test`,
      phone: '+44 20 7946 0000',
      company_name: 'Analytical Engines',
      title: 'Chief Mathematician',
      status: 'new',
      source: 'website_form',
      tags: ['bench', 'relay'],
      custom_fields: { region: 'emea', score: n % 100 },
      opportunity_amount: '1250.00',
      currency: 'GBP',
      assigned_to: { id: tenantId, email: 'owner@engines.test' },
      created_at: new Date().toISOString(),
      version: 1,
    },
  });
}

/** Event id → when the COMMIT of its transaction returned. */
type Commits = Map<string, number>;

/**
 * Writes `RATE` events a second for `SECONDS` from `WRITERS` concurrent loops (as a service's concurrent
 * requests write on its pool), each transaction taking the events due since the last (at most 100).
 */
async function writeSteadily(
  dataSource: DataSource,
  tenantId: string,
  afterCommit?: (events: CrmEvent[]) => void,
): Promise<{ commits: Commits; started: number; seconds: number }> {
  const commits: Commits = new Map();
  const started = clock();
  let written = 0;
  const writer = async (): Promise<void> => {
    for (let elapsed = 0; elapsed < SECONDS * 1000; elapsed = clock() - started) {
      const due = Math.min(MAX_PER_TRANSACTION, Math.floor((elapsed / 1000) * RATE) - written);
      if (due <= 0) {
        await sleep(1);
        continue;
      }
      const events = Array.from({ length: due }, (_, i) => probeEvent(PROBE_TYPE, tenantId, written + i));
      written += due; // taken before the commit, so the other writers do not write the same share
      await dataSource.transaction((manager) => enqueueEvents(manager, events));
      const committed = clock();
      for (const event of events) commits.set(event.id, committed);
      afterCommit?.(events);
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, writer));
  return { commits, started, seconds: (clock() - started) / 1000 };
}

/**
 * Publishes a small persistent message straight to the exchange every `DIRECT_EVERY_MS` until `until`
 * settles (the probe's queue takes them): message id → when it was published.
 */
async function publishDirectly(broker: Broker, window: string, until: Promise<unknown>): Promise<Map<string, number>> {
  const sent = new Map<string, number>();
  const channel = await broker.createConfirmChannel();
  let done = false;
  void until.finally(() => (done = true));
  for (let n = 0; !done; n += 1) {
    const id = `${window}: direct-${n}`;
    sent.set(id, clock());
    channel.publish(broker.names.exchange, DIRECT_TYPE, Buffer.from(id), { persistent: true, messageId: id, type: DIRECT_TYPE });
    await sleep(DIRECT_EVERY_MS);
  }
  await channel.waitForConfirms();
  await channel.close();
  return sent;
}

/** `count` events committed as fast as they can be, 5,000 a transaction (an import's size). */
async function writeBacklog(dataSource: DataSource, type: string, tenantId: string, count: number): Promise<Commits> {
  const commits: Commits = new Map();
  for (let n = 0; n < count; n += 5_000) {
    const events = Array.from({ length: Math.min(5_000, count - n) }, (_, i) => probeEvent(type, tenantId, n + i));
    await dataSource.transaction((manager) => enqueueEvents(manager, events));
    const committed = clock();
    for (const event of events) commits.set(event.id, committed);
  }
  return commits;
}

/** Every event committed must arrive: waits for them, fails with the count of the missing; answers the last arrival. */
async function lastArrival(commits: Commits, arrived: Map<string, number>, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const missing = [...commits.keys()].filter((id) => !arrived.has(id)).length;
    if (missing === 0) return Math.max(...[...commits.keys()].map((id) => arrived.get(id)!));
    if (Date.now() > deadline) throw new Error(`${missing} of ${commits.size} events never arrived`);
    await sleep(50);
  }
}

/** The exchanges, the dead-letter queue and the change stream every broker declares (the consumer removed its queues). */
async function removeNamespace(broker: Broker): Promise<void> {
  const { exchange, deadLetterExchange, deadLetterQueue, changeStream } = broker.names;
  const channel = await broker.createChannel();
  await channel.deleteQueue(deadLetterQueue);
  await channel.deleteQueue(changeStream);
  await channel.deleteExchange(exchange);
  await channel.deleteExchange(deadLetterExchange);
  await channel.close();
}

/**
 * The baseline: what the broker alone takes on this machine now, with no database and no relay. Messages
 * of the probe events' size and properties are published persistent with confirms (awaited every 500,
 * the relay's batch) to the exchange, while a consumer on a connection of its own takes them from a quorum
 * queue as the probe does (prefetch, an ack each). Messages per second, publish to last ack.
 */
async function brokerAlone(messages: number): Promise<number> {
  const publisher = brokerFor('bench-relay-baseline-publisher');
  const consumer = brokerFor('bench-relay-baseline-consumer');
  await publisher.connect();
  await consumer.connect();
  const queue = publisher.names.queue('bench-relay-baseline');
  const publishing = await publisher.createConfirmChannel();
  const consuming = await consumer.createChannel();
  try {
    await publishing.deleteQueue(queue);
    await publishing.assertQueue(queue, { durable: true, arguments: { 'x-queue-type': 'quorum' } });
    await publishing.bindQueue(queue, publisher.names.exchange, BASELINE_TYPE);
    await consuming.prefetch(PROBE_PREFETCH);
    let acked = 0;
    const allAcked = new Promise<void>((resolve) => {
      void consuming.consume(queue, (message) => {
        if (!message) return;
        consuming.ack(message);
        if ((acked += 1) === messages) resolve();
      });
    });
    const event = probeEvent(BASELINE_TYPE, randomUUID(), 0);
    const body = Buffer.from(JSON.stringify(event));
    const started = clock();
    for (let n = 1; n <= messages; n += 1) {
      const accepted = publishing.publish(publisher.names.exchange, BASELINE_TYPE, body, { persistent: true, messageId: String(n), type: BASELINE_TYPE, headers: {} });
      if (!accepted) await new Promise((resolve) => publishing.once('drain', resolve));
      if (n % 500 === 0) await publishing.waitForConfirms();
    }
    await publishing.waitForConfirms();
    await allAcked;
    return messages / ((clock() - started) / 1000);
  } finally {
    await consuming.close();
    await publishing.deleteQueue(queue);
    await publishing.close();
    await consumer.close();
    await publisher.close();
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const perSecond = (events: number, fromMs: number, toMs: number) => (events / ((toMs - fromMs) / 1000)).toFixed(0);

/** Arrival times of everything the consumer process reports, by kind. */
interface Arrivals {
  probe: Map<string, number>;
  handled: Map<string, number>;
  direct: Map<string, number>;
}

/**
 * One window of `SECONDS` at `RATE`: the writers commit events to the outbox while the direct probe
 * publishes beside them; prints the window's figures, answers the lag p99. The events reach the broker
 * through `afterCommit` when given, else through the relay (the caller's, running).
 */
async function measureWindow(
  label: string,
  afterCommit: ((events: CrmEvent[]) => void) | undefined,
  context: { dataSource: DataSource; broker: Broker; tenantId: string; arrivals: Arrivals; brokerAlone: number },
): Promise<number> {
  const { dataSource, tenantId, arrivals } = context;
  const stallPlaced = STALL && (await placeBrokerLogRollover(context.broker, (WARM_UP_S + (SECONDS - WARM_UP_S) / 2) * RATE * LOG_BYTES_PER_EVENT));
  console.log(`-- ${label}: ${RATE} events/s offered for ${SECONDS} s (the first ${WARM_UP_S} s not counted)` +
    (STALL ? (stallPlaced ? ', with a broker-log rollover placed mid-window' : ' (BENCH_RELAY_STALL: the broker log is not readable here)') : ''));
  const watch = watchBrokerLog(clock);
  const writing = writeSteadily(dataSource, tenantId, afterCommit);
  const directBroker = brokerFor('bench-relay-direct');
  await directBroker.connect();
  const direct = await publishDirectly(directBroker, label, writing);
  const steady = await writing;
  await lastArrival(steady.commits, arrivals.probe, 60_000);
  await lastArrival(direct, arrivals.direct, 60_000);
  await directBroker.close();
  const rollovers = watch.stop();
  const windowStart = steady.started + WARM_UP_S * 1000;
  const counted = [...steady.commits].filter(([, committed]) => committed >= windowStart);
  const lags = counted.map(([id, committed]) => arrivals.probe.get(id)! - committed).sort((a, b) => a - b);
  const directLags = [...direct].filter(([, sent]) => sent >= windowStart).map(([id, sent]) => arrivals.direct.get(id)! - sent).sort((a, b) => a - b);
  const windowEnd = Math.max(...counted.map(([id]) => arrivals.probe.get(id)!));
  const at = (ms: number) => new Date(ms).toISOString().slice(11, 23);
  console.log(`offered   ${perSecond(steady.commits.size, 0, steady.seconds * 1000)} events/s (${steady.commits.size} events in ${steady.seconds.toFixed(1)} s)`);
  const sustained = counted.length / ((windowEnd - windowStart) / 1000);
  const target = (text: string) => (afterCommit ? '' : `  target ${text}`); // the targets are the relay's
  console.log(`sustained ${sustained.toFixed(0)} events/s over ${counted.length} events${target('>= 5000')}  (${(sustained / context.brokerAlone).toFixed(2)} of the broker alone)`);
  const p99 = percentile(lags, 99);
  console.log(`lag commit → arrival  p50 ${percentile(lags, 50).toFixed(1)} ms  p95 ${percentile(lags, 95).toFixed(1)} ms  ` +
    `p99 ${p99.toFixed(1)} ms  max ${lags[lags.length - 1]!.toFixed(1)} ms${target('p99 < 100 ms')}`);
  console.log(`the broker alone, same window and queue (a message every ${DIRECT_EVERY_MS} ms published straight to it): lag p50 ${percentile(directLags, 50).toFixed(1)} ms  ` +
    `p99 ${percentile(directLags, 99).toFixed(1)} ms  max ${directLags[directLags.length - 1]!.toFixed(1)} ms`);
  const late = counted.filter(([id, committed]) => arrivals.probe.get(id)! - committed >= 100).map(([, committed]) => committed);
  if (late.length > 0) console.log(`events 100 ms late or more: ${late.length}, committed between ${at(Math.min(...late))} and ${at(Math.max(...late))} UTC`);
  const inWindow = rollovers?.filter((time) => time >= windowStart - 1000);
  console.log(`the broker's quorum log: ${inWindow === undefined ? 'not watched (its files are not readable here)'
    : inWindow.length === 0 ? 'no rollover in the window'
    : `rolled over at ${inWindow.map(at).join(', ')} UTC (a broker stall, docs/benchmarks.md §6)`}`);
  return p99;
}

async function runProducer(): Promise<void> {
  await freshBenchDatabase();
  const dataSource = await openSchema(PRODUCER_SCHEMA);
  const arrivals: Arrivals = { probe: new Map(), handled: new Map(), direct: new Map() };
  let redelivered = 0;
  let handledTwice = 0;
  const consumer = await startConsumerProcess(({ probe, handled, direct }) => {
    for (const [id, at] of probe) arrivals.probe.has(id) ? (redelivered += 1) : arrivals.probe.set(id, at);
    for (const [id, at] of handled) arrivals.handled.has(id) ? (handledTwice += 1) : arrivals.handled.set(id, at);
    for (const [id, at] of direct) arrivals.direct.set(id, at);
  });
  // Before anything else runs: the broker's own ceiling, the baseline of the figures below.
  const baseline = await brokerAlone(BASELINE_MESSAGES);
  const broker = brokerFor('bench-relay-producer');
  await broker.connect();
  const relay = new OutboxRelay({
    dataSource,
    broker,
    logger: createLogger('bench-relay', 'warn'),
    databaseUrl: BENCH_ENV.DATABASE_URL,
    // The services' defaults unless set, to try others.
    batchSize: process.env.BENCH_RELAY_BATCH_SIZE ? Number(process.env.BENCH_RELAY_BATCH_SIZE) : undefined,
    batchesInFlight: process.env.BENCH_RELAY_IN_FLIGHT ? Number(process.env.BENCH_RELAY_IN_FLIGHT) : undefined,
  });
  const context = { dataSource, broker, tenantId: randomUUID(), arrivals, brokerAlone: baseline };
  try {
    console.log(`baseline: the broker alone (publish with confirms and consume at once, quorum queue, no database): ${baseline.toFixed(0)} messages/s`);

    // The same writers and database load, each writer publishing its events itself right after its
    // COMMIT without waiting for confirms: what the broker gives with no relay in between (not at least
    // once, so no design of ours), the lag the relay is held against.
    const unrelayed = await openSchema(UNRELAYED_SCHEMA);
    const channel = await broker.createConfirmChannel();
    const publishAfterCommit = (events: CrmEvent[]) => {
      for (const event of events) {
        channel.publish(broker.names.exchange, event.type, Buffer.from(JSON.stringify(event)), { persistent: true, messageId: event.id, type: event.type });
      }
    };
    const unrelayedP99 = await measureWindow('no relay: each writer publishes after its commit', publishAfterCommit, { ...context, dataSource: unrelayed });
    await channel.waitForConfirms();
    await channel.close();
    await unrelayed.destroy();

    relay.start();
    const relayP99 = await measureWindow('outbox relay', undefined, context);
    const [batches] = await dataSource.query(`SELECT count(DISTINCT published_at)::int AS batches, count(*)::int AS events FROM outbox`);
    console.log(`relay batches ${batches.batches} (mean ${(batches.events / batches.batches).toFixed(1)} events)`);
    console.log(`relay lag p99: ${(relayP99 / unrelayedP99).toFixed(2)} × the no-relay window's (comparable when both windows had a rollover, or neither)`);

    const backlogStart = clock();
    const backlog = await writeBacklog(dataSource, PROBE_TYPE, context.tenantId, BURST);
    const backlogEnd = await lastArrival(backlog, arrivals.probe, 120_000);
    console.log(`capacity: a backlog of ${BURST} events (committed 5,000 a transaction) arrived in ${((backlogEnd - backlogStart) / 1000).toFixed(2)} s: ` +
      `${perSecond(BURST, backlogStart, backlogEnd)} events/s, ${(BURST / ((backlogEnd - backlogStart) / 1000) / baseline).toFixed(2)} of the broker alone (information)`);

    const inboxStart = clock();
    const inboxBacklog = await writeBacklog(dataSource, INBOX_TYPE, context.tenantId, INBOX_BURST);
    const inboxEnd = await lastArrival(inboxBacklog, arrivals.handled, 120_000);
    if (handledTwice > 0) throw new Error(`${handledTwice} events reached the handler twice: the inbox let them through`);
    console.log(`the real EventConsumer (an inbox transaction per event): ${INBOX_BURST} events handled in ${((inboxEnd - inboxStart) / 1000).toFixed(2)} s: ` +
      `${perSecond(INBOX_BURST, inboxStart, inboxEnd)} events/s, each once (information)`);
    console.log(`redelivered to the probe: ${redelivered} (at least once allows it)`);
  } finally {
    consumer.send('stop');
    await new Promise((resolve) => consumer.once('exit', resolve));
    await relay.stop();
    await removeNamespace(broker);
    await broker.close();
    await dataSource.destroy();
  }
}

(process.argv[2] === 'consumer' ? runConsumer() : runProducer()).catch((error) => {
  console.error(error);
  process.exit(1);
});
