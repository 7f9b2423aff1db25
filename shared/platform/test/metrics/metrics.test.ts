import { randomUUID } from 'node:crypto';
import express from 'express';
import type { DataSource } from '../../src/database';
import { listen, type RunningServer } from '../../src/http';
import { Broker, enqueueEvents, EventConsumer, readOutboxBacklog, type IntegrationEventHandler } from '../../src/messaging';
import { consumerMetrics, createMetricsRegistry, databaseProbe, expressRouteLabel, httpMetrics, metricsRouter, outboxMetrics, poolMetrics, watchDependencies } from '../../src/metrics';
import { delay, eventsFrom, eventually, logger, openMessagingTest, RawAmqp, recordHandled, uniqueNamespace, type MessagingTest } from '../messaging/helpers';
import { parsePrometheus, sampleValue } from '../../../../test/support/prometheus-text';

const namespace = uniqueNamespace('metrics');
const TENANT = '5d2f6a8c-0e3a-4c7f-9b2d-6f8a0c2e4b6d';

let messaging: MessagingTest, dataSource: DataSource, broker: Broker, raw: RawAmqp;

const event = eventsFrom('metricstest', TENANT);

beforeAll(async () => {
  messaging = await openMessagingTest('metricstest', namespace);
  ({ dataSource, broker, raw } = messaging);
});

afterAll(() => messaging.close(['counted', 'queued']));

