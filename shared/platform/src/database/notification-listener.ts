import { Client } from 'pg';
import { backoffDelay } from '../lifecycle/backoff';
import type { Logger } from '../logging/logger';

export interface NotificationListenerOptions {
  /** A connection of its own: the pool's connections come and go, a LISTEN must stay. */
  databaseUrl: string;
  channel: string;
  logger: Logger;
  /** Called with each notification's payload ('' when it has none). */
  onNotification: (payload: string) => void;
  /**
   * Called each time the LISTEN takes effect, the first time and after every reconnect: whatever was
   * notified while nobody listened was missed, so the caller looks for it now.
   */
  onListening?: () => void;
  /** First wait before reconnecting, doubled per failed attempt up to 30 s. Default 1000. */
  reconnectDelayMs?: number;
  /** The connection's `application_name`, so an operator (or a test) can tell it apart. */
  applicationName?: string;
}

/**
 * One connection that LISTENs on a channel and calls back on each notification. When the connection is
 * lost (the database restarted, the backend was terminated) it connects and LISTENs again by itself,
 * with backoff, until stopped. Notifications sent meanwhile are lost: `onListening` says when to look.
 */
export class NotificationListener {
  private readonly logger: Logger;
  private running?: Promise<void>;
  private stopping = false;
  private client?: Client;
  /** Whether `client` has connected: ending a client while it connects leaves its connect() unsettled for good. */
  private connected = false;
  private interruptPause?: () => void;
  private firstListen?: () => void;

  constructor(private readonly options: NotificationListenerOptions) {
    this.logger = options.logger.child({ component: 'notification-listener', channel: options.channel });
  }

  /** Starts listening in the background; resolves once the first LISTEN took effect (or on stop). */
  start(): Promise<void> {
    if (this.running) return Promise.resolve();
    const listening = new Promise<void>((resolve) => (this.firstListen = resolve));
    this.stopping = false;
    this.running = this.run();
    return listening;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.interruptPause?.();
    this.firstListen?.();
    // A client still connecting sees `stopping` once connected, and ends itself.
    if (this.connected) await this.client?.end().catch(() => undefined);
    await this.running;
    this.running = undefined;
  }

  private async run(): Promise<void> {
    const { databaseUrl, channel, applicationName, onNotification } = this.options;
    for (let attempt = 1; !this.stopping; attempt += 1) {
      const client = new Client({ connectionString: databaseUrl, application_name: applicationName });
      client.on('error', (error) => this.logger.warn({ err: error }, 'listening connection lost'));
      client.on('notification', (message) => onNotification(message.payload ?? ''));
      const ended = new Promise<void>((resolve) => {
        client.once('end', resolve);
        client.once('error', () => resolve()); // 'end' may not follow; reconnect either way
      });
      this.client = client;
      this.connected = false;
      try {
        await client.connect();
        this.connected = true;
        if (this.stopping) break;
        await client.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
        attempt = 0;
        this.firstListen?.();
        this.options.onListening?.();
        await ended;
      } catch (error) {
        if (!this.stopping) this.logger.warn({ err: error }, 'LISTEN failed');
      } finally {
        await client.end().catch(() => undefined);
      }
      if (!this.stopping) await this.pause(backoffDelay(this.options.reconnectDelayMs ?? 1_000, attempt));
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.interruptPause = done;
    });
  }
}
