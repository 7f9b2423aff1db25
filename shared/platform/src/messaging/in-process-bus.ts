import { EventEmitter } from 'node:events';
import { appendFileSync, closeSync, fdatasync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ChannelModel, ConsumeMessage, Options } from 'amqplib';

/**
 * The in-process bus of the embedded default (architecture §5): the part of RabbitMQ the services use, for
 * services running in one process, with the same delivery semantics as the RabbitMQ adapter: topic
 * exchanges (`*`, `#`), durable queues, publisher confirms, per-channel prefetch, ack, reject and nack with
 * requeue, a delivery limit (`x-delivery-limit`, counted in `x-delivery-count` as quorum queues do)
 * after which a message is dead-lettered (`x-dead-letter-exchange`), and unacked messages returned when
 * their channel closes. What counts is RabbitMQ 4.3's rule, the strictest: a reject counts (the message failed),
 * a nack does not (it was not processed); a closed channel's returns count, as they did before 4.3 (4.3 keeps them
 * apart), so a message that crashes its consumer each time still ends at the limit. It speaks amqplib's channel API, so `Broker`, the outbox relay and the consumer
 * run unchanged on it. A queue declared with `x-queue-type: stream` is a stream as RabbitMQ's: an append-only
 * log with offsets, read by each consumer from where it attached (`x-stream-offset`: `first`, `next`, an
 * offset or a time), acks removing nothing, the oldest entries going by `x-max-age` and `x-max-length-bytes`.
 *
 * Durable across restarts: queues, bindings and every message not yet acked are appended to a journal
 * file, and read back when the process starts again. A publish is confirmed once its line is on disk
 * (fdatasync), so neither a killed process nor a machine crash loses a confirmed message; the journal is
 * compacted into a new file that replaces it whole (write, fsync, rename), never rewritten in place.
 */

interface StoredMessage {
  id: string;
  queue: string;
  exchange: string;
  routingKey: string;
  content: Buffer;
  properties: Options.Publish;
  deliveryCount: number;
  /** Delivered before (RabbitMQ's `redelivered`), counted or not. */
  redelivered?: boolean;
  /** Set on a stream's entries: its place in the stream. */
  streamOffset?: number;
}

/** A stream's retained entries, offsets `firstOffset` … `firstOffset + entries.length - 1`. */
interface StreamLog {
  entries: Array<{ message: StoredMessage; appendedAt: number }>;
  firstOffset: number;
  bytes: number;
  retentionCheckedAt: number;
}

interface Subscription {
  channel: InProcessChannel;
  tag: string;
  onMessage: (message: ConsumeMessage | null) => void;
  /** On a stream: the offset it reads next. */
  position?: number;
}

interface QueueState {
  arguments: Record<string, unknown>;
  ready: StoredMessage[];
  subscriptions: Subscription[];
  nextSubscription: number;
}

type JournalEntry =
  | { op: 'queue'; name: string; arguments: Record<string, unknown> }
  | { op: 'bind'; queue: string; exchange: string; pattern: string }
  | { op: 'put'; id: string; queue: string; exchange: string; routingKey: string; content: string; properties: Options.Publish }
  | { op: 'done'; id: string }
  | { op: 'append'; id: string; queue: string; offset: number; at: number; exchange: string; routingKey: string; content: string; properties: Options.Publish }
  | { op: 'trim'; queue: string; before: number };

/** Retention is applied at most this often per stream (each pass drops every entry past it at once). */
const RETENTION_CHECK_MS = 1000;

/** RabbitMQ's `x-max-age` (`7D`, `12h`, `604800s`; units Y, M, D, h, m, s) as milliseconds; undefined: none. */
function maxAgeMs(value: unknown): number | undefined {
  const match = typeof value === 'string' ? /^(\d+)(Y|M|D|h|m|s)$/.exec(value) : null;
  if (!match) return undefined;
  const unitMs = { Y: 365 * 86_400_000, M: 30 * 86_400_000, D: 86_400_000, h: 3_600_000, m: 60_000, s: 1000 }[match[2] as 'Y' | 'M' | 'D' | 'h' | 'm' | 's'];
  return Number(match[1]) * unitMs;
}

