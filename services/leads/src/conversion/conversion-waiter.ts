import { NotificationListener, type Logger } from '@crm/platform';
import { conversionChannel } from './lead-conversions.repository';

const POLL_MS = 200;

/** Why a waiting request woke: its conversion's NOTIFY, the slow poll, or the service stopping. */
type WakeReason = 'completed' | 'poll' | 'stopped';

/**
 * Lets a PUT that converts a lead wait until its records are made: the consumer that completes the
 * conversion sends a NOTIFY (any replica may handle it), this listener wakes the waiting request. A
 * slow poll covers a notification lost while the listening connection was down.
 */
export class ConversionWaiter {
  private readonly listener: NotificationListener;
  private stopped = false;
  private readonly waiting = new Map<string, Set<(reason: WakeReason) => void>>();

  constructor(
    private readonly options: {
      databaseUrl: string;
      schema: string;
      logger: Logger;
      isComplete: (leadId: string) => Promise<boolean>;
    },
  ) {
    this.listener = new NotificationListener({
      databaseUrl: options.databaseUrl,
      channel: conversionChannel(options.schema),
      logger: options.logger,
      onNotification: (leadId) => this.wake(leadId, 'completed'),
    });
  }

  /** Listens from now on, in the background: the poll covers the moments until it does. */
  start(): void {
    void this.listener.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const leadId of [...this.waiting.keys()]) this.wake(leadId, 'stopped');
    await this.listener.stop();
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
