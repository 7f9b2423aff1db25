import type { Channel, ChannelModel, ConsumeMessage } from 'amqplib';
import type { Logger } from '../logging/logger';
import { isPreconditionFailed } from './amqp-errors';
import { MalformedEventError, parseEvent, type CrmEvent } from './envelope';
import type { TopologyNames } from './topology';

/**
 * The change stream `<ns>.changes` (architecture §4): a RabbitMQ stream bound to the events exchange with `#`,
 * so every event published is retained, in publish order, for CHANGE_STREAM_MAX_AGE or until the stream
 * holds CHANGE_STREAM_MAX_BYTES. A reader attaches at `first`, a time or an offset and reads on from there;
 * the in-process bus keeps the same stream for the embedded mode.
 */
export interface ChangeStreamRetention {
  maxAgeMs: number;
  maxBytes: number;
}

export const DEFAULT_CHANGE_STREAM_RETENTION: ChangeStreamRetention = { maxAgeMs: 7 * 86_400_000, maxBytes: 2 * 1024 ** 3 };

/** The stream's declaration arguments: `x-max-age` in RabbitMQ's `<n>s` form, the size cap in bytes. */
export function changeStreamArguments(retention: ChangeStreamRetention): Record<string, unknown> {
  return {
    'x-queue-type': 'stream',
    'x-max-age': `${Math.max(1, Math.ceil(retention.maxAgeMs / 1000))}s`,
    'x-max-length-bytes': retention.maxBytes,
  };
}

/**
 * Declares the stream and binds it to the events exchange. A stream declared before with other retention
 * keeps it (RabbitMQ refuses to redeclare with other arguments): change a running one by a policy
 * (`max-age`, `max-length-bytes`), see docs/events.md §3.
 */
export async function declareChangeStream(connection: ChannelModel, names: TopologyNames, retention: ChangeStreamRetention, logger: Logger): Promise<void> {
  // A channel of its own: a refused redeclaration closes the channel it was made on.
  const declaring = await connection.createChannel();
  declaring.on('error', () => undefined);
  try {
    await declaring.assertQueue(names.changeStream, { durable: true, arguments: changeStreamArguments(retention) });
    await declaring.close();
  } catch (error) {
    if (!isPreconditionFailed(error)) throw error;
    logger.warn({ stream: names.changeStream }, 'change stream exists with other retention arguments: kept as it is (change it by a policy)');
  }
  const binding = await connection.createChannel();
  await binding.bindQueue(names.changeStream, names.exchange, '#');
  await binding.close();
}

/** Where a reader attaches: the oldest change retained, the next one published, an offset, or a time. */
export type StreamPosition = 'first' | 'next' | number | Date;

/** One change as the stream holds it: its offset (resume after it with offset + 1) and the event. */
export interface StreamedChange {
  offset: number;
  event: CrmEvent;
  /**
   * Its AMQP `user-id`, which RabbitMQ checked against the publisher's connection: a reader trusts the event only
   * when it is `crm-<producer>` of its type (docs/events.md §2). Undefined when it came without one.
   */
  publishedBy?: string;
}

export interface ChangeStreamReaderOptions {
  from: StreamPosition;
  /** Called for each change in stream order, one at a time; the next is not given before it resolves. */
  onChange: (change: StreamedChange) => void | Promise<void>;
  /** Messages the broker sends ahead of the handler. Default 500. */
  prefetch?: number;
}

export interface ChangeStreamReading {
  /** Stops reading: no change is given to `onChange` after it is called (it may be called from `onChange`). */
  stop(): Promise<void>;
  /** Settles when reading ends: stopped, or the stream gone (resolved), or `onChange` threw (rejected). */
  ended: Promise<void>;
}

/**
 * Reads a change stream on a connection: an amqplib one (needing read rights only: nothing is declared), a
 * `Broker`, or the in-process bus through it (the same code). Changes come in stream order: the order they
 * were published, a record's in version order but when relays of two replicas publish at once (docs/events.md
 * §3). Attached at an offset, a reader skips anything before it
 * (the broker reads whole chunks; RabbitMQ 3.10 filters them itself, a reader should not depend on it).
 */
export async function readChangeStream(
  connection: { createChannel(): Promise<Channel> },
  stream: string,
  options: ChangeStreamReaderOptions,
): Promise<ChangeStreamReading> {
  const channel = await connection.createChannel();
  channel.on('error', () => undefined); // a closed channel ends the reading below
  await channel.prefetch(options.prefetch ?? 500); // a stream consumer must have one
  let finish!: (error?: unknown) => void;
  const ended = new Promise<void>((resolve, reject) => {
    finish = (error) => (error === undefined ? resolve() : reject(error));
  });
  ended.catch(() => undefined); // a caller that only stops need not await it
  let handled: Promise<void> = Promise.resolve();
  let failed = false;
  let stopping = false;
  const skipBefore = typeof options.from === 'number' ? options.from : -1;
  const handle = async (message: ConsumeMessage) => {
    const offset = Number(message.properties.headers?.['x-stream-offset']);
    if (!failed && !stopping && offset >= skipBefore) {
      let event: CrmEvent | undefined;
      try {
        event = parseEvent(message.content);
      } catch (error) {
        if (!(error instanceof MalformedEventError)) throw error;
        // Not an event (nothing of ours publishes one): no change to give.
      }
      const publishedBy: unknown = message.properties.userId;
      if (event) await options.onChange({ offset, event, ...(typeof publishedBy === 'string' ? { publishedBy } : {}) });
    }
    channel.ack(message);
  };
  const { consumerTag } = await channel.consume(
    stream,
    (message) => {
      if (message === null) {
        finish(); // the stream was deleted
        return;
      }
      handled = handled
        .then(() => handle(message))
        .catch((error: unknown) => {
          if (!failed) finish(error);
          failed = true;
        });
    },
    { noAck: false, arguments: { 'x-stream-offset': streamOffsetArgument(options.from) } },
  );
  channel.on('close', () => finish());
  return {
    ended,
    async stop() {
      stopping = true;
      await channel.cancel(consumerTag).catch(() => undefined);
      await handled;
      await channel.close().catch(() => undefined);
      finish();
    },
  };
}

/** `x-stream-offset` as amqplib must encode it: a time as an AMQP timestamp (whole seconds), which a Date is not. */
function streamOffsetArgument(from: StreamPosition): unknown {
  return from instanceof Date ? { '!': 'timestamp', value: Math.floor(from.getTime() / 1000) } : from;
}
