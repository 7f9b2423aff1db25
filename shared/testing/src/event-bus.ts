import amqp, { type ChannelModel, type ConfirmChannel } from 'amqplib';
import { brokerUserOf, createEvent, parseEvent, serviceAmqpUrl, topologyNames, type CrmEvent, type EventActor } from '@crm/platform';

/** An event to publish as its producer would: the envelope is built from it. */
export interface EventInput {
  type: string;
  tenantId: string;
  /** The record the event is about. */
  subject: string;
  data: Record<string, unknown>;
  /** The producing service, as its relay names itself in `source`. */
  source: string;
  /** Null (the default): system work. */
  actor?: EventActor | null;
  time?: Date;
}

/**
 * The harness's own link to the namespace's events exchange: it publishes as another service would (as that
 * service's broker user, docs/security.md §10.2), and keeps every event that crosses the exchange, from a queue
 * of its own bound with `#` (exclusive and auto-delete: it goes with the connection).
 */
export class EventBus {
  /** Every event seen on the exchange since the capture queue was bound, in arrival order. */
  private readonly seen: CrmEvent[] = [];
  private readonly ownIds = new Set<string>();
  /** A connection per service published as, opened at its first event. */
  private readonly publishers = new Map<string, Promise<{ connection: ChannelModel; channel: ConfirmChannel }>>();

  private constructor(
    private readonly connection: ChannelModel,
    private readonly url: string,
    readonly names: ReturnType<typeof topologyNames>,
  ) {}

  static async open(url: string, namespace: string): Promise<EventBus> {
    const names = topologyNames(namespace);
    const connection = await amqp.connect(url, { clientProperties: { connection_name: `${namespace}:component-test@${process.pid}` } });
    try {
      const capturing = await connection.createChannel();
      // As the services declare it, so whichever of them comes first the exchange is the same.
      await capturing.assertExchange(names.exchange, 'topic', { durable: true });
      const { queue } = await capturing.assertQueue('', { exclusive: true, autoDelete: true, durable: false });
      await capturing.bindQueue(queue, names.exchange, '#');
      const bus = new EventBus(connection, url, names);
      await capturing.consume(
        queue,
        (message) => {
          if (message) bus.keep(message.content);
        },
        { noAck: true },
      );
      return bus;
    } catch (error) {
      await connection.close().catch(() => undefined);
      throw error;
    }
  }

  /** The events seen that the harness did not publish itself. */
  publishedByOthers(): CrmEvent[] {
    return this.seen.filter((event) => !this.ownIds.has(event.id));
  }

  /**
   * Publishes an event as its producer's relay does: as the broker user of its `source` (its user-id), routing
   * key the type, persistent, message id the event id, confirmed by the broker. An envelope is sent as it is
   * (the same id again: a redelivery); an `EventInput` is built into one.
   */
  async publish(event: EventInput | CrmEvent): Promise<CrmEvent> {
    const envelope = 'specversion' in event ? event : envelopeOf(event);
    this.ownIds.add(envelope.id);
    const { channel } = await this.publisherFor(envelope.source);
    channel.publish(this.names.exchange, envelope.type, Buffer.from(JSON.stringify(envelope)), {
      messageId: envelope.id,
      persistent: true,
      contentType: 'application/json',
      userId: brokerUserOf(envelope.source),
    });
    await channel.waitForConfirms();
    return envelope;
  }

  /** The confirm channel of a connection as `service`'s broker user (the development one, as the services' own). */
  private publisherFor(service: string): Promise<{ connection: ChannelModel; channel: ConfirmChannel }> {
    let publisher = this.publishers.get(service);
    if (!publisher) {
      publisher = amqp.connect(serviceAmqpUrl(this.url, service, 'test')).then(async (connection) => ({ connection, channel: await connection.createConfirmChannel() }));
      this.publishers.set(service, publisher);
    }
    return publisher;
  }

  /**
   * Empties a queue of the namespace, if it exists: deliveries an earlier test file of this worker left in
   * a service's durable queue (its system stopped before consuming them) are not this file's to handle.
   */
  async purge(queue: string): Promise<void> {
    const channel = await this.connection.createChannel();
    channel.on('error', () => undefined); // a queue not declared yet closes the channel: nothing to purge
    await channel.purgeQueue(queue).catch(() => undefined);
    await channel.close().catch(() => undefined);
  }

  async close(): Promise<void> {
    for (const publisher of this.publishers.values()) await (await publisher.catch(() => undefined))?.connection.close().catch(() => undefined);
    await this.connection.close();
  }

  private keep(content: Buffer): void {
    try {
      this.seen.push(parseEvent(content));
    } catch {
      // Not an event: nothing a service publishes, so nothing a test waits for.
    }
  }
}

function envelopeOf(input: EventInput): CrmEvent {
  return createEvent({ source: input.source, type: input.type, subject: input.subject, tenantId: input.tenantId, actor: input.actor ?? null, data: input.data, time: input.time });
}

/** A predicate for `published`: events of `type` about the record `subject` (named so, for a wait's failure). */
export function eventAbout(type: string, subject: string): (event: CrmEvent) => boolean {
  const matches = (event: CrmEvent): boolean => event.type === type && event.subject === subject;
  return Object.defineProperty(matches, 'name', { value: `${type} about ${subject}` });
}
