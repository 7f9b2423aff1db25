import type { ConfirmChannel } from 'amqplib';
import { NotificationListener, type DataSource, type EntityManager } from '../database';
import type { Logger } from '../logging/logger';
import { drainedOrClosed } from '../streams/drained';
import type { Tracing } from '../tracing/tracing';
import { backoffDelay } from '../lifecycle/backoff';
import type { Broker } from './broker';
import { outboxChannel, readOutboxBacklog } from './outbox';

export interface OutboxRelayOptions {
  dataSource: DataSource;
  broker: Broker;
  logger: Logger;
  /** For a dedicated LISTEN connection (the pool's connections come and go). */
  databaseUrl: string;
  /** Rows per transaction. Default 500. */
  batchSize?: number;
  /**
   * Batches published and awaiting their confirms at once. Default 2: the next batch is read and
   * published while the broker confirms the previous one, so their times overlap instead of adding up.
   */
  batchesInFlight?: number;
  /** How often to look without a NOTIFY (one missed while LISTEN reconnects, another replica's rows). */
  pollIntervalMs?: number;
  /** Told of each batch that failed and was rolled back (metrics). */
  onBatchFailed?: () => void;
  /** A span per event published, continuing the trace it was written in. */
  tracing?: Tracing;
  /** Test hook: runs after the batch was published and confirmed, before the rows are marked. */
  beforeMarkPublished?: (ids: string[]) => Promise<void>;
}

interface OutboxRow {
  id: string;
  type: string;
  body: string;
  headers: Record<string, unknown>;
  source: string;
  time: string;
}

/** A confirm that does not come within this is treated as a broker failure (rolled back, retried). */
const CONFIRM_TIMEOUT_MS = 30_000;
const CLOUDEVENTS_JSON = 'application/cloudevents+json';

type WakeReason = 'notify' | 'connected' | 'stop' | 'timeout';

/**
 * Publishes the outbox to the broker, at least once: rows are locked, published with confirms, and
 * only then marked, all in one transaction. A crash or broker failure anywhere before the commit
 * leaves them unpublished for the next try; SKIP LOCKED lets several replicas share the work. Batches
 * are published in order on one channel, each committing once its own messages are confirmed; a batch
 * that fails is republished after the ones that were in flight with it (at least once, as architecture §4).
 */
export class OutboxRelay {
  private readonly dataSource: DataSource;
  private readonly broker: Broker;
  private readonly logger: Logger;
  private readonly batchSize: number;
  private readonly batchesInFlight: number;
  private readonly pollIntervalMs: number;
  private running?: Promise<void>;
  private stopping = false;
  private unsubscribe?: () => void;
  private channel?: ConfirmChannel;
  private listener?: NotificationListener;
  /** Set by a NOTIFY; cleared when a batch starts: a commit may have happened since that SELECT. */
  private notified = false;
  /** Whoever is idle now: the batch loop. */
  private readonly waiters = new Set<(reason: WakeReason) => void>();

  constructor(private readonly options: OutboxRelayOptions) {
    this.dataSource = options.dataSource;
    this.broker = options.broker;
    this.logger = options.logger.child({ component: 'outbox-relay' });
    this.batchSize = options.batchSize ?? 500;
    this.batchesInFlight = options.batchesInFlight ?? 2;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
  }

  start(): void {
    if (this.running) return;
    this.stopping = false;
    this.unsubscribe = this.broker.onConnected(() => this.wake('connected'));
    void this.listen();
    this.running = this.loop();
  }

  /** Lets the batch in progress finish (publish, mark, commit), then stops. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.stopping = true;
    this.unsubscribe?.();
    this.wake('stop');
    await this.listener?.stop();
    this.listener = undefined;
    await this.running;
    this.running = undefined;
    const channel = this.channel;
    this.channel = undefined;
    await channel?.close().catch(() => undefined);
  }

  /** Rows not yet published. */
  async backlog(): Promise<number> {
    return (await readOutboxBacklog(this.dataSource)).events;
  }

