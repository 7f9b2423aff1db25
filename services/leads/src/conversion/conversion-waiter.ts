import { Client } from 'pg';
import type { Logger } from '@crm/platform';

/** The channel a lead's conversion is announced on once every record it created is readable. */
export const conversionChannel = (schema: string) => `crm_conversion_${schema}`;

const POLL_MS = 200;
const RECONNECT_MS = 1_000;

/** Why a waiting request woke: its conversion's NOTIFY, the slow poll, or the service stopping. */
type WakeReason = 'completed' | 'poll' | 'stopped';

/**
 * Lets a PUT that converts a lead wait until the records are readable: the consumer that sees the last
 * `*.created` sends a NOTIFY (any replica may handle it), this listener wakes the waiting request. A
 * slow poll covers a notification lost while the listening connection was down.
 */
export class ConversionWaiter {
  private client?: Client;
  private stopped = false;
  private readonly waiting = new Map<string, Set<(reason: WakeReason) => void>>();

  constructor(
    private readonly options: {
      databaseUrl: string;
      schema: string;
      logger: Logger;
      isComplete: (leadId: string) => Promise<boolean>;
    },
  ) {}

  async start(): Promise<void> {
    const client = new Client({ connectionString: this.options.databaseUrl });
    client.on('notification', (message) => {
      if (message.payload) this.wake(message.payload, 'completed');
    });
    client.on('error', (error) => {
      this.options.logger.warn({ err: error }, 'conversion listener lost its connection');
      void client.end().catch(() => undefined);
      if (this.client === client) this.client = undefined;
      if (!this.stopped) setTimeout(() => void this.start().catch(() => undefined), RECONNECT_MS).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${conversionChannel(this.options.schema)}`);
    this.client = client;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const leadId of [...this.waiting.keys()]) this.wake(leadId, 'stopped');
    await this.client?.end().catch(() => undefined);
  }

  /** True once the conversion of `leadId` is complete, false when `timeoutMs` passes first. */
  async waitFor(leadId: string, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const woken = this.nextWake(leadId, Math.min(POLL_MS, Math.max(0, deadline - Date.now())));
      if (await this.options.isComplete(leadId)) {
        woken.cancel();
        return true;
      }
      if (Date.now() >= deadline || this.stopped) {
        woken.cancel();
        return false;
      }
      // The NOTIFY is sent only for a complete conversion, once committed: no need to ask again.
      if ((await woken.promise) === 'completed') return true;
    }
  }

  private nextWake(leadId: string, ms: number): { promise: Promise<WakeReason>; cancel: () => void } {
    let resolve: (reason: WakeReason) => void = () => undefined;
    const promise = new Promise<WakeReason>((r) => (resolve = r));
    const waiters = this.waiting.get(leadId) ?? new Set();
    this.waiting.set(leadId, waiters);
    const timer = setTimeout(() => done('poll'), ms);
    const done = (reason: WakeReason) => {
      clearTimeout(timer);
      waiters.delete(done);
      if (waiters.size === 0) this.waiting.delete(leadId);
      resolve(reason);
    };
    waiters.add(done);
    return { promise, cancel: () => done('poll') };
  }

  private wake(leadId: string, reason: WakeReason): void {
    for (const done of [...(this.waiting.get(leadId) ?? [])]) done(reason);
  }
}
