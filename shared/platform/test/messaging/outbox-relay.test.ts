import { randomUUID } from 'node:crypto';
import type { DataSource } from '../../src/database';
import { withRequestId } from '../../src/http/request-context';
import { Broker, createEvent, enqueueEvent, EventConsumer, OutboxRelay, prunePublishedEvents, type CrmEvent } from '../../src/messaging';
import { DATABASE_URL, delay, eventsFrom, eventually, handledCounts, logger, type MessagingTest, openMessagingTest, RawAmqp, recordHandled, uniqueNamespace } from './helpers';

const namespace = uniqueNamespace('relay');
const TENANT = '0b6c2a4e-8f1d-4c3b-9a5e-7d2f1e3c5a7b';

let messaging: MessagingTest, dataSource: DataSource, broker: Broker, raw: RawAmqp;
const running: { stop(): Promise<void> }[] = [];

const event = eventsFrom('relaytest', TENANT);

/** Writes `count` events of `type` in one committed transaction. */
async function enqueueMany(type: string, count: number): Promise<CrmEvent[]> {
  const events = Array.from({ length: count }, (_, n) => event(type, { n }));
  await dataSource.transaction(async (manager) => {
    for (const e of events) await enqueueEvent(manager, e);
  });
  return events;
}

function relay(options: Partial<ConstructorParameters<typeof OutboxRelay>[0]> = {}): OutboxRelay {
  const started = new OutboxRelay({ dataSource, broker, logger, databaseUrl: DATABASE_URL, pollIntervalMs: 5000, ...options });
  started.start();
  running.push(started);
  return started;
}

async function consumer(service: string, bindings: string[], handler = recordHandled): Promise<EventConsumer> {
  const started = new EventConsumer({ dataSource, broker, logger, service, bindings, handler, deps: undefined });
  await started.start();
  running.push(started);
  return started;
}

async function unpublished(type: string): Promise<number> {
  const [row]: { count: number }[] = await dataSource.query(
    'SELECT count(*)::int AS count FROM outbox WHERE type = $1 AND published_at IS NULL',
    [type],
  );
  return row.count;
}

beforeAll(async () => {
  messaging = await openMessagingTest('msgtest_relay', namespace);
  ({ dataSource, broker, raw } = messaging);
});

afterEach(async () => {
  for (const part of running.splice(0).reverse()) await part.stop();
});

afterAll(() => messaging.close(['deliver', 'crash', 'pair']));

