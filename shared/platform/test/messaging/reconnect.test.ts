import { randomBytes } from 'node:crypto';
import pino from 'pino';
import type { DataSource } from '../../src/database';
import { Broker, enqueueEvent, EventConsumer, OutboxRelay, type CrmEvent } from '../../src/messaging';
import { AMQP_URL, DATABASE_URL, delay, eventsFrom, eventually, forceCloseConnection, logger, openTestDatabase, RawAmqp, uniqueNamespace } from './helpers';

const namespace = uniqueNamespace('reconnect');
const TENANT = '7a9c1e3b-5d7f-4a2c-8e4b-6f8a0c2e4b6d';

let dataSource: DataSource, raw: RawAmqp;
const cleanup: { stop?(): Promise<void>; close?(): Promise<void> }[] = [];

const event = eventsFrom('reconnecttest', TENANT);

async function enqueue(e: CrmEvent): Promise<void> {
  await dataSource.transaction((manager) => enqueueEvent(manager, e));
}

beforeAll(async () => {
  dataSource = await openTestDatabase('msgtest_reconnect');
  raw = await RawAmqp.open();
});

afterEach(async () => {
  for (const part of cleanup.splice(0).reverse()) await (part.stop ?? part.close)!.call(part);
});

afterAll(async () => {
  await raw.deleteNamespace(namespace, ['resume']);
  await raw.close();
  await dataSource.destroy();
});

describe('broker reconnection', () => {
  it('when RabbitMQ closes the connection, then the broker reconnects and the relay and the consumer resume', async () => {
    const connectionName = `msgtest-${randomBytes(6).toString('hex')}`;
    const broker = new Broker({ url: AMQP_URL, namespace, logger, reconnectDelayMs: 50, connectionName });
    let connections = 0;
    broker.onConnected(() => {
      connections += 1;
    });
    await broker.connect();
    const received: string[] = [];
    const consumer = new EventConsumer({
      dataSource,
      broker,
      logger,
      service: 'resume',
      bindings: ['resume.*'],
      handler: async (e) => {
        received.push(e.id);
      },
      deps: undefined,
    });
    const relay = new OutboxRelay({ dataSource, broker, logger, databaseUrl: DATABASE_URL, pollIntervalMs: 5000 });
    cleanup.push(broker, relay, consumer);
    await consumer.start();
    relay.start();

    const before = event('resume.before');
    await enqueue(before);
    await eventually(() => received.includes(before.id), 'the event before the outage');

    await forceCloseConnection(connectionName);
    await eventually(() => connections >= 2 && broker.isConnected(), 'the reconnection', 15_000);

    const after = event('resume.after');
    await enqueue(after);
    await eventually(() => received.includes(after.id), 'the event after the reconnection');
    expect(await relay.backlog()).toBe(0);
  });

  it('when the broker is not connected yet, then the relay keeps the events and publishes them once it connects', async () => {
    const broker = new Broker({ url: AMQP_URL, namespace, logger, reconnectDelayMs: 50 });
    const relay = new OutboxRelay({ dataSource, broker, logger, databaseUrl: DATABASE_URL, pollIntervalMs: 5000 });
    cleanup.push(broker, relay);
    relay.start();
    const held = event('held.created');
    await enqueue(held);
    await delay(200);
    expect(await relay.backlog()).toBe(1);

    const wire = await raw.spy(namespace, 'held.*');
    await broker.connect(); // its 'connected' wakes the relay: no waiting for the poll interval
    await eventually(() => wire.length === 1, 'the held event', 2_000);
    expect(wire[0].properties.messageId).toBe(held.id);
    await eventually(async () => (await relay.backlog()) === 0, 'the row marked');
  });

  it('when RabbitMQ cannot be reached, then connect() keeps retrying, logs each failure, and gives up only on close()', async () => {
    const lines: { level: string | number; msg: string; attempt?: number }[] = [];
    const capture = pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const broker = new Broker({ url: 'amqp://guest:guest@127.0.0.1:1', namespace, logger: capture, reconnectDelayMs: 10 });
    const connecting = broker.connect();
    await eventually(() => lines.filter((l) => l.msg === 'broker connection failed').length >= 3, 'three failed attempts');
    expect(broker.isConnected()).toBe(false);
    expect(lines.slice(0, 3).map((l) => l.attempt)).toEqual([1, 2, 3]);

    await broker.close();
    await expect(connecting).rejects.toThrow(/closed/);
  });
});
