import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Broker, changeStreamArguments, createEvent, DEFAULT_CHANGE_STREAM_RETENTION, createLogger, enqueueEvents, openServiceDatabase, OutboxRelay, readChangeStream, type CrmEvent, type DataSource } from '@crm/platform';
import { BENCH_ENV, OUTBOX_MIGRATIONS } from './bench-system';

/**
 * The change stream `<ns>.changes` (issue 24; targets: a reader takes at least 20,000 events/s, and the relay
 * with the stream bound publishes at least 0.9 of its rate without it, in the same run).
 *
 * Relay cost: the real `OutboxRelay` drains a backlog of `BACKLOG` events (a `lead.created`'s size, committed
 * 5,000 a transaction) from the outbox of a schema of its own to the namespace's exchange, where a quorum
 * queue bound with `#` (as audit's is) takes every event and a consumer acks them. After a warm-up round
 * (not counted), rounds alternate: the stream unbound (no copy routed to it), then bound as every service
 * declares it, `ROUNDS` times; rate =
 * events ÷ (commit of the first → the last row marked published). The stream's figure ÷ the other's, by the
 * median of the rounds.
 *
 * Read rate: `readChangeStream`, the reader of scripts/replay-events.ts and of the tests, attached at `first`
 * of the stream the bound rounds filled, prefetch 1,000: events ÷ (attach → the last one handed over, parsed).
 * The same on the in-process bus of the embedded mode, for information.
 *
 *   npm run bench -- change-stream
 *   BENCH_STREAM_BACKLOG=50000 BENCH_STREAM_ROUNDS=3 npm run bench -- change-stream
 */
const BACKLOG = Number(process.env.BENCH_STREAM_BACKLOG ?? 20_000);
const ROUNDS = Number(process.env.BENCH_STREAM_ROUNDS ?? 3);
const NAMESPACE = `${BENCH_ENV.AMQP_NAMESPACE}-stream`;
const SCHEMA = 'bench_change_stream';
const PER_TRANSACTION = 5_000;
const READ_PREFETCH = 1_000;

const clock = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A `lead.created`-sized event (~1 KB on the wire). */
function leadEvent(tenantId: string, n: number): CrmEvent {
  return createEvent({
    source: 'bench',
    type: 'lead.created',
    subject: randomUUID(),
    tenantId,
    actor: { user_id: tenantId, profile_id: tenantId },
    data: {
      first_name: 'Ada',
      last_name: `Lovelace ${n}`,
      email: `ada.${n}@engines.test`,
      phone: '+44 20 7946 0000',
      company_name: 'Analytical Engines',
      title: 'Chief Mathematician',
      status: 'new',
      source: 'website_form',
      tags: ['bench', 'stream'],
      custom_fields: { region: 'emea', score: n % 100 },
      created_at: new Date().toISOString(),
      version: 1,
    },
  });
}

/** Commits `BACKLOG` events and answers the relay's rate draining them, events/s. */
async function relayRate(dataSource: DataSource): Promise<number> {
  const tenantId = randomUUID();
  const started = clock();
  for (let n = 0; n < BACKLOG; n += PER_TRANSACTION) {
    const events = Array.from({ length: Math.min(PER_TRANSACTION, BACKLOG - n) }, (_, i) => leadEvent(tenantId, n + i));
    await dataSource.transaction((manager) => enqueueEvents(manager, events));
  }
  for (;;) {
    const [{ pending }] = await dataSource.query('SELECT count(*)::int AS pending FROM outbox WHERE published_at IS NULL');
    if (pending === 0) break;
    await sleep(10);
  }
  return BACKLOG / ((clock() - started) / 1000);
}

/** Attaches at `first` and answers the read rate over `expected` changes, events/s. */
async function readRate(broker: Broker, expected: number): Promise<number> {
  let read = 0;
  let last = 0;
  const started = clock();
  const reading = await readChangeStream(broker, broker.names.changeStream, {
    from: 'first',
    prefetch: READ_PREFETCH,
    onChange: () => {
      read += 1;
      last = clock();
    },
  });
  const deadline = Date.now() + 120_000;
  while (read < expected) {
    if (Date.now() > deadline) throw new Error(`read ${read} of ${expected} changes`);
    await sleep(5);
  }
  await reading.stop();
  return read / ((last - started) / 1000);
}