describe('the outbox relay', () => {
  it('when an event is enqueued in a committed transaction, then a consumer gets the envelope intact with its request id', async () => {
    const received: CrmEvent[] = [];
    await consumer('deliver', ['deliver.*'], async (e, manager) => {
      received.push(e);
      await recordHandled(e, manager);
    });
    const wire = await raw.spy(namespace, 'deliver.*');
    relay();

    const sent = createEvent({
      source: 'relaytest',
      type: 'deliver.created',
      subject: randomUUID(),
      tenantId: TENANT,
      actor: { user_id: 'user-1', profile_id: 'profile-1' },
      data: { name: 'Ada Lovelace', nested: { tags: ['a', 'b'], amount: 12.5 }, none: null },
    });
    await withRequestId('req-relay-1', () => dataSource.transaction((manager) => enqueueEvent(manager, sent)));

    await eventually(() => received.length === 1, 'the event at the handler');
    expect(received[0]).toEqual(sent);
    // The handler sees the event before its transaction commits; the inbox row follows the commit.
    const row = await eventually(
      async () => (await dataSource.query('SELECT request_id FROM handled WHERE event_id = $1', [sent.id]))[0],
      'the handled row',
    );
    expect(row.request_id).toBe('req-relay-1');

    await eventually(() => wire.length === 1, 'the message on the wire');
    const { properties, fields } = wire[0];
    expect(fields.routingKey).toBe('deliver.created');
    expect(properties).toMatchObject({
      messageId: sent.id,
      type: 'deliver.created',
      contentType: 'application/cloudevents+json',
      appId: 'relaytest',
      deliveryMode: 2,
      timestamp: Math.floor(Date.parse(sent.time) / 1000),
      headers: { 'x-request-id': 'req-relay-1' },
    });
    await eventually(async () => (await unpublished('deliver.created')) === 0, 'the row marked published');
  });

  it('when the transaction that enqueued an event rolls back, then the event is never published', async () => {
    const received: CrmEvent[] = [];
    await consumer('deliver', ['deliver.*'], async (e) => {
      received.push(e);
    });
    relay();

    const rolledBack = event('deliver.rolledback');
    await expect(
      dataSource.transaction(async (manager) => {
        await enqueueEvent(manager, rolledBack);
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    const marker = event('deliver.marker');
    await dataSource.transaction((manager) => enqueueEvent(manager, marker));

    // The relay publishes in commit order: once the later marker is through, the rolled-back one never will be.
    await eventually(() => received.some((e) => e.id === marker.id), 'the marker event');
    expect(received.map((e) => e.id)).not.toContain(rolledBack.id);
    expect(await dataSource.query('SELECT id FROM outbox WHERE id = $1', [rolledBack.id])).toEqual([]);
  });

  it('when the relay crashes after publishing a batch but before marking it, then the batch is republished and the inbox applies each event exactly once', async () => {
    const EVENTS = 300;
    const events = await enqueueMany('crash.created', EVENTS);
    const consuming = await consumer('crash', ['crash.*']);
    const wire = await raw.spy(namespace, 'crash.*');

    let crashes = 0;
    relay({
      batchSize: 100,
      beforeMarkPublished: async () => {
        if (crashes === 0) {
          crashes += 1;
          throw new Error('simulated crash between the confirms and the mark');
        }
      },
    });

    await eventually(async () => (await handledCounts(dataSource, 'crash.')).distinct === EVENTS, 'all events handled');
    // The first batch of 100 went out twice: 400 messages for 300 events.
    await eventually(() => wire.length === EVENTS + 100, 'the republished batch on the wire');
    expect(await unpublished('crash.created')).toBe(0);
    expect(crashes).toBe(1);

    // The republished duplicates may still sit in the queue once every event is handled: let the consumer take
    // them all, then stop; stopping waits for the last handlers and acks, so nothing is left to redeliver.
    const queue = broker.names.queue('crash');
    await eventually(async () => (await raw.messageCount(queue)) === 0, 'the duplicates taken from the queue');
    await consuming.stop();
    expect(await raw.messageCount(queue)).toBe(0);
    expect(await handledCounts(dataSource, 'crash.')).toEqual({ rows: EVENTS, distinct: EVENTS });
    expect(new Set(wire.map((m) => m.properties.messageId))).toEqual(new Set(events.map((e) => e.id)));
    const [row] = await dataSource.query(
      "SELECT min(attempts)::int AS min, max(attempts)::int AS max FROM outbox WHERE type = 'crash.created'",
    );
    expect(row).toEqual({ min: 1, max: 2 }); // the crashed batch counts its failed attempt
  });

  it('when two relays run on the same outbox, then they share the rows and every event is published and handled exactly once', async () => {
    const EVENTS = 400;
    const events = await enqueueMany('pair.created', EVENTS);
    await consumer('pair', ['pair.*']);
    const wire = await raw.spy(namespace, 'pair.*');

    const byRelay: string[][] = [[], []];
    const hook = (n: number) => async (ids: string[]) => {
      byRelay[n].push(...ids);
      await delay(20); // hold the row locks a moment, so the other relay has to take other rows
    };
    relay({ batchSize: 50, beforeMarkPublished: hook(0) });
    relay({ batchSize: 50, beforeMarkPublished: hook(1) });

    await eventually(async () => (await handledCounts(dataSource, 'pair.')).rows === EVENTS, 'all events handled');
    expect(await unpublished('pair.created')).toBe(0);
    await delay(200); // a duplicate, if there were one, would arrive by now
    expect(wire).toHaveLength(EVENTS);
    expect(await handledCounts(dataSource, 'pair.')).toEqual({ rows: EVENTS, distinct: EVENTS });

    expect(byRelay[0].length).toBeGreaterThan(0);
    expect(byRelay[1].length).toBeGreaterThan(0);
    expect(byRelay[0].filter((id) => byRelay[1].includes(id))).toEqual([]);
    expect(new Set([...byRelay[0], ...byRelay[1]])).toEqual(new Set(events.map((e) => e.id)));
  });

  it('when published rows are older than the retention, then pruning deletes them and keeps the recent and the unpublished ones', async () => {
    const [old, recent, pending] = [event('cleanup.old'), event('cleanup.recent'), event('cleanup.pending')];
    await dataSource.transaction(async (manager) => {
      for (const e of [old, recent, pending]) await enqueueEvent(manager, e);
    });
    await dataSource.query("UPDATE outbox SET published_at = now() - interval '25 hours' WHERE id = $1", [old.id]);
    await dataSource.query("UPDATE outbox SET published_at = now() - interval '23 hours' WHERE id = $1", [recent.id]);

    expect(await prunePublishedEvents(dataSource, 24 * 3_600_000)).toBe(1);
    const ids = (await dataSource.query("SELECT id FROM outbox WHERE type LIKE 'cleanup.%'")).map((r: { id: string }) => r.id);
    expect(ids.sort()).toEqual([recent.id, pending.id].sort());
    await dataSource.query("DELETE FROM outbox WHERE type LIKE 'cleanup.%'"); // no relay ran to publish the pending one
  });

  it('when events are enqueued, then backlog() counts the unpublished rows until the relay runs', async () => {
    await enqueueMany('backlog.created', 3);
    const idle = new OutboxRelay({ dataSource, broker, logger, databaseUrl: DATABASE_URL });
    expect(await idle.backlog()).toBe(3);
    const started = relay();
    await eventually(async () => (await started.backlog()) === 0, 'an empty backlog');
  });
});
