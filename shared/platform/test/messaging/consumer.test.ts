import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConsumeMessage, GetMessage } from 'amqplib';
import type { DataSource } from '../../src/database';
import { commonConfig, loadConfig } from '../../src/config';
import { currentRequestId } from '../../src/http/request-context';
import { Broker, EventConsumer, pruneHandledMessages, type CrmEvent, type IntegrationEventHandler } from '../../src/messaging';
import { AMQP_URL, delay, eventsFrom, eventually, handledCounts, logger, type MessagingTest, openMessagingTest, RawAmqp, recordHandled, uniqueNamespace } from './helpers';

const namespace = uniqueNamespace('consumer');
const TENANT = '3c1e5a7b-9d2f-4b6e-8a1c-5e7f9b1d3a5c';

let messaging: MessagingTest, dataSource: DataSource, broker: Broker, raw: RawAmqp;
const running: EventConsumer[] = [];

const event = eventsFrom('consumertest', TENANT);

/** Straight onto the exchange, as the relay would: these tests are about the consuming side. */
function publish(e: CrmEvent | { type: string; body: string }, headers: Record<string, string> = {}, userId?: string): void {
  const body = 'body' in e ? e.body : JSON.stringify(e);
  const messageId = 'id' in e ? e.id : undefined;
  raw.channel.publish(broker.names.exchange, e.type, Buffer.from(body), { persistent: true, messageId, headers, userId });
}

async function consumer(service: string, bindings: string[], handler: IntegrationEventHandler<unknown>, deliveryLimit?: number): Promise<EventConsumer> {
  const started = new EventConsumer({ dataSource, broker, logger, service, bindings, handler, deps: undefined, deliveryLimit });
  await started.start();
  running.push(started);
  return started;
}

/** Takes what has reached the dead-letter queue so far. */
async function drainDeadLetters(): Promise<GetMessage[]> {
  const taken: GetMessage[] = [];
  for (;;) {
    const message = await raw.channel.get(broker.names.deadLetterQueue, { noAck: true });
    if (message === false) return taken;
    taken.push(message);
  }
}

beforeAll(async () => {
  messaging = await openMessagingTest('msgtest_consumer', namespace);
  ({ dataSource, broker, raw } = messaging);
});

afterEach(async () => {
  for (const part of running.splice(0)) await part.stop();
  await drainDeadLetters();
});

afterAll(() => messaging.close(['trusted', 'declared', 'poison', 'outage', 'malformed', 'dedupe', 'slow', 'retry', 'context', 'prune', 'rearg', 'late', 'relimit', 'highest']));

