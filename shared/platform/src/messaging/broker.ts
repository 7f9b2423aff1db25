import { EventEmitter } from 'node:events';
import type { ConnectionOptions } from 'node:tls';
import amqp, { type Channel, type ChannelModel, type ConfirmChannel } from 'amqplib';
import { backoffDelay } from '../lifecycle/backoff';
import type { Logger } from '../logging/logger';
import { amqpUserOf } from './broker-users';
import { declareChangeStream, DEFAULT_CHANGE_STREAM_RETENTION, type ChangeStreamRetention } from './change-stream';
import { inProcessBus } from './in-process-bus';
import { topologyNames, type TopologyNames } from './topology';

export interface BrokerOptions {
  /** RabbitMQ; without it, the process's in-process bus journaled in `inProcessJournal` (the embedded default). */
  url?: string;
  /** With an amqps:// `url`: the CA and client certificate to use (`amqpTlsOptions`, AMQP_CA_FILE …). */
  tls?: ConnectionOptions;
  inProcessJournal?: string;
  namespace: string;
  logger: Logger;
  /** First retry delay after a failed or lost connection; doubles per failure up to 30 s. Default 1000. */
  reconnectDelayMs?: number;
  /** Shown by RabbitMQ (`connection_name`), so an operator can tell the processes apart. */
  connectionName?: string;
  /** Retention of the change stream `<ns>.changes` (CHANGE_STREAM_MAX_AGE, CHANGE_STREAM_MAX_BYTES). Default 7 days, 2 GiB. */
  changeStream?: ChangeStreamRetention;
  /**
   * The broker user of the in-process bus's connection (a service's `crm-<service>`): it publishes under that
   * user-id only, as RabbitMQ allows a connection. With `url`, the URL's user is the connection's.
   */
  user?: string;
  /**
   * The routing keys the in-process bus's connection may publish on the events exchange (the service's own
   * events), as RabbitMQ's topic permissions allow a service's user (deploy/rabbitmq/broker-users.sh). Unset: any.
   */
  publishes?: readonly string[];
}

const CONNECT_TIMEOUT_MS = 10_000;

/**
 * The process's one connection to RabbitMQ. It declares the shared topology, and when the connection
 * is lost it reconnects by itself; relay and consumer listen to `onConnected` to pick up again.
 */
export class Broker {
  readonly names: TopologyNames;
  readonly reconnectDelayMs: number;
  /** The user this connection publishes as: every message carries it as its `user-id` (docs/security.md §10.2). */
  readonly user: string | undefined;
  private readonly logger: Logger;
  private readonly events = new EventEmitter();
  private connection?: ChannelModel;
  private connecting?: Promise<void>;
  private closed = false;
  private wakeFromSleep?: () => void;

  constructor(private readonly options: BrokerOptions) {
    this.names = topologyNames(options.namespace);
    this.reconnectDelayMs = options.reconnectDelayMs ?? 1000;
    this.user = options.url !== undefined ? amqpUserOf(options.url) : options.user;
    this.logger = options.logger.child({ component: 'broker' });
  }

  /**
   * Resolves once connected with the exchanges, the dead-letter queue and the change stream declared. Retries with
   * backoff, logging each failure, until it succeeds; rejects only when `close()` is called first.
   */
  connect(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('Broker is closed'));
    if (this.connection) return Promise.resolve();
    this.connecting ??= this.connectWithRetry().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  isConnected(): boolean {
    return this.connection !== undefined;
  }

  /** Runs `listener` after every successful (re)connection; returns the unsubscribe function. */
  onConnected(listener: () => void | Promise<void>): () => void {
    const safe = () => {
      Promise.resolve()
        .then(listener)
        .catch((error: unknown) => this.logger.error({ err: error }, 'connected listener failed'));
    };
    this.events.on('connected', safe);
    return () => this.events.off('connected', safe);
  }

  async createChannel(): Promise<Channel> {
    return this.requireConnection().createChannel();
  }