  private async loop(): Promise<void> {
    const inFlight = new Set<Promise<void>>();
    let failures = 0;
    let failure: unknown;
    const track = (committed: Promise<void>) => {
      const settled = committed
        .then(
          () => void (failures = 0),
          (error: unknown) => {
            failures += 1;
            failure = error;
            this.options.onBatchFailed?.();
          },
        )
        .finally(() => inFlight.delete(settled));
      inFlight.add(settled);
    };
    while (!this.stopping) {
      if (failure !== undefined) {
        // Rolled back: let the batches in flight settle, then back off before the rows go out again.
        await Promise.all(inFlight);
        const delay = backoffDelay(this.broker.reconnectDelayMs, failures);
        this.logger.warn({ err: failure, attempt: failures, retryInMs: delay }, 'outbox batch failed, rolled back');
        failure = undefined;
        await this.idle(delay, false);
        continue;
      }
      if (!this.broker.isConnected()) {
        // Not woken by NOTIFYs (nothing to do with them yet); the broker's reconnect wakes us.
        await this.idle(this.pollIntervalMs, false);
        continue;
      }
      let published: number;
      try {
        const batch = await this.startBatch();
        published = batch.published;
        track(batch.committed);
      } catch (error) {
        failures += 1;
        failure = error;
        this.options.onBatchFailed?.();
        continue;
      }
      if (inFlight.size >= this.batchesInFlight) await Promise.race(inFlight);
      if (published === this.batchSize) continue; // probably more waiting
      await this.idle(this.pollIntervalMs, true);
    }
    await Promise.all(inFlight);
  }

  /** Starts a batch; answers once its rows are published (how many), with its commit still to come. */
  private async startBatch(): Promise<{ published: number; committed: Promise<void> }> {
    let onPublished: (count: number) => void = () => undefined;
    const published = new Promise<number>((resolve) => (onPublished = resolve));
    const committed = this.relayBatch(onPublished);
    // A failure before the rows went out rejects here; one after, through `committed`.
    return { published: await Promise.race([published, committed.then(() => 0)]), committed };
  }

  /** One transaction: lock the oldest unpublished rows, publish, wait for their confirms, mark, commit. */
  private async relayBatch(onPublished: (count: number) => void): Promise<void> {
    this.notified = false;
    const channel = await this.confirmChannel();
    let ids: string[] = [];
    let failure: { error: unknown } | undefined;
    try {
      await this.dataSource.transaction(async (manager) => {
        const rows: OutboxRow[] = await manager.query(
          `SELECT id, type, payload::text AS body, headers, payload->>'source' AS source, payload->>'time' AS time
             FROM outbox WHERE published_at IS NULL
            ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED`,
          [this.batchSize],
        );
        ids = rows.map((row) => row.id);
        if (rows.length === 0) return onPublished(0);
        try {
          const { confirmed } = await this.publish(channel, rows);
          onPublished(rows.length);
          await confirmed;
          await this.options.beforeMarkPublished?.(ids);
          await this.markPublished(manager, ids);
          this.logger.debug({ count: rows.length }, 'outbox batch published');
        } catch (error) {
          // Counted while the rows are still ours: once unlocked, the next batch may take them before a count
          // outside this transaction could. A query here fails only if the database did: then rolled back below.
          await manager.query('UPDATE outbox SET attempts = attempts + 1 WHERE id = ANY($1::uuid[])', [ids]);
          failure = { error };
        }
      });
    } catch (error) {
      await this.countFailedAttempt(ids);
      throw error;
    }
    if (failure) throw failure.error;
  }

  /**
   * Publishes the rows; `confirmed` settles with their own confirms (not those of a batch published
   * after them on the same channel): rejected by a nack, a closed channel or the timeout.
   */
  private async publish(channel: ConfirmChannel, rows: OutboxRow[]): Promise<{ confirmed: Promise<void> }> {
    const { exchange } = this.broker.names;
    // Each settles with its message's outcome and never rejects: none is left unhandled while we wait for a drain.
    const outcomes: Promise<Error | null>[] = [];
    for (const row of rows) {
      let accepted = true;
      const traced = this.options.tracing?.publishing({ id: row.id, type: row.type, exchange }, row.headers);
      const settled = (error: Error | null) => {
        traced?.end(error);
        return error;
      };
      outcomes.push(
        new Promise((resolve) => {
          try {
            accepted = channel.publish(
              exchange,
              row.type,
              Buffer.from(row.body),
              {
                persistent: true,
                messageId: row.id,
                type: row.type,
                contentType: CLOUDEVENTS_JSON,
                timestamp: amqpTimestamp(row.time),
                appId: row.source,
                // RabbitMQ checks it is the connection's user; consumers, that it is the owner of the type's.
                userId: this.broker.user,
                headers: traced?.headers ?? row.headers,
              },
              (error: Error | null) => resolve(settled(error ?? null)),
            );
          } catch (error) {
            resolve(settled(error as Error)); // the channel closed under us
          }
        }),
      );
      if (!accepted) await drainedOrClosed(channel); // on 'close', the confirms then report the failure
    }
    const allConfirmed = Promise.all(outcomes).then((errors) => {
      const error = errors.find((outcome) => outcome !== null);
      if (error) throw error;
    });
    const confirmed = withTimeout(allConfirmed, CONFIRM_TIMEOUT_MS, () => {
      // Its late confirms would be ambiguous: drop the channel, the rows are retried on a new one.
      if (this.channel === channel) this.channel = undefined;
      channel.close().catch(() => undefined);
    });
    return { confirmed };
  }