describe('the event consumer', () => {
  it("when an event's user-id is not its type's publisher's, then it is dead-lettered with the reason, counted as refused, and never handled", async () => {
    const outcomes: string[] = [];
    // The test's connection is RabbitMQ's guest: the only user-id it may set (RabbitMQ checks it).
    const publisherOf = (type: string) => ({ 'trusted.from-guest': 'guest', 'trusted.from-leads': 'crm-leads' })[type];
    const started = new EventConsumer({
      dataSource, broker, logger, service: 'trusted', bindings: ['trusted.*'], handler: recordHandled, deps: undefined, publisherOf,
      onSettled: (outcome) => outcomes.push(outcome),
    });
    await started.start();
    running.push(started);
    const genuine = event('trusted.from-guest');
    const forged = event('trusted.from-leads'); // owned by crm-leads, published by guest
    const unsigned = event('trusted.from-guest'); // without a user-id
    const unknown = event('trusted.nobodys'); // a type no service publishes
    publish(genuine, {}, 'guest');
    publish(forged, {}, 'guest');
    publish(unsigned);
    publish(unknown, {}, 'guest');

    const dead = await eventually(async () => {
      const taken = [...(await drainDeadLetters())];
      return taken.length >= 3 ? taken : undefined;
    }, 'the refused events dead-lettered');
    const reasons = Object.fromEntries(dead.map((message) => [message.properties.messageId, message.properties.headers]));
    expect(reasons[forged.id]).toMatchObject({ 'crm-dead-letter-reason': 'untrusted_publisher', 'crm-dead-letter-detail': 'trusted.from-leads is published by crm-leads, this one by guest', 'crm-published-by': 'guest' });
    expect(reasons[unsigned.id]).toMatchObject({ 'crm-dead-letter-reason': 'untrusted_publisher', 'crm-dead-letter-detail': 'trusted.from-guest is published by guest, this one without a user-id' });
    expect(reasons[unknown.id]).toMatchObject({ 'crm-dead-letter-reason': 'untrusted_publisher', 'crm-dead-letter-detail': 'trusted.nobodys is published by no service' });
    await eventually(async () => (await handledCounts(dataSource, 'trusted.')).rows === 1, 'the genuine event handled');
    const [handled] = await dataSource.query(`SELECT event_id FROM handled WHERE type LIKE 'trusted.%'`);
    expect(handled.event_id).toBe(genuine.id);
    expect(await dataSource.query('SELECT message_id FROM inbox WHERE message_id = ANY($1::uuid[])', [[forged.id, unsigned.id, unknown.id]])).toEqual([]);
    expect(outcomes.sort()).toEqual(['handled', 'refused', 'refused', 'refused']);
  });

  it('when it starts, then its queue is a durable quorum queue declared with its type alone (what may change is a setting, not an argument)', async () => {
    await consumer('declared', ['declared.*'], recordHandled, 7);
    // Redeclaring with the same arguments succeeds; different ones close the channel (406).
    const check = await raw.connection.createChannel();
    check.on('error', () => undefined); // the refused redeclaration below closes it
    const declared = await check.assertQueue(broker.names.queue('declared'), { durable: true, arguments: { 'x-queue-type': 'quorum' } });
    expect(declared.consumerCount).toBe(1);
    await expect(check.assertQueue(broker.names.queue('declared'), { durable: true, arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 7 } })).rejects.toMatchObject({
      code: 406,
    });
  });

  it('when a handler always throws, then the message is dead-lettered once the delivery limit is exceeded and other messages keep flowing', async () => {
    const attempts = new Map<string, number>();
    await consumer(
      'poison',
      ['poison.*'],
      async (e, manager) => {
        attempts.set(e.id, (attempts.get(e.id) ?? 0) + 1);
        if (e.type === 'poison.failing') throw new Error('handler bug');
        await recordHandled(e, manager);
      },
      3,
    );
    const poison = event('poison.failing');
    const good = Array.from({ length: 20 }, (_, n) => event('poison.fine', { n }));
    publish(poison);
    for (const e of good) publish(e);

    const dead = await eventually(async () => {
      const taken = await drainDeadLetters();
      return taken.length > 0 ? taken : undefined;
    }, 'the dead-lettered message');
    expect(dead).toHaveLength(1);
    expect(JSON.parse(dead[0].content.toString())).toEqual(poison);
    expect(dead[0].fields.routingKey).toBe('poison.failing');
    expect(dead[0].properties.headers).toMatchObject({ 'crm-dead-letter-reason': 'delivery_limit', 'crm-dead-letter-queue': broker.names.queue('poison'), 'crm-returns': 4 });
    // Returned 3 times, handled a 4th: the next delivery is dead-lettered unhandled.
    expect(attempts.get(poison.id)).toBe(3 + 1);

    await eventually(async () => (await handledCounts(dataSource, 'poison.fine')).rows === good.length, 'the good events');
    expect(await handledCounts(dataSource, 'poison.failing')).toEqual({ rows: 0, distinct: 0 });
    expect(await dataSource.query('SELECT 1 FROM inbox WHERE message_id = $1', [poison.id])).toEqual([]);
  });

  it("when its delivery limit is the highest the setting allows, then it dead-letters the message itself before RabbitMQ 4's default limit of 20 would drop it", async () => {
    expect(() => loadConfig(commonConfig, { EVENT_DELIVERY_LIMIT: '20' })).toThrow(/EVENT_DELIVERY_LIMIT/);
    const highest = loadConfig(commonConfig, { EVENT_DELIVERY_LIMIT: '19' }).EVENT_DELIVERY_LIMIT;
    let attempts = 0;
    await consumer(
      'highest',
      ['highest.*'],
      async () => {
        attempts += 1;
        throw new Error('handler bug');
      },
      highest,
    );
    const poison = event('highest.failing');
    publish(poison);
    // The 21st delivery carries x-delivery-count 20, the last RabbitMQ 4 makes of a queue with its default limit.
    const [dead] = await eventually(async () => {
      const taken = await drainDeadLetters();
      return taken.length > 0 ? taken : undefined;
    }, 'the dead-lettered message');
    expect(dead!.properties.headers).toMatchObject({ 'crm-dead-letter-reason': 'delivery_limit', 'crm-returns': 20 });
    expect(attempts).toBe(19 + 1);
  });

  it('when its delivery limit setting changes, then the same queue is consumed with the new limit, with no redeclaration refused', async () => {
    const attempts = new Map<string, number>();
    const failing: IntegrationEventHandler<unknown> = async (e) => {
      attempts.set(e.id, (attempts.get(e.id) ?? 0) + 1);
      throw new Error('handler bug');
    };
    const first = await consumer('relimit', ['relimit.*'], failing, 3);
    await first.stop();
    await consumer('relimit', ['relimit.*'], failing, 1);
    const poison = event('relimit.failing');
    publish(poison);
    await eventually(async () => ((await drainDeadLetters()).length === 1 ? true : undefined), 'the dead-lettered message');
    expect(attempts.get(poison.id)).toBe(1 + 1);
  });

  // The bus counts returns as RabbitMQ 4.3 does (a reject counts, a nack does not): a consumer returning failures
  // with basic.nack would loop here for ever, as it would on 4.3.
  it('when it consumes from the embedded bus, then the same code rejects a failing message until its limit, dead-letters it, and a malformed one at once', async () => {
    const embedded = new Broker({ inProcessJournal: join(mkdtempSync(join(tmpdir(), 'consumer-bus-')), 'bus.journal'), namespace: `${namespace}-bus`, logger, reconnectDelayMs: 50 });
    await embedded.connect();
    const attempts = new Map<string, number>();
    const onBus = new EventConsumer({
      dataSource,
      broker: embedded,
      logger,
      service: 'onbus',
      bindings: ['onbus.*'],
      deliveryLimit: 2,
      handler: async (e) => {
        attempts.set(e.id, (attempts.get(e.id) ?? 0) + 1);
        throw new Error('handler bug');
      },
      deps: undefined,
    });
    try {
      await onBus.start();
      const channel = await embedded.createChannel();
      const poison = event('onbus.failing');
      channel.publish(embedded.names.exchange, poison.type, Buffer.from(JSON.stringify(poison)), { persistent: true, messageId: poison.id });
      channel.publish(embedded.names.exchange, 'onbus.failing', Buffer.from('not an event'), { persistent: true });
      const dead: ConsumeMessage[] = [];
      await channel.consume(embedded.names.deadLetterQueue, (message) => {
        dead.push(message!);
        channel.ack(message!);
      });
      await eventually(async () => (dead.length === 2 ? true : undefined), 'both messages dead-lettered');
      expect(dead.map((message) => message.properties.headers?.['crm-dead-letter-reason']).sort()).toEqual(['delivery_limit', 'malformed']);
      expect(attempts.get(poison.id)).toBe(2 + 1);
    } finally {
      await onBus.stop();
      await embedded.close();
    }
  });

  it('when the database is unreachable for longer than the delivery limit allows, then the message is held and applied once it is back, not dead-lettered', async () => {
    let failuresLeft = 6;
    await consumer(
      'outage',
      ['outage.*'],
      async (e, manager) => {
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        }
        await recordHandled(e, manager);
      },
      2,
    );
    const held = event('outage.created');
    publish(held);

    await eventually(async () => (await handledCounts(dataSource, 'outage.created')).rows === 1, 'the held event to be applied');
    expect(failuresLeft).toBe(0);
    expect(await drainDeadLetters()).toEqual([]);
  });

  it('when a message body is not an event, then it goes to the dead-letter queue at once and the handler never sees it', async () => {
    const seen: CrmEvent[] = [];
    await consumer('malformed', ['malformed.*'], async (e) => {
      seen.push(e);
    });
    publish({ type: 'malformed.created', body: 'this is not json' });
    publish({ type: 'malformed.created', body: JSON.stringify({ ...event('malformed.created'), id: 'not-a-uuid' }) });
    const after = event('malformed.created');
    publish(after);

    const dead = await eventually(async () => {
      const taken = await drainDeadLetters();
      return taken.length > 0 ? taken : undefined;
    }, 'the dead-lettered bodies');
    await eventually(() => seen.length === 1, 'the valid event');
    dead.push(...(await drainDeadLetters()));
    expect(dead.map((m) => m.content.toString().slice(0, 16)).sort()).toEqual(['this is not json', '{"specversion":"']);
    // Rejected at the first delivery: no retries.
    for (const message of dead) expect(message.properties.headers).toMatchObject({ 'crm-dead-letter-reason': 'malformed', 'crm-returns': 0 });
    expect(seen.map((e) => e.id)).toEqual([after.id]);
  });

  it('when the same event is delivered twice, then the handler runs once (the inbox skips the redelivery)', async () => {
    let calls = 0;
    await consumer('dedupe', ['dedupe.*'], async (e, manager) => {
      calls += 1;
      await recordHandled(e, manager);
    });
    const once = event('dedupe.created');
    publish(once);
    await eventually(async () => (await handledCounts(dataSource, 'dedupe.')).rows === 1, 'the first delivery');
    publish(once);
    const marker = event('dedupe.marker');
    publish(marker);
    await eventually(async () => (await handledCounts(dataSource, 'dedupe.marker')).rows === 1, 'the marker');
    expect(await handledCounts(dataSource, 'dedupe.created')).toEqual({ rows: 1, distinct: 1 });
    expect(calls).toBe(2); // the first delivery and the marker; the duplicate never reached the handler
  });

  it('when a handler fails once, then its writes are rolled back and the retry applies the effect exactly once', async () => {
    let failed = false;
    await consumer('retry', ['retry.*'], async (e, manager) => {
      await recordHandled(e, manager);
      if (!failed) {
        failed = true;
        throw new Error('transient failure after writing');
      }
    });
    const e = event('retry.created');
    publish(e);
    await eventually(async () => (await handledCounts(dataSource, 'retry.')).rows === 1, 'the retried event');
    await delay(100);
    expect(await handledCounts(dataSource, 'retry.')).toEqual({ rows: 1, distinct: 1 });
    expect(failed).toBe(true);
  });

  it('when a message carries an x-request-id, then the handler runs under it; without one, under the event id', async () => {
    const ids = new Map<string, string | undefined>();
    await consumer('context', ['context.*'], async (e) => {
      ids.set(e.id, currentRequestId());
    });
    const tagged = event('context.created');
    const untagged = event('context.created');
    publish(tagged, { 'x-request-id': 'req-from-http' });
    publish(untagged);
    await eventually(() => ids.size === 2, 'both events');
    expect(ids.get(tagged.id)).toBe('req-from-http');
    expect(ids.get(untagged.id)).toBe(untagged.id);
  });

  it('when stop() is called while a handler runs, then it waits for the handler to finish and ack', async () => {
    let entered!: () => void;
    const handlerEntered = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = await consumer('slow', ['slow.*'], async (e, manager) => {
      entered();
      await gate;
      await recordHandled(e, manager);
    });
    const e = event('slow.created');
    publish(e);
    await handlerEntered;

    let stopped = false;
    const stopping = slow.stop().then(() => (stopped = true));
    await delay(200);
    expect(stopped).toBe(false);
    release();
    await stopping;

    expect(await handledCounts(dataSource, 'slow.')).toEqual({ rows: 1, distinct: 1 });
    // Acked before the channel closed: nothing went back to the queue.
    expect(await raw.messageCount(broker.names.queue('slow'))).toBe(0);
  });

  it('when inbox rows are older than the retention, then pruning deletes them and keeps the recent ones, which still stop a redelivery', async () => {
    await consumer('prune', ['prune.*'], recordHandled);
    const recent = event('prune.created');
    publish(recent);
    await eventually(async () => (await handledCounts(dataSource, 'prune.')).rows === 1, 'the recent event handled');
    const old = [randomUUID(), randomUUID()];
    await dataSource.query(
      `INSERT INTO inbox (message_id, type, received_at) SELECT id, 'prune.created', now() - interval '15 days' FROM unnest($1::uuid[]) AS id`,
      [old],
    );
    await dataSource.query(`INSERT INTO inbox (message_id, type, received_at) VALUES ($1, 'prune.created', now() - interval '13 days')`, [randomUUID()]);

    expect(await pruneHandledMessages(dataSource, 14)).toBe(2);
    expect(await pruneHandledMessages(dataSource, 14)).toBe(0);
    const [left] = await dataSource.query(`SELECT count(*)::int AS n, bool_or(message_id = $1) AS recent_kept FROM inbox WHERE type = 'prune.created'`, [recent.id]);
    expect(left).toEqual({ n: 2, recent_kept: true });

    publish(recent);
    await delay(300);
    expect(await handledCounts(dataSource, 'prune.')).toEqual({ rows: 1, distinct: 1 });
  });
  it('when its queue already exists with other arguments (an older release), then it consumes it as it is instead of failing to start', async () => {
    const queue = broker.names.queue('rearg');
    await raw.channel.assertQueue(queue, { durable: true, arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': 2 } });
    const started = await consumer('rearg', ['rearg.happened'], recordHandled);
    expect(started.queue).toBe(queue);
    publish(event('rearg.happened'));
    await eventually(async () => ((await handledCounts(dataSource, 'rearg.')).rows === 1 ? true : undefined), 'the event handled');
  });

  it('when the broker is not connected yet, then start waits and consumes once it connects', async () => {
    const late = new Broker({ url: AMQP_URL, namespace, logger, reconnectDelayMs: 100 });
    try {
      const waiting = new EventConsumer({ dataSource, broker: late, logger, service: 'late', bindings: ['late.happened'], handler: recordHandled, deps: undefined });
      let subscribed = false;
      const starting = waiting.start().then(() => (subscribed = true));
      await delay(200);
      expect(subscribed).toBe(false);
      void late.connect();
      await starting;
      running.push(waiting);
      publish(event('late.happened'));
      await eventually(async () => ((await handledCounts(dataSource, 'late.')).rows === 1 ? true : undefined), 'the event handled');
    } finally {
      await late.close();
    }
  });
});