/** Lines appended since the last compaction past which a journal mostly of finished messages is rewritten. */
const COMPACT_AFTER_LINES = 20_000;

/** A topic pattern as RabbitMQ reads it: words split by `.`, `*` one word, `#` zero or more. */
export function topicMatches(pattern: string, routingKey: string): boolean {
  const match = (p: string[], k: string[]): boolean => {
    if (p.length === 0) return k.length === 0;
    const [head, ...rest] = p;
    if (head === '#') return match(rest, k) || (k.length > 0 && match(p, k.slice(1)));
    if (k.length === 0) return false;
    return (head === '*' || head === k[0]) && match(rest, k.slice(1));
  };
  return match(pattern.split('.'), routingKey.split('.'));
}

export class InProcessBus {
  private readonly queues = new Map<string, QueueState>();
  private readonly bindings: Array<{ queue: string; exchange: string; pattern: string }> = [];
  /** Every message put and not yet done (ready or delivered), which a compacted journal keeps. */
  private readonly pending = new Map<string, StoredMessage>();
  private readonly streams = new Map<string, StreamLog>();
  /** The journal, open for appending from the compaction at start on (-1 before); each compaction replaces it. */
  private journal = -1;
  private linesWritten = 0;
  /** Waiting for the lines written before them to reach the disk: the next fdatasync confirms them all. */
  private awaitingSync: Array<(error: Error | null) => void> = [];
  /** The file being fdatasynced (a compaction must not close it under the call), if one is. */
  private syncing?: number;
  private syncScheduled = false;
  private nextId = 0;
  private nextTag = 0;

  constructor(private readonly journalFile: string) {
    mkdirSync(dirname(journalFile), { recursive: true });
    this.replay();
  }

  /**
   * A connection as `user` (a service's broker user): like RabbitMQ, it refuses to publish under another `user-id`,
   * and, with `mayPublish`, a routing key its topic permissions would not allow (docs/security.md §10.2). Without a
   * user, any `user-id` goes (the tests' own connections, as RabbitMQ's guest).
   */
  connect(user?: string, mayPublish?: PublishPermission): ChannelModel {
    // The subset of amqplib's ChannelModel the Broker uses; the cast is the adapter's seam.
    return new InProcessConnection(this, { user, mayPublish }) as unknown as ChannelModel;
  }

  assertQueue(name: string, args: Record<string, unknown> = {}): void {
    const existing = this.queues.get(name);
    if (existing && JSON.stringify(existing.arguments) === JSON.stringify(args)) return;
    this.queueState(name).arguments = args;
    this.write({ op: 'queue', name, arguments: args });
  }

  bindQueue(queue: string, exchange: string, pattern: string): void {
    if (this.bindings.some((b) => b.queue === queue && b.exchange === exchange && b.pattern === pattern)) return;
    this.bindings.push({ queue, exchange, pattern });
    this.write({ op: 'bind', queue, exchange, pattern });
  }

  /**
   * Routes to every bound queue (none: dropped, as RabbitMQ drops an unroutable message); journaled before
   * it returns, on disk once `synced()` resolves.
   */
  publish(exchange: string, routingKey: string, content: Buffer, properties: Options.Publish): void {
    const queues = new Set(this.bindings.filter((b) => b.exchange === exchange && topicMatches(b.pattern, routingKey)).map((b) => b.queue));
    for (const queue of queues) {
      this.put({ id: this.newId(), queue, exchange, routingKey, content, properties, deliveryCount: 0 });
    }
  }