  private async markPublished(manager: EntityManager, ids: string[]): Promise<void> {
    await manager.query(
      'UPDATE outbox SET published_at = now(), attempts = attempts + 1 WHERE id = ANY($1::uuid[])',
      [ids],
    );
  }

  /** After a database failure: outside the rolled-back transaction, best effort, never waiting on rows another relay holds. */
  private async countFailedAttempt(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.dataSource
      .query(
        `UPDATE outbox SET attempts = attempts + 1 WHERE id IN (
           SELECT id FROM outbox WHERE id = ANY($1::uuid[]) AND published_at IS NULL FOR UPDATE SKIP LOCKED)`,
        [ids],
      )
      .catch(() => undefined);
  }

  private async confirmChannel(): Promise<ConfirmChannel> {
    if (this.channel) return this.channel;
    const channel = await this.broker.createConfirmChannel();
    channel.on('error', (error: Error) => this.logger.warn({ err: error }, 'relay channel error'));
    channel.on('close', () => {
      if (this.channel === channel) this.channel = undefined;
    });
    this.channel = channel;
    return channel;
  }

  private wake(reason: WakeReason): void {
    if (reason === 'notify') this.notified = true;
    for (const waiter of [...this.waiters]) waiter(reason);
  }

  /** Waits `ms`, or less when woken: by a stop, a reconnect, and (when `byNotify`) a NOTIFY. */
  private idle(ms: number, byNotify: boolean): Promise<void> {
    if (this.stopping || (byNotify && this.notified)) return Promise.resolve();
    return new Promise((resolve) => {
      const waiter = (reason: WakeReason) => {
        if (reason === 'notify' && !byNotify) return;
        clearTimeout(timer);
        this.waiters.delete(waiter);
        resolve();
      };
      const timer = setTimeout(() => waiter('timeout'), ms);
      this.waiters.add(waiter);
    });
  }

  /** Keeps one LISTEN connection open (reconnecting after a database restart); polling covers the gap. */
  private async listen(): Promise<void> {
    const rows: { schema: string }[] = await this.dataSource
      .query('SELECT current_schema() AS schema')
      .catch(() => [{ schema: 'public' }]);
    if (this.stopping) return;
    this.listener = new NotificationListener({
      databaseUrl: this.options.databaseUrl,
      channel: outboxChannel(rows[0]!.schema),
      logger: this.logger,
      onNotification: () => this.wake('notify'),
      // Anything committed before LISTEN took effect is picked up now.
      onListening: () => this.wake('notify'),
      reconnectDelayMs: this.pollIntervalMs,
    });
    await this.listener.start();
  }
}

/** AMQP timestamps are whole seconds. */
function amqpTimestamp(iso: string): number | undefined {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : undefined;
}

async function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new Error(`No publisher confirm within ${ms} ms`));
    }, ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Deletes the outbox rows published longer ago than `retainMs` (OUTBOX_RETENTION); answers how many. */
export async function prunePublishedEvents(dataSource: DataSource, retainMs: number): Promise<number> {
  const [row]: { deleted: number }[] = await dataSource.query(
    `WITH pruned AS (DELETE FROM outbox WHERE published_at < now() - make_interval(secs => $1) RETURNING 1)
     SELECT count(*)::int AS deleted FROM pruned`,
    [retainMs / 1000],
  );
  return row!.deleted;
}
