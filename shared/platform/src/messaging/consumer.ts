import type { Channel, ConsumeMessage } from 'amqplib';
import { isDatabaseUnavailable, type DataSource, type EntityManager } from '../database';
import { REQUEST_ID_HEADER, withRequestId } from '../http/request-context';
import type { Logger } from '../logging/logger';
import type { Tracing } from '../tracing/tracing';
import { isPreconditionFailed } from './amqp-errors';
import { backoffDelay } from '../lifecycle/backoff';
import type { Broker } from './broker';
import { parseEvent, type CrmEvent } from './envelope';
import type { IntegrationEventHandler } from './integration-events';

/**
 * How a delivery ended: handled (committed, acked), skipped (its id already in the inbox, acked), failed
 * (the handler threw, returned to the queue), malformed (not an event, dead-lettered) or refused (not published
 * by the owner of its type, dead-lettered unhandled).
 */
export type ConsumerOutcome = 'handled' | 'skipped' | 'failed' | 'malformed' | 'refused';

/** Why the consumer dead-lettered a message (its `crm-dead-letter-reason` header). */
type DeadLetterReason = 'malformed' | 'delivery_limit' | 'untrusted_publisher';

export interface EventConsumerOptions<Deps> {
  dataSource: DataSource;
  broker: Broker;
  logger: Logger;
  /** The queue is `<ns>.<service>`. */
  service: string;
  /** Routing keys the queue is bound with, e.g. `['record.created', 'record.*']` or `['#']`. */
  bindings: readonly string[];
  handler: IntegrationEventHandler<Deps>;
  /**
   * The broker user that must have published an event of this type: its owner's (docs/security.md §10.2). An event
   * whose AMQP `user-id` is another, or absent, is dead-lettered (`untrusted_publisher`) and never handled; so is one
   * of a type nobody publishes (undefined). Unset: no check (the platform's tests, of made-up types).
   */
  publisherOf?: (type: string) => string | undefined;
  /** What the handler is given beside the event (the service's dependencies). */
  deps: Deps;
  /** Unacknowledged messages in flight at once, each handled on a pool connection of its own. Default 5. */
  prefetch?: number;
  /**
   * How many times a failing message is returned before the consumer dead-letters it (EVENT_DELIVERY_LIMIT),
   * so it is handled at most deliveryLimit + 1 times. Default 5. Counted from the broker's `x-delivery-count`
   * (which a failure's basic.reject increments on RabbitMQ 3.x and 4.x alike), not declared on the queue: a
   * setting changes it, not a redeclaration (architecture §4).
   */
  deliveryLimit?: number;
  /** Called after an event's handling committed and before its ack (fault-injection tests crash here). */
  afterCommit?: (event: CrmEvent) => void;
  /** Called as each delivery settles (metrics); the event is undefined when the message was malformed. */
  onSettled?: (outcome: ConsumerOutcome, event: CrmEvent | undefined) => void;
  /** A span per event handled, continuing the trace of the message. */
  tracing?: Tracing;
}


/**
 * Deletes the inbox rows received more than `retentionDays` ago (INBOX_RETENTION_DAYS, 14: far past any
 * redelivery by the broker or a relay; a message replayed later than that is handled again); answers how many.
 */
export async function pruneHandledMessages(dataSource: DataSource, retentionDays: number): Promise<number> {
  const [row]: { deleted: number }[] = await dataSource.query(
    `WITH pruned AS (DELETE FROM inbox WHERE received_at < now() - make_interval(days => $1) RETURNING 1)
     SELECT count(*)::int AS deleted FROM pruned`,
    [retentionDays],
  );
  return row!.deleted;
}


/**
 * Consumes the service's quorum queue with an inbox: handler effect and inbox row commit together,
 * then the message is acked, so a redelivery (crash before the ack, a relay republishing) is skipped.
 * After a lost connection it subscribes again by itself.
 */
export class EventConsumer<Deps = unknown> {
  readonly queue: string;
  private readonly logger: Logger;
  private readonly prefetch: number;
  private readonly deliveryLimit: number;
  private channel?: Channel;
  private consumerTag?: string;
  private started = false;
  private stopping = false;
  private subscribing?: Promise<void>;
  private retryTimer?: NodeJS.Timeout;
  private unsubscribe?: () => void;
  private readonly inFlight = new Set<Promise<void>>();
  private firstSubscription: Promise<void> = Promise.resolve();
  private onFirstSubscription?: () => void;
  private failedSubscriptions = 0;