  /**
   * Resolves once every line written so far is on disk. The calls of one event-loop turn, and those made
   * while an fdatasync runs, share the next one (group commit).
   */
  synced(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.awaitingSync.push((error) => (error ? reject(error) : resolve()));
      if (this.syncing === undefined && !this.syncScheduled) {
        this.syncScheduled = true;
        setImmediate(() => this.sync());
      }
    });
  }

  /** Messages waiting in a queue (not yet delivered) and its consumers; undefined for a queue never declared. */
  queueCounts(queue: string): { messageCount: number; consumerCount: number } | undefined {
    const state = this.queues.get(queue);
    return state && { messageCount: state.ready.length, consumerCount: state.subscriptions.length };
  }

  /** On a stream, `from` is the consumer's `x-stream-offset` (RabbitMQ's default: `next`). */
  subscribe(queue: string, subscription: Subscription, from?: unknown): void {
    const state = this.queueState(queue);
    if (isStream(state)) {
      if (!subscription.channel.hasPrefetch()) throw new Error(`PRECONDITION_FAILED - consumer prefetch count is not set for stream '${queue}'`);
      subscription.position = this.streamPosition(this.streamLog(queue), from);
    }
    state.subscriptions.push(subscription);
    this.dispatchSoon(queue);
  }

  unsubscribe(queue: string, tag: string): void {
    const state = this.queues.get(queue);
    if (state) state.subscriptions = state.subscriptions.filter((s) => s.tag !== tag);
  }

  newTag(): string {
    this.nextTag += 1;
    return `in-process-${this.nextTag}`;
  }

  acked(message: StoredMessage): void {
    if (message.streamOffset !== undefined) return; // a stream keeps what was read
    this.done(message);
  }

  /**
   * A reject, a nack or a closed channel: back to the queue, or dead-lettered once past the delivery limit (or when not
   * requeued). `counted`: the return counts in `x-delivery-count` (a reject, a closed channel; not a nack).
   */
  returned(message: StoredMessage, requeue: boolean, counted: boolean): void {
    if (message.streamOffset !== undefined) return; // the consumer attaches again where it wants
    const state = this.queueState(message.queue);
    const limit = state.arguments['x-delivery-limit'];
    const deliveryCount = message.deliveryCount + (counted ? 1 : 0);
    if (requeue && !(typeof limit === 'number' && deliveryCount > limit)) {
      state.ready.unshift({ ...message, deliveryCount, redelivered: true });
      this.dispatchSoon(message.queue);
      return;
    }
    // The dead-lettered copy is journaled before the original is done: a kill in between leaves both, not neither.
    const deadLetterExchange = state.arguments['x-dead-letter-exchange'];
    if (typeof deadLetterExchange === 'string') this.publish(deadLetterExchange, message.routingKey, message.content, message.properties);
    this.done(message);
  }

  dispatchSoon(queue: string): void {
    setImmediate(() => this.dispatch(queue));
  }

  private dispatch(queue: string): void {
    const state = this.queues.get(queue);
    if (!state) return;
    if (isStream(state)) {
      this.dispatchStream(queue, state);
      return;
    }
    while (state.ready.length > 0) {
      const subscription = this.nextFree(state);
      if (!subscription) return;
      const message = state.ready.shift()!;
      subscription.onMessage(subscription.channel.deliver(message, subscription.tag));
    }
  }

  /** Each consumer of a stream gets every entry from its own position on, as its prefetch allows. */
  private dispatchStream(queue: string, state: QueueState): void {
    const log = this.streamLog(queue);
    const end = log.firstOffset + log.entries.length;
    for (const subscription of state.subscriptions) {
      subscription.position = Math.max(subscription.position ?? end, log.firstOffset);
      while (subscription.position < end && subscription.channel.hasCapacity()) {
        const { message } = log.entries[subscription.position - log.firstOffset]!;
        subscription.position += 1;
        subscription.onMessage(subscription.channel.deliver(message, subscription.tag));
      }
    }
  }

  /**
   * The offset an `x-stream-offset` names: `first`, `next` (the default), `last`, an offset, or a time (a Date,
   * or an AMQP timestamp in seconds as amqplib writes it): the first entry appended at or after it.
   */
  private streamPosition(log: StreamLog, from: unknown): number {
    const end = log.firstOffset + log.entries.length;
    if (from === 'first') return log.firstOffset;
    if (from === 'last') return Math.max(log.firstOffset, end - 1);
    if (typeof from === 'number') return Math.min(Math.max(from, log.firstOffset), end);
    const time = from instanceof Date ? from.getTime() : isAmqpTimestamp(from) ? from.value * 1000 : undefined;
    if (time !== undefined) {
      const index = log.entries.findIndex((entry) => entry.appendedAt >= time);
      return index === -1 ? end : log.firstOffset + index;
    }
    return end;
  }

  private streamLog(queue: string): StreamLog {
    let log = this.streams.get(queue);
    if (!log) {
      log = { entries: [], firstOffset: 0, bytes: 0, retentionCheckedAt: 0 };
      this.streams.set(queue, log);
    }
    return log;
  }

  /** Appends to a stream, journaled like a put; never done, only trimmed by retention. */
  private append(message: StoredMessage): void {
    const appendedAt = Date.now();
    const log = this.streamLog(message.queue);
    const offset = log.firstOffset + log.entries.length;
    const { id, queue, exchange, routingKey, content, properties } = message;
    this.write({ op: 'append', id, queue, offset, at: appendedAt, exchange, routingKey, content: content.toString('base64'), properties });
    log.entries.push({ message: { ...message, streamOffset: offset }, appendedAt });
    log.bytes += content.length;
    this.applyRetention(queue, log, appendedAt);
    this.dispatchSoon(queue);
  }

  /** Drops the oldest entries past `x-max-age` or beyond `x-max-length-bytes`, in one journaled trim. */
  private applyRetention(queue: string, log: StreamLog, now: number): void {
    if (now - log.retentionCheckedAt < RETENTION_CHECK_MS) return;
    log.retentionCheckedAt = now;
    const args = this.queueState(queue).arguments;
    const maxAge = maxAgeMs(args['x-max-age']);
    const maxBytes = typeof args['x-max-length-bytes'] === 'number' ? args['x-max-length-bytes'] : Infinity;
    let drop = 0;
    let bytes = log.bytes;
    while (drop < log.entries.length - 1) {
      const entry = log.entries[drop]!;
      if (!(bytes > maxBytes || (maxAge !== undefined && now - entry.appendedAt > maxAge))) break;
      bytes -= entry.message.content.length;
      drop += 1;
    }
    if (drop === 0) return;
    this.trim(log, drop);
    this.write({ op: 'trim', queue, before: log.firstOffset });
  }

  private trim(log: StreamLog, count: number): void {
    for (const { message } of log.entries.splice(0, count)) log.bytes -= message.content.length;
    log.firstOffset += count;
  }

  /** Round robin over the subscriptions whose channel is under its prefetch. */
  private nextFree(state: QueueState): Subscription | undefined {
    for (let i = 0; i < state.subscriptions.length; i += 1) {
      const index = (state.nextSubscription + i) % state.subscriptions.length;
      const candidate = state.subscriptions[index]!;
      if (candidate.channel.hasCapacity()) {
        state.nextSubscription = index + 1;
        return candidate;
      }
    }
    return undefined;
  }

  private put(message: StoredMessage): void {
    if (isStream(this.queueState(message.queue))) {
      this.append(message);
      return;
    }
    const { id, queue, exchange, routingKey, content, properties } = message;
    this.write({ op: 'put', id, queue, exchange, routingKey, content: content.toString('base64'), properties });
    this.pending.set(id, message);
    this.queueState(queue).ready.push(message);
    this.dispatchSoon(queue);
  }

  private queueState(name: string): QueueState {
    let state = this.queues.get(name);
    if (!state) {
      state = { arguments: {}, ready: [], subscriptions: [], nextSubscription: 0 };
      this.queues.set(name, state);
    }
    return state;
  }

  private newId(): string {
    this.nextId += 1;
    return `${process.pid}-${Date.now()}-${this.nextId}`;
  }

  private done(message: StoredMessage): void {
    this.pending.delete(message.id);
    this.write({ op: 'done', id: message.id });
    if (this.linesWritten > COMPACT_AFTER_LINES && this.linesWritten > 4 * (this.pending.size + this.streamEntries())) this.compact();
  }

  private streamEntries(): number {
    let count = 0;
    for (const log of this.streams.values()) count += log.entries.length;
    return count;
  }

  /** Appends a line: once written, a killed process keeps it (the kernel has it); `synced()` puts it on disk. */
  private write(entry: JournalEntry): void {
    appendFileSync(this.journal, `${JSON.stringify(entry)}\n`);
    this.linesWritten += 1;
  }

  private sync(): void {
    this.syncScheduled = false;
    const batch = this.awaitingSync;
    this.awaitingSync = [];
    const file = this.journal;
    this.syncing = file;
    // fdatasync: an append's new length is flushed with its data; the file's times need not be.
    fdatasync(file, (error) => {
      this.syncing = undefined;
      if (file !== this.journal) closeSync(file); // a compaction replaced it meanwhile
      for (const confirm of batch) confirm(error);
      if (this.awaitingSync.length > 0) this.sync();
    });
  }

  /**
   * Replaces the journal with one of what it must remember (queues, bindings, pending messages, streams): written
   * to a file beside it, fsynced, renamed over it, the folder fsynced. A process killed at any point
   * leaves the old journal or the new one whole; the next compaction overwrites a half-written file.
   */
  private compact(): void {
    const entries: JournalEntry[] = [
      ...[...this.queues].map(([name, state]): JournalEntry => ({ op: 'queue', name, arguments: state.arguments })),
      ...this.bindings.map((binding): JournalEntry => ({ op: 'bind', ...binding })),
      ...[...this.pending.values()].map(({ id, queue, exchange, routingKey, content, properties }): JournalEntry => ({
        op: 'put',
        id,
        queue,
        exchange,
        routingKey,
        content: content.toString('base64'),
        properties,
      })),
      ...[...this.streams].flatMap(([queue, log]) =>
        log.entries.map(({ message, appendedAt }, index): JournalEntry => ({
          op: 'append',
          id: message.id,
          queue,
          offset: log.firstOffset + index,
          at: appendedAt,
          exchange: message.exchange,
          routingKey: message.routingKey,
          content: message.content.toString('base64'),
          properties: message.properties,
        })),
      ),
    ];
    const compacted = `${this.journalFile}.compacting`;
    const file = openSync(compacted, 'w');
    try {
      writeFileSync(file, entries.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
      fsyncSync(file);
    } finally {
      closeSync(file);
    }
    renameSync(compacted, this.journalFile);
    fsyncDirectory(dirname(this.journalFile));
    const replaced = this.journal;
    this.journal = openSync(this.journalFile, 'a');
    if (replaced !== -1 && replaced !== this.syncing) closeSync(replaced);
    this.linesWritten = entries.length;
  }

  /** Rebuilds queues, bindings, pending messages and streams from the journal, then rewrites it compacted. */
  private replay(): void {
    const pending = new Map<string, Extract<JournalEntry, { op: 'put' }>>();
    for (const line of readJournal(this.journalFile).split('\n')) {
      if (line.trim() === '') continue;
      let entry: JournalEntry;
      try {
        entry = JSON.parse(line) as JournalEntry;
      } catch {
        continue; // a line cut short by a crash: its publish was never confirmed
      }
      if (entry.op === 'put') pending.set(entry.id, entry);
      else if (entry.op === 'done') pending.delete(entry.id);
      else if (entry.op === 'append') this.replayAppend(entry);
      else if (entry.op === 'trim') {
        const log = this.streamLog(entry.queue);
        this.trim(log, Math.max(0, Math.min(entry.before - log.firstOffset, log.entries.length)));
      }
      else if (entry.op === 'queue') this.queueState(entry.name).arguments = entry.arguments;
      else if (!this.bindings.some((b) => b.queue === entry.queue && b.exchange === entry.exchange && b.pattern === entry.pattern)) {
        this.bindings.push({ queue: entry.queue, exchange: entry.exchange, pattern: entry.pattern });
      }
    }
    for (const entry of pending.values()) {
      const message = { ...entry, content: Buffer.from(entry.content, 'base64'), deliveryCount: 0 };
      this.pending.set(message.id, message);
      this.queueState(entry.queue).ready.push(message);
    }
    this.compact();
  }

  private replayAppend(entry: Extract<JournalEntry, { op: 'append' }>): void {
    const log = this.streamLog(entry.queue);
    // A compacted journal starts at the first offset retained; the lines after it follow one by one.
    if (log.entries.length === 0) log.firstOffset = entry.offset;
    const { id, queue, exchange, routingKey, properties } = entry;
    const content = Buffer.from(entry.content, 'base64');
    log.entries.push({ message: { id, queue, exchange, routingKey, content, properties, deliveryCount: 0, streamOffset: entry.offset }, appendedAt: entry.at });
    log.bytes += content.length;
  }
}