describe('request metrics', () => {
  let server: RunningServer;
  let releaseSlow: () => void = () => undefined;
  const slowReleased = new Promise<void>((resolve) => (releaseSlow = resolve));
  const registry = createMetricsRegistry('sample');
  beforeAll(async () => {
    const app = express();
    app.use(httpMetrics(registry, expressRouteLabel));
    app.use(metricsRouter(registry));
    app.get('/api/things/:id/', (_req, res) => {
      res.json({ ok: true });
    });
    app.post('/api/things/', (_req, res) => {
      res.status(400).json({ error: true });
    });
    app.get('/api/slow/', async (_req, res) => {
      await slowReleased;
      res.json({ ok: true });
    });
    server = await listen(app, 0);
  });
  afterAll(() => server.close(1_000));

  it('when requests are answered, then they are counted and timed by method, route pattern and status, never by raw path', async () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of ids) expect((await fetch(`${server.url}/api/things/${id}/`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/things/`, { method: 'POST' })).status).toBe(400);
    expect((await fetch(`${server.url}/api/nowhere/${ids[0]}`)).status).toBe(404);

    const res = await fetch(`${server.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await res.text();
    const samples = parsePrometheus(text);
    expect(sampleValue(samples, 'http_requests_total', { service: 'sample', method: 'GET', route: '/api/things/:id/', status: '200' })).toBe(3);
    expect(sampleValue(samples, 'http_requests_total', { method: 'POST', route: '/api/things/', status: '400' })).toBe(1);
    expect(sampleValue(samples, 'http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    expect(sampleValue(samples, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/things/:id/', status: '200' })).toBe(3);
    expect(sampleValue(samples, 'http_request_duration_seconds_bucket', { route: '/api/things/:id/', le: '+Inf' })).toBe(3);
    for (const id of ids) expect(text).not.toContain(id);
    expect(sampleValue(samples, 'process_resident_memory_bytes', { service: 'sample' })).toBeGreaterThan(10_000_000);
    expect(sampleValue(samples, 'process_cpu_seconds_total', {})).toBeGreaterThan(0);
    expect(text).toContain('# TYPE process_cpu_seconds_total counter');
    expect(sampleValue(samples, 'nodejs_eventloop_lag_seconds', { quantile: '0.99' })).toBeGreaterThanOrEqual(0);
  });

  it('when a request is being answered, then it is in flight until its answer ends (the scrape counts itself)', async () => {
    const slow = fetch(`${server.url}/api/slow/`);
    await eventually(async () => {
      const samples = parsePrometheus(await (await fetch(`${server.url}/metrics`)).text());
      return sampleValue(samples, 'http_requests_in_flight', {}) === 2 ? true : undefined;
    }, 'the slow request in flight');
    releaseSlow();
    expect((await slow).status).toBe(200);
    const samples = parsePrometheus(await (await fetch(`${server.url}/metrics`)).text());
    expect(sampleValue(samples, 'http_requests_in_flight', {})).toBe(1);
  });
});

describe('dependency and pool metrics', () => {
  it('when a dependency goes down and comes back, then crm_dependency_up follows, each change is logged once, and the states say so', async () => {
    const registry = createMetricsRegistry('deps');
    let brokerUp = true;
    const logged: string[] = [];
    const watchLogger = { ...logger, info: (_: unknown, msg: string) => logged.push(msg), warn: (_: unknown, msg: string) => logged.push(msg) } as unknown as typeof logger;
    const watch = watchDependencies({ registry, logger: watchLogger, checks: { broker: () => brokerUp, database: databaseProbe(dataSource) }, everyMs: 20 });
    try {
      const up = async (name: string) => sampleValue(parsePrometheus(await registry.metrics()), 'crm_dependency_up', { dependency: name });
      await eventually(async () => ((await up('database')) === 1 ? true : undefined), 'the database checked');
      brokerUp = false;
      await eventually(async () => ((await up('broker')) === 0 ? true : undefined), 'the broker down');
      expect(watch.states.broker!()).toBe(false);
      expect(watch.states.database!()).toBe(true);
      await delay(100);
      brokerUp = true;
      await eventually(async () => ((await up('broker')) === 1 ? true : undefined), 'the broker back');
      expect(logged).toEqual(['dependency down', 'dependency up']);
    } finally {
      watch.stop();
    }
  });

  it('when connections are lent and requests wait for one, then the pool gauges show it without querying the database', async () => {
    const registry = createMetricsRegistry('pool');
    const size = (dataSource.driver as unknown as { master: { options: { max: number } } }).master.options.max;
    poolMetrics(registry, dataSource, size);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holding = Array.from({ length: size + 1 }, () => dataSource.transaction(async (manager) => {
      await manager.query('SELECT 1');
      await held;
    }));
    try {
      await eventually(async () => {
        const samples = parsePrometheus(await registry.metrics());
        return sampleValue(samples, 'crm_database_pool_connections', { state: 'in_use' }) === size &&
          sampleValue(samples, 'crm_database_pool_waiting_requests', {}) === 1
          ? true
          : undefined;
      }, 'the pool full with one waiting');
      expect(sampleValue(parsePrometheus(await registry.metrics()), 'crm_database_pool_max_connections', {})).toBe(size);
    } finally {
      release();
      await Promise.all(holding);
    }
    expect(sampleValue(parsePrometheus(await registry.metrics()), 'crm_database_pool_connections', { state: 'in_use' })).toBe(0);
  });
});

describe('outbox metrics', () => {
  it('when events wait in the outbox, then the backlog and the age of the oldest are reported; once published, zero', async () => {
    const registry = createMetricsRegistry('outboxtest');
    outboxMetrics(registry, () => readOutboxBacklog(dataSource));
    await dataSource.query('UPDATE outbox SET published_at = now() WHERE published_at IS NULL');
    let samples = parsePrometheus(await registry.metrics());
    expect(sampleValue(samples, 'crm_outbox_backlog_events', {})).toBe(0);
    expect(sampleValue(samples, 'crm_outbox_oldest_event_age_seconds', {})).toBe(0);

    await dataSource.transaction((manager) => enqueueEvents(manager, [event('metrics.a'), event('metrics.b')]));
    await delay(50);
    samples = parsePrometheus(await registry.metrics());
    expect(sampleValue(samples, 'crm_outbox_backlog_events', {})).toBe(2);
    expect(sampleValue(samples, 'crm_outbox_oldest_event_age_seconds', {})).toBeGreaterThanOrEqual(0.05);

    await dataSource.query('UPDATE outbox SET published_at = now() WHERE published_at IS NULL');
    samples = parsePrometheus(await registry.metrics());
    expect(sampleValue(samples, 'crm_outbox_backlog_events', {})).toBe(0);
    expect(sampleValue(samples, 'crm_outbox_oldest_event_age_seconds', {})).toBe(0);
  });

  it('when the backlog read does not come back (a full pool), then the scrape answers within about 2 s with NaN', async () => {
    const registry = createMetricsRegistry('outboxtest');
    outboxMetrics(registry, () => new Promise(() => undefined));
    const started = Date.now();
    const samples = parsePrometheus(await registry.metrics());
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(sampleValue(samples, 'crm_outbox_backlog_events', {})).toBeNaN();
  });

  it('when the relay reports failed batches, then they are counted', async () => {
    const registry = createMetricsRegistry('outboxtest');
    const failed = outboxMetrics(registry, () => readOutboxBacklog(dataSource));
    expect(sampleValue(parsePrometheus(await registry.metrics()), 'crm_outbox_publish_failures_total', {})).toBe(0);
    failed();
    failed();
    expect(sampleValue(parsePrometheus(await registry.metrics()), 'crm_outbox_publish_failures_total', {})).toBe(2);
  });

  it('when the backlog cannot be read, then the scrape still succeeds and reports NaN, not a stale or zero figure', async () => {
    const registry = createMetricsRegistry('outboxtest');
    outboxMetrics(registry, () => Promise.reject(new Error('connection refused')));
    const samples = parsePrometheus(await registry.metrics());
    expect(sampleValue(samples, 'crm_outbox_backlog_events', {})).toBeNaN();
    expect(sampleValue(samples, 'crm_outbox_oldest_event_age_seconds', {})).toBeNaN();
  });
});

describe('consumer metrics', () => {
  function startConsumer(service: string, handler: IntegrationEventHandler<unknown>, registry = createMetricsRegistry(service), prefetch?: number) {
    const consumer: EventConsumer = new EventConsumer({
      dataSource,
      broker,
      logger,
      service,
      bindings: [`${service}.*`],
      handler,
      deps: undefined,
      prefetch,
      onSettled: consumerMetrics(registry, () => consumer.queuedMessages(), () => consumer.deadLetteredMessages()),
    });
    return { consumer, registry };
  }

  function publish(type: string, body: Buffer, messageId?: string): void {
    raw.channel.publish(broker.names.exchange, type, body, { persistent: true, messageId });
  }

  it('when deliveries settle, then each is counted by type and outcome, and the lag of the handled ones is observed', async () => {
    let failuresLeft = 2;
    const { consumer, registry } = startConsumer('counted', async (e, manager) => {
      if (e.type === 'counted.flaky' && failuresLeft-- > 0) throw new Error('not yet');
      await recordHandled(e, manager);
    });
    await consumer.start();
    try {
      const fine = event('counted.fine');
      publish(fine.type, Buffer.from(JSON.stringify(fine)), fine.id);
      publish(fine.type, Buffer.from(JSON.stringify(fine)), fine.id); // a redelivery: skipped by the inbox
      const flaky = event('counted.flaky');
      publish(flaky.type, Buffer.from(JSON.stringify(flaky)), flaky.id);
      publish('counted.junk', Buffer.from('{not json'));

      const samples = await eventually(async () => {
        const now = parsePrometheus(await registry.metrics());
        return sampleValue(now, 'crm_consumer_events_total', { type: 'counted.flaky', outcome: 'handled' }) === 1 &&
          sampleValue(now, 'crm_consumer_events_total', { outcome: 'malformed' }) === 1 &&
          sampleValue(now, 'crm_consumer_events_total', { type: 'counted.fine', outcome: 'skipped' }) === 1
          ? now
          : undefined;
      }, 'every delivery settled');
      expect(sampleValue(samples, 'crm_consumer_events_total', { type: 'counted.fine', outcome: 'handled' })).toBe(1);
      expect(sampleValue(samples, 'crm_consumer_events_total', { type: 'counted.flaky', outcome: 'failed' })).toBe(2);
      expect(sampleValue(samples, 'crm_consumer_events_total', { type: 'unknown', outcome: 'malformed' })).toBe(1);
      expect(sampleValue(samples, 'crm_consumer_lag_seconds_count', {})).toBe(2);
      expect(sampleValue(samples, 'crm_consumer_lag_seconds_sum', {})).toBeGreaterThan(0);
      expect(sampleValue(samples, 'crm_consumer_lag_seconds_sum', {})).toBeLessThan(30);
      // The malformed one went to the dead-letter queue, which the gauge reads from the broker.
      await eventually(async () => sampleValue(parsePrometheus(await registry.metrics()), 'crm_dead_letter_queue_messages', {}) === 1, 'one dead letter');
    } finally {
      await consumer.stop();
    }
  });

  it('when messages wait in the queue, then the queue gauge reports them; while not subscribed, NaN', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { consumer, registry } = startConsumer('queued', async (e, manager) => {
      await held;
      await recordHandled(e, manager);
    }, undefined, 1);
    expect(sampleValue(parsePrometheus(await registry.metrics()), 'crm_consumer_queue_messages', {})).toBeNaN();
    await consumer.start();
    try {
      for (let n = 0; n < 5; n += 1) {
        const e = event('queued.item');
        publish(e.type, Buffer.from(JSON.stringify(e)), e.id);
      }
      // One is with the handler (prefetch 1), four wait in the queue.
      await eventually(async () => sampleValue(parsePrometheus(await registry.metrics()), 'crm_consumer_queue_messages', {}) === 4, 'four queued');
      release();
      await eventually(async () => sampleValue(parsePrometheus(await registry.metrics()), 'crm_consumer_queue_messages', {}) === 0, 'the queue drained');
    } finally {
      release();
      await consumer.stop();
    }
  });
});
