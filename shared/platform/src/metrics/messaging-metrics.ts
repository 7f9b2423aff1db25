import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { orAfter } from '../lifecycle/or-after';
import type { ConsumerOutcome, CrmEvent, OutboxBacklog } from '../messaging';

/** Longest a scrape waits for a figure it reads from the database or the broker. */
const SCRAPE_READ_TIMEOUT_MS = 2_000;

/**
 * Reads `read` once for all the gauges collected in one scrape (prom-client collects them concurrently);
 * a failed read (the database or broker away) or one not done within 2 s (a full pool) is `undefined`,
 * reported as NaN rather than a stale or a zero figure, and the scrape answers in time.
 */
function oncePerScrape<T>(read: () => Promise<T | undefined>): () => Promise<T | undefined> {
  let reading: Promise<T | undefined> | undefined;
  return () =>
    (reading ??= orAfter(read().catch(() => undefined), SCRAPE_READ_TIMEOUT_MS, undefined).finally(() => {
      reading = undefined;
    }));
}

/**
 * The outbox's backlog, read from the service's database when scraped, and the relay's failed batches;
 * answers the hook the relay calls on each failure.
 */
export function outboxMetrics(registry: Registry, readBacklog: () => Promise<OutboxBacklog>): () => void {
  const registers = [registry];
  const failures = new Counter({
    name: 'crm_outbox_publish_failures_total',
    help: 'Batches the outbox relay failed to publish and rolled back (the broker away or refusing); they are published again.',
    registers,
  });
  const backlog = oncePerScrape(readBacklog);
  new Gauge({
    name: 'crm_outbox_backlog_events',
    help: 'Events written to the outbox and not yet published to the broker.',
    registers,
    async collect() {
      this.set((await backlog())?.events ?? NaN);
    },
  });
  new Gauge({
    name: 'crm_outbox_oldest_event_age_seconds',
    help: 'Age of the oldest event not yet published (0 when none waits).',
    registers,
    async collect() {
      this.set((await backlog())?.oldestAgeSeconds ?? NaN);
    },
  });
  return () => failures.inc();
}

/** Event-time to handled, seconds: a few ms when flowing, minutes after an outage. */
const LAG_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

/**
 * The consumer's figures: events by type and outcome, the lag from an event's time to its handling, and
 * the messages waiting in its queue (read from the broker when scraped). Answers the hook the consumer
 * calls as each delivery settles.
 */
export function consumerMetrics(
  registry: Registry,
  queuedMessages: () => Promise<number | undefined>,
  deadLettered: () => Promise<number | undefined> = async () => undefined,
): (outcome: ConsumerOutcome, event: CrmEvent | undefined) => void {
  const registers = [registry];
  const events = new Counter({
    name: 'crm_consumer_events_total',
    help: 'Deliveries settled by the consumer, by event type and outcome (handled, skipped as already handled, failed and requeued, malformed and dead-lettered, refused: not published by the owner of its type, dead-lettered unhandled).',
    labelNames: ['type', 'outcome'] as const,
    registers,
  });
  const lag = new Histogram({
    name: 'crm_consumer_lag_seconds',
    help: "Time from an event's creation (its `time`) to its handling here being committed and acked.",
    buckets: LAG_BUCKETS,
    registers,
  });
  const queued = oncePerScrape(queuedMessages);
  new Gauge({
    name: 'crm_consumer_queue_messages',
    help: "Messages ready in the service's queue, not yet delivered to a consumer.",
    registers,
    async collect() {
      this.set((await queued()) ?? NaN);
    },
  });
  const deadLetters = oncePerScrape(deadLettered);
  new Gauge({
    name: 'crm_dead_letter_queue_messages',
    help: 'Messages in the dead-letter queue, which every service shares (each consuming replica reports it: take the max).',
    registers,
    async collect() {
      this.set((await deadLetters()) ?? NaN);
    },
  });
  return (outcome, event) => {
    events.inc({ type: event?.type ?? 'unknown', outcome });
    if (outcome !== 'handled' || !event) return;
    const createdAt = Date.parse(event.time);
    if (Number.isFinite(createdAt)) lag.observe(Math.max(0, Date.now() - createdAt) / 1000);
  };
}