const isAmqpTimestamp = (value: unknown): value is { '!': 'timestamp'; value: number } =>
  typeof value === 'object' && value !== null && (value as { '!'?: unknown })['!'] === 'timestamp' && typeof (value as { value?: unknown }).value === 'number';

const isStream = (state: QueueState): boolean => state.arguments['x-queue-type'] === 'stream';

/** Whether a connection may publish with this routing key on this exchange (RabbitMQ's topic permissions). */
export type PublishPermission = (exchange: string, routingKey: string) => boolean;

/** Who a connection is: its broker user, and what it may publish. */
interface ConnectionIdentity {
  user?: string;
  mayPublish?: PublishPermission;
}

class InProcessChannel extends EventEmitter {
  private readonly unacked = new Map<number, StoredMessage>();
  private readonly unconfirmed = new Set<Promise<void>>();
  private readonly tags = new Map<string, string>();
  private prefetchCount = 0;
  private nextDeliveryTag = 0;
  private closed = false;

  constructor(
    private readonly bus: InProcessBus,
    private readonly identity: ConnectionIdentity,
  ) {
    super();
  }

  async assertExchange(exchange: string): Promise<{ exchange: string }> {
    return { exchange };
  }

  async assertQueue(queue: string, options: Options.AssertQueue = {}): Promise<{ queue: string; messageCount: number; consumerCount: number }> {
    this.bus.assertQueue(queue, (options.arguments as Record<string, unknown>) ?? {});
    return { queue, messageCount: 0, consumerCount: 0 };
  }