async function onRabbitMq(): Promise<void> {
  const relayBroker = new Broker({ url: BENCH_ENV.AMQP_URL, namespace: NAMESPACE, logger: createLogger('bench-stream-relay', 'warn'), connectionName: 'bench-stream-relay' });
  await relayBroker.connect();
  const { exchange, changeStream } = relayBroker.names;
  const channel = await relayBroker.createChannel();
  // A stream left by an interrupted run would be read too: start from an empty one, declared as the services do
  // (and unbound until the first round that binds it).
  await channel.deleteQueue(changeStream);
  await channel.assertQueue(changeStream, { durable: true, arguments: changeStreamArguments(DEFAULT_CHANGE_STREAM_RETENTION) });
  const auditLike = relayBroker.names.queue('bench-stream-all');
  await channel.deleteQueue(auditLike);
  await channel.assertQueue(auditLike, { durable: true, arguments: { 'x-queue-type': 'quorum' } });
  await channel.bindQueue(auditLike, exchange, '#');
  await channel.prefetch(1_000);
  await channel.consume(auditLike, (message) => message && channel.ack(message));

  const dataSource = await openServiceDatabase({ url: BENCH_ENV.DATABASE_URL, schema: SCHEMA, migrations: OUTBOX_MIGRATIONS, poolSize: 10 });
  await dataSource.query('TRUNCATE outbox'); // what an interrupted run left
  const relay = new OutboxRelay({ dataSource, broker: relayBroker, logger: createLogger('bench-stream-relay', 'warn'), databaseUrl: BENCH_ENV.DATABASE_URL });
  relay.start();
  try {
    await relayRate(dataSource); // warm-up: connections, JIT, the database's caches
    const without: number[] = [];
    const withStream: number[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      await channel.unbindQueue(changeStream, exchange, '#');
      without.push(await relayRate(dataSource));
      await channel.bindQueue(changeStream, exchange, '#');
      withStream.push(await relayRate(dataSource));
      console.log(`round ${round}: relay ${without.at(-1)!.toFixed(0)} events/s without the stream, ${withStream.at(-1)!.toFixed(0)} with it`);
    }
    const ratio = median(withStream) / median(without);
    console.log(`relay with the stream: ${ratio.toFixed(2)} of its rate without it (median of ${ROUNDS} rounds of ${BACKLOG} events)  target >= 0.90`);
    const retained = ROUNDS * BACKLOG; // the bound rounds' (the stream, declared again, was unbound in the warm-up)
    const rate = await readRate(relayBroker, retained);
    console.log(`stream read rate (RabbitMQ, from first, ${retained} changes, prefetch ${READ_PREFETCH}): ${rate.toFixed(0)} events/s  target >= 20000`);
  } finally {
    await relay.stop();
    await channel.deleteQueue(auditLike);
    await channel.deleteQueue(changeStream);
    await channel.close();
    await relayBroker.close();
    await dataSource.query('TRUNCATE outbox');
    await dataSource.destroy();
  }
}

/** The in-process bus: the same events published with confirms, then read from `first` (information). */
async function onInProcessBus(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'bench-stream-bus-'));
  const broker = new Broker({ inProcessJournal: join(folder, 'bus.jsonl'), namespace: NAMESPACE, logger: createLogger('bench-stream-bus', 'warn') });
  try {
    await broker.connect();
    const channel = await broker.createConfirmChannel();
    const tenantId = randomUUID();
    const count = ROUNDS * BACKLOG;
    for (let n = 0; n < count; n += 1) {
      const event = leadEvent(tenantId, n);
      channel.publish(broker.names.exchange, event.type, Buffer.from(JSON.stringify(event)), { persistent: true, messageId: event.id });
    }
    await channel.waitForConfirms();
    const rate = await readRate(broker, count);
    console.log(`stream read rate (in-process bus, from first, ${count} changes): ${rate.toFixed(0)} events/s (information)`);
  } finally {
    await broker.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  await onRabbitMq();
  await onInProcessBus();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