  async createConfirmChannel(): Promise<ConfirmChannel> {
    return this.requireConnection().createConfirmChannel();
  }

  /** Stops reconnecting and closes the connection (and with it every channel). */
  async close(): Promise<void> {
    this.closed = true;
    this.wakeFromSleep?.();
    await this.connecting?.catch(() => undefined);
    const connection = this.connection;
    this.connection = undefined;
    this.events.removeAllListeners();
    if (connection) {
      await connection.close().catch((error: unknown) => this.logger.warn({ err: error }, 'broker close failed'));
    }
  }

  private requireConnection(): ChannelModel {
    if (!this.connection) throw new Error('Broker is not connected');
    return this.connection;
  }

  private async connectWithRetry(): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      if (this.closed) throw new Error('Broker closed before it connected');
      try {
        const connection = await this.openConnection();
        if (this.closed) {
          await connection.close().catch(() => undefined);
          throw new Error('Broker closed before it connected');
        }
        this.adopt(connection);
        return;
      } catch (error) {
        if (this.closed) throw error;
        const delay = backoffDelay(this.reconnectDelayMs, attempt);
        this.logger.warn({ err: error, attempt, retryInMs: delay }, 'broker connection failed');
        await this.sleep(delay);
      }
    }
  }

  private async connectTo(): Promise<ChannelModel> {
    const { url, inProcessJournal } = this.options;
    if (url === undefined) {
      if (inProcessJournal === undefined) throw new Error('Broker needs a RabbitMQ URL or an in-process journal');
      const { publishes } = this.options;
      const mayPublish = publishes && ((exchange: string, routingKey: string) => exchange !== this.names.exchange || publishes.includes(routingKey));
      return inProcessBus(inProcessJournal).connect(this.user, mayPublish);
    }
    return amqp.connect(url, {
      ...this.options.tls,
      noDelay: true, // Nagle's algorithm costs ~40 ms per hop (architecture §4)
      timeout: CONNECT_TIMEOUT_MS,
      clientProperties: { connection_name: this.options.connectionName ?? `${this.options.namespace}:${process.pid}` },
    });
  }

  private async openConnection(): Promise<ChannelModel> {
    const connection = await this.connectTo();
    // Until adopted, a failure must not crash the process through an unhandled 'error'.
    connection.on('error', () => undefined);
    try {
      const channel = await connection.createChannel();
      const { exchange, deadLetterExchange, deadLetterQueue } = this.names;
      await channel.assertExchange(exchange, 'topic', { durable: true });
      // Topic, so dead-lettered messages keep their routing key (the event type) for inspection.
      await channel.assertExchange(deadLetterExchange, 'topic', { durable: true });
      await channel.assertQueue(deadLetterQueue, { durable: true, arguments: { 'x-queue-type': 'quorum' } });
      await channel.bindQueue(deadLetterQueue, deadLetterExchange, '#');
      await channel.close();
      await declareChangeStream(connection, this.names, this.options.changeStream ?? DEFAULT_CHANGE_STREAM_RETENTION, this.logger);
      return connection;
    } catch (error) {
      await connection.close().catch(() => undefined);
      throw error;
    }
  }

  private adopt(connection: ChannelModel): void {
    connection.removeAllListeners('error');
    connection.on('error', (error: Error) => this.logger.warn({ err: error }, 'broker connection error'));
    connection.on('blocked', (reason: string) => this.logger.warn({ reason }, 'broker blocked publishing'));
    connection.on('unblocked', () => this.logger.info('broker unblocked publishing'));
    connection.on('close', (error?: Error) => {
      if (this.connection !== connection) return; // closed by us
      this.connection = undefined;
      if (this.closed) return;
      this.logger.warn({ err: error }, 'broker connection lost, reconnecting');
      this.connect().catch(() => undefined); // failures are logged by the retry loop
    });
    this.connection = connection;
    this.logger.info({ namespace: this.options.namespace }, 'broker connected');
    this.events.emit('connected');
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeFromSleep = done;
    });
  }
}