  async checkQueue(queue: string): Promise<{ queue: string; messageCount: number; consumerCount: number }> {
    this.ensureOpen();
    const counts = this.bus.queueCounts(queue);
    if (counts === undefined) throw new Error(`NOT_FOUND - no queue '${queue}'`);
    return { queue, ...counts };
  }

  async bindQueue(queue: string, exchange: string, pattern: string): Promise<Record<string, never>> {
    this.bus.bindQueue(queue, exchange, pattern);
    return {};
  }

  async prefetch(count: number): Promise<void> {
    this.prefetchCount = count;
  }

  hasPrefetch(): boolean {
    return this.prefetchCount > 0;
  }

  hasCapacity(): boolean {
    return !this.closed && (this.prefetchCount === 0 || this.unacked.size < this.prefetchCount);
  }

  async consume(queue: string, onMessage: (message: ConsumeMessage | null) => void, options: Options.Consume = {}): Promise<{ consumerTag: string }> {
    this.ensureOpen();
    const consumerTag = this.bus.newTag();
    this.bus.subscribe(queue, { channel: this, tag: consumerTag, onMessage }, options.arguments?.['x-stream-offset']);
    this.tags.set(consumerTag, queue);
    return { consumerTag };
  }

  async cancel(consumerTag: string): Promise<void> {
    const queue = this.tags.get(consumerTag);
    if (queue !== undefined) this.bus.unsubscribe(queue, consumerTag);
    this.tags.delete(consumerTag);
  }