  private readonly options: Omit<EventConsumerOptions<Deps>, 'handler' | 'deps'>;
  /** The handler with the service's dependencies bound: nothing else of the consumer depends on their type. */
  private readonly handleEvent: (event: CrmEvent, manager: EntityManager) => Promise<void>;

  constructor({ handler, deps, ...options }: EventConsumerOptions<Deps>) {
    this.options = options;
    this.handleEvent = (event, manager) => handler(event, manager, deps);
    this.queue = options.broker.names.queue(options.service);
    this.logger = options.logger.child({ component: 'event-consumer', queue: this.queue });
    this.prefetch = options.prefetch ?? 5;
    this.deliveryLimit = options.deliveryLimit ?? 5;
  }

  /**
   * Consumes from the moment the broker is connected, now or later: declares and binds the queue, then
   * subscribes. Resolves once first subscribed (or stopped first). A subscription that fails (the broker
   * gone again, a declaration refused) is logged and tried again with backoff.
   */
  start(): Promise<void> {
    if (this.started) return this.firstSubscription;
    this.started = true;
    this.stopping = false;
    this.firstSubscription = new Promise<void>((resolve) => {
      this.onFirstSubscription = resolve;
    });
    this.unsubscribe = this.options.broker.onConnected(() => this.resubscribe());
    this.resubscribe();
    return this.firstSubscription;
  }

  /** Messages in the dead-letter queue (shared by every service), asked of the broker; undefined while not subscribed. */
  async deadLetteredMessages(): Promise<number | undefined> {
    const channel = this.channel;
    if (!channel) return undefined;
    return (await channel.checkQueue(this.options.broker.names.deadLetterQueue)).messageCount;
  }

  /** Messages ready in the queue (not yet delivered), asked of the broker; undefined while not subscribed. */
  async queuedMessages(): Promise<number | undefined> {
    const channel = this.channel;
    if (!channel) return undefined;
    return (await channel.checkQueue(this.queue)).messageCount;
  }