  deliver(message: StoredMessage, consumerTag: string): ConsumeMessage {
    this.nextDeliveryTag += 1;
    this.unacked.set(this.nextDeliveryTag, message);
    const headers = {
      ...(message.properties.headers ?? {}),
      ...(message.deliveryCount > 0 ? { 'x-delivery-count': message.deliveryCount } : {}),
      ...(message.streamOffset !== undefined ? { 'x-stream-offset': message.streamOffset } : {}),
    };
    return {
      content: message.content,
      fields: { deliveryTag: this.nextDeliveryTag, redelivered: message.redelivered === true, exchange: message.exchange, routingKey: message.routingKey, consumerTag },
      properties: { ...message.properties, headers },
    } as unknown as ConsumeMessage;
  }

  ack(message: ConsumeMessage): void {
    this.bus.acked(this.settle(message));
  }

  /** basic.reject: the message failed; counted in its `x-delivery-count`. */
  reject(message: ConsumeMessage, requeue = true): void {
    this.bus.returned(this.settle(message), requeue, true);
  }

  /** basic.nack: not processed, not failed; since RabbitMQ 4.3 not counted in its `x-delivery-count`. */
  nack(message: ConsumeMessage, _allUpTo = false, requeue = true): void {
    this.bus.returned(this.settle(message), requeue, false);
  }

  /** `confirmed`, as a confirm channel's callback: called once the publish's journal line is on disk. */
  publish(exchange: string, routingKey: string, content: Buffer, options: Options.Publish = {}, confirmed?: (error: Error | null) => void): boolean {
    this.ensureOpen();
    const refused = this.refusal(exchange, routingKey, options);
    if (refused) {
      // What RabbitMQ does: nothing is routed, the channel is closed with the error.
      if (this.listenerCount('error') > 0) this.emit('error', refused);
      void this.close();
      confirmed?.(refused);
      return true;
    }
    this.bus.publish(exchange, routingKey, content, options);
    const synced = this.bus.synced();
    this.unconfirmed.add(synced);
    synced
      .then(
        () => confirmed?.(null),
        (error: Error) => confirmed?.(error),
      )
      .finally(() => this.unconfirmed.delete(synced));
    return true;
  }

  /** RabbitMQ's answer to a publish under another user-id (406), or to a routing key the user may not publish (403). */
  private refusal(exchange: string, routingKey: string, options: Options.Publish): Error | undefined {
    const { user, mayPublish } = this.identity;
    if (user !== undefined && options.userId !== undefined && options.userId !== user) {
      return Object.assign(new Error(`PRECONDITION_FAILED - user_id property set to '${options.userId}' but authenticated user was '${user}'`), { code: 406 });
    }
    if (mayPublish && !mayPublish(exchange, routingKey)) {
      return Object.assign(new Error(`ACCESS_REFUSED - write access to topic '${routingKey}' in exchange '${exchange}' refused for user '${user}'`), { code: 403 });
    }
    return undefined;
  }

  /** Resolves once every publish so far is on disk; rejects if one of them could not be synced. */
  async waitForConfirms(): Promise<void> {
    this.ensureOpen();
    await Promise.all(this.unconfirmed);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const tag of [...this.tags.keys()]) await this.cancel(tag);
    // Last first: each goes back to the head of its queue, so they keep their order.
    const returned = [...this.unacked.values()].reverse();
    this.unacked.clear();
    for (const message of returned) this.bus.returned(message, true, true);
    this.emit('close');
  }

  private settle(message: ConsumeMessage): StoredMessage {
    this.ensureOpen();
    const stored = this.unacked.get(message.fields.deliveryTag);
    if (!stored) throw new Error(`Unknown delivery tag ${message.fields.deliveryTag}`);
    this.unacked.delete(message.fields.deliveryTag);
    for (const [, subscriptionQueue] of this.tags) this.bus.dispatchSoon(subscriptionQueue);
    return stored;
  }

  private ensureOpen(): void {
    if (this.closed) throw new Error('Channel closed');
  }
}

class InProcessConnection extends EventEmitter {
  private readonly channels = new Set<InProcessChannel>();

  constructor(
    private readonly bus: InProcessBus,
    private readonly identity: ConnectionIdentity,
  ) {
    super();
  }

  async createChannel(): Promise<InProcessChannel> {
    const channel = new InProcessChannel(this.bus, this.identity);
    this.channels.add(channel);
    channel.once('close', () => this.channels.delete(channel));
    return channel;
  }

  createConfirmChannel(): Promise<InProcessChannel> {
    return this.createChannel();
  }

  async close(): Promise<void> {
    for (const channel of [...this.channels]) await channel.close();
    this.emit('close');
  }
}

/** The journal's lines; none on a first start. */
function readJournal(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error; // an unreadable journal must not be replaced by an empty one
  }
}

/** Makes the entries of a folder (a file renamed into it) survive a machine crash. */
function fsyncDirectory(path: string): void {
  const directory = openSync(path, 'r');
  try {
    fsyncSync(directory);
  } finally {
    closeSync(directory);
  }
}

/** The journal of a namespace's bus in the embedded data folder. */
export const embeddedBusJournal = (dataDir: string, namespace: string): string => join(dataDir, 'bus', `${namespace}.jsonl`);

const buses = new Map<string, InProcessBus>();

/** The process's bus for a journal file: every service of the process shares it. */
export function inProcessBus(journalFile: string): InProcessBus {
  let bus = buses.get(journalFile);
  if (!bus) {
    bus = new InProcessBus(journalFile);
    buses.set(journalFile, bus);
  }
  return bus;
}