  /** Stops taking messages, lets the handlers in flight finish and ack, then closes the channel. */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.stopping = true;
    this.unsubscribe?.();
    clearTimeout(this.retryTimer);
    await this.subscribing?.catch(() => undefined);
    const channel = this.channel;
    if (channel && this.consumerTag) await channel.cancel(this.consumerTag).catch(() => undefined);
    // Deliveries that arrived before the cancel-ok are in the set by now.
    await Promise.allSettled([...this.inFlight]);
    this.channel = undefined;
    this.consumerTag = undefined;
    await channel?.close().catch(() => undefined);
    this.started = false;
    this.onFirstSubscription?.();
  }

  private subscribe(): Promise<void> {
    this.subscribing ??= this.openAndConsume().finally(() => {
      this.subscribing = undefined;
    });
    return this.subscribing;
  }

  private async openAndConsume(): Promise<void> {
    const { broker } = this.options;
    let channel = await this.openChannel();
    try {
      await channel.prefetch(this.prefetch);
      try {
        await channel.assertQueue(this.queue, { durable: true, arguments: this.queueArguments() });
      } catch (error) {
        if (!isPreconditionFailed(error)) throw error;
        // The queue exists with other arguments (declared by an older release, or changed by hand): changing
        // them takes a policy, not a redeclaration, so it is consumed as it is rather than refused for ever.
        this.logger.error(
          { err: error, wanted: this.queueArguments() },
          'the queue exists with other arguments than this release declares: consuming it as it is; change them with a RabbitMQ policy (docs/operations.md)',
        );
        channel = await this.openChannel(); // the refusal closed the channel
        await channel.prefetch(this.prefetch);
        await channel.checkQueue(this.queue);
      }
      for (const key of this.options.bindings) await channel.bindQueue(this.queue, broker.names.exchange, key);
      if (this.stopping) throw new Error('Consumer stopped while subscribing');
      this.channel = channel;
      const consuming = channel;
      const { consumerTag } = await channel.consume(this.queue, (message) => this.onDelivery(consuming, message));
      this.consumerTag = consumerTag;
      this.failedSubscriptions = 0;
      this.onFirstSubscription?.();
      this.logger.info({ bindings: this.options.bindings }, 'consuming');
    } catch (error) {
      if (this.channel === channel) this.channel = undefined;
      await channel.close().catch(() => undefined);
      throw error;
    }
  }

  private async openChannel(): Promise<Channel> {
    const channel = await this.options.broker.createChannel();
    channel.on('error', (error: Error) => this.logger.warn({ err: error }, 'consumer channel error'));
    channel.on('close', () => {
      if (this.channel !== channel) return;
      this.channel = undefined;
      this.consumerTag = undefined;
      if (!this.stopping) this.retrySoon();
    });
    return channel;
  }

  /**
   * The arguments the queue is declared with: its type alone, which can never change. What may change is
   * not an argument (a redeclaration with other arguments is refused): the delivery limit is this
   * consumer's setting and it dead-letters by itself; an operator's policy may add a backstop (docs/operations.md).
   */
  private queueArguments(): Record<string, unknown> {
    return { 'x-queue-type': 'quorum' };
  }

  /**
   * Publishes the message to the dead-letter exchange with its routing key (confirmed), then acks it: a
   * crash in between leaves it in both places, never in neither. Should the publish fail, the message is
   * returned and dead-lettered at its next delivery.
   */
  private async deadLetter(channel: Channel, message: ConsumeMessage, reason: DeadLetterReason, detail?: string): Promise<void> {
    const { properties, fields } = message;
    try {
      const confirms = await this.options.broker.createConfirmChannel();
      try {
        // Named crm-… : the broker sets its own x- headers (x-delivery-count) on every delivery from the dead-letter queue.
        const headers = {
          ...properties.headers,
          'crm-dead-letter-reason': reason,
          ...(detail === undefined ? {} : { 'crm-dead-letter-detail': detail }),
          'crm-dead-letter-queue': this.queue,
          'crm-returns': deliveriesBefore(message),
          ...(properties.userId === undefined ? {} : { 'crm-published-by': properties.userId }),
        };
        // Republished by this service, so under its own user-id (RabbitMQ refuses another); the first is kept above.
        const republished = { ...properties, userId: this.options.broker.user, headers, persistent: true };
        confirms.publish(this.options.broker.names.deadLetterExchange, fields.routingKey, message.content, republished);
        await confirms.waitForConfirms();
      } finally {
        await confirms.close().catch(() => undefined);
      }
      settle(() => channel.ack(message));
    } catch (error) {
      this.logger.warn({ err: error, messageId: properties.messageId }, 'dead-lettering failed; the message is returned');
      // A nack: the broker failed here, not the message, and RabbitMQ 4.3 does not count a nack against the queue's limit.
      settle(() => channel.nack(message, false, true));
    }
  }

  /** After a reconnect, or when the channel alone was closed. */
  private resubscribe(): void {
    if (this.stopping || !this.started || this.channel || this.subscribing) return;
    if (!this.options.broker.isConnected()) return; // the broker's 'connected' brings us back
    this.subscribe().catch((error: unknown) => {
      this.failedSubscriptions += 1;
      // A broker that is connected yet refuses the queue's declaration (its arguments changed) needs an operator.
      const level = this.options.broker.isConnected() ? 'error' : 'warn';
      this.logger[level]({ err: error, attempt: this.failedSubscriptions }, 'subscribing failed');
      this.retrySoon();
    });
  }

  private retrySoon(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.resubscribe(), backoffDelay(this.options.broker.reconnectDelayMs, this.failedSubscriptions));
  }

  private onDelivery(channel: Channel, message: ConsumeMessage | null): void {
    if (message === null) {
      // Cancelled by the server (queue deleted, node down): a fresh channel declares and consumes again.
      this.logger.warn('consumer cancelled by the broker');
      channel.close().catch(() => undefined);
      return;
    }
    const work = this.handle(channel, message).finally(() => this.inFlight.delete(work));
    this.inFlight.add(work);
  }

  private async handle(channel: Channel, message: ConsumeMessage): Promise<void> {
    let event: CrmEvent;
    try {
      event = parseEvent(message.content);
    } catch (error) {
      this.logger.error({ err: error, messageId: message.properties.messageId }, 'malformed event, dead-lettered');
      await this.deadLetter(channel, message, 'malformed');
      this.options.onSettled?.('malformed', undefined);
      return;
    }
    const untrusted = this.untrustedPublisher(event, message);
    if (untrusted !== undefined) {
      this.logger.error(
        { eventId: event.id, type: event.type, tenant_id: event.tenantid, publishedBy: message.properties.userId ?? null },
        `${untrusted}: dead-lettered, not handled`,
      );
      await this.deadLetter(channel, message, 'untrusted_publisher', untrusted);
      this.options.onSettled?.('refused', event);
      return;
    }
    const returns = deliveriesBefore(message);
    if (returns > this.deliveryLimit && !(await this.handledBefore(event).catch(() => false))) {
      this.logger.error({ eventId: event.id, type: event.type, deliveries: returns }, 'event returned past the delivery limit, dead-lettered');
      await this.deadLetter(channel, message, 'delivery_limit');
      this.options.onSettled?.('failed', event);
      return;
    }
    const header: unknown = message.properties.headers?.[REQUEST_ID_HEADER];
    const requestId = typeof header === 'string' && header !== '' ? header : event.id;
    // Its request_id and tenant_id come with every line logged while it is handled (the logger's mixin).
    const context = { event_id: event.id, type: event.type, request_id: requestId, tenant_id: event.tenantid };
    const handleOnce = () => withRequestId(requestId, () => this.handleOnceWhenTheDatabaseIsUp(channel, event), event.tenantid);
    const { tracing } = this.options;
    const traced = { id: event.id, type: event.type, exchange: this.options.broker.names.exchange };
    let outcome: ConsumerOutcome;
    try {
      const handled = await (tracing ? tracing.inConsumerSpan(traced, message.properties.headers, handleOnce) : handleOnce());
      if (!handled) this.logger.debug(context, 'already handled, skipped');
      this.options.afterCommit?.(event);
      if (!settle(() => channel.ack(message))) {
        this.logger.warn(context, 'channel closed before the ack; the inbox skips the redelivery');
      }
      outcome = handled ? 'handled' : 'skipped';
    } catch (error) {
      this.logger.error({ ...context, err: error, deliveries: returns }, 'event handler failed, requeued');
      // basic.reject, not basic.nack: since RabbitMQ 4.3 only a reject counts in x-delivery-count (a nack is "not
      // processed", not a failure), so with a nack neither this consumer's limit nor the broker's would ever fire.
      settle(() => channel.reject(message, true));
      outcome = 'failed';
    }
    this.options.onSettled?.(outcome, event);
  }

  /** Why the event is not to be trusted (its publisher is not the owner of its type), or undefined when it is. */
  private untrustedPublisher(event: CrmEvent, message: ConsumeMessage): string | undefined {
    const { publisherOf } = this.options;
    if (publisherOf === undefined) return undefined;
    const expected = publisherOf(event.type);
    const publishedBy: unknown = message.properties.userId;
    if (expected === undefined) return `${event.type} is published by no service`;
    if (publishedBy === expected) return undefined;
    return `${event.type} is published by ${expected}, this one ${typeof publishedBy === 'string' ? `by ${publishedBy}` : 'without a user-id'}`;
  }

  /**
   * While the database is unreachable the message is held (not acked, not returned) and handled again
   * once it is back: returning it would spend the deliveries the queue allows a message before
   * dead-lettering it (`x-delivery-limit`) on an outage that says nothing about the message. Gives up
   * (and the message is returned) when the consumer stops or its channel closes.
   */
  private async handleOnceWhenTheDatabaseIsUp(channel: Channel, event: CrmEvent): Promise<boolean> {
    for (let delayMs = 100; ; delayMs = Math.min(delayMs * 2, 5_000)) {
      try {
        return await this.handleOnce(event);
      } catch (error) {
        if (!isDatabaseUnavailable(error) || this.stopping || this.channel !== channel) throw error;
        this.logger.warn({ eventId: event.id, type: event.type, err: error, retryInMs: delayMs }, 'database unavailable; the event is held and handled again');
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
    }
  }

  /**
   * Whether the inbox holds the event: one past its delivery limit may have been applied after all (its
   * handler's ack lost to a crash), and is then acked as a repeat rather than dead-lettered.
   */
  private async handledBefore(event: CrmEvent): Promise<boolean> {
    const rows: unknown[] = await this.options.dataSource.query('SELECT 1 FROM inbox WHERE message_id = $1', [event.id]);
    return rows.length > 0;
  }

  /** Inbox row and handler effect in one transaction; false when the message was handled before. */
  private handleOnce(event: CrmEvent): Promise<boolean> {
    return this.options.dataSource.transaction(async (manager) => {
      const inserted: unknown[] = await manager.query(
        'INSERT INTO inbox (message_id, type) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING message_id',
        [event.id, event.type],
      );
      if (inserted.length === 0) return false;
      await this.handleEvent(event, manager);
      return true;
    });
  }
}

/**
 * How many times the message was returned as failed before this delivery: quorum queues count a basic.reject in
 * `x-delivery-count` (before RabbitMQ 4.3 every return, since 4.3 a reject only).
 */
function deliveriesBefore(message: ConsumeMessage): number {
  const count: unknown = message.properties.headers?.['x-delivery-count'];
  return typeof count === 'number' ? count : 0;
}

/** Ack, reject or nack on a channel that may have closed meanwhile (the broker requeues those messages itself). */
function settle(action: () => void): boolean {
  try {
    action();
    return true;
  } catch {
    return false;
  }
}
