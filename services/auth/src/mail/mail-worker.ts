import type { DataSource, Logger } from '@crm/platform';
import { claimDueMail, markMailDone, postponeMail, type MailKind, type QueuedMail } from './mail-outbox.repository';
import type { MailTransport, OutgoingMail } from './mail-transport';

/**
 * Makes the message of a queued mail when it is sent (a link's token is made then, its hash stored), or
 * answers undefined when there is nothing to send (an address with no account).
 */
export type MailComposer = (mail: QueuedMail, now: Date) => Promise<OutgoingMail | undefined>;

export interface MailWorkerOptions {
  dataSource: DataSource;
  transport: MailTransport;
  composers: Record<MailKind, MailComposer>;
  clock: () => Date;
  logger: Logger;
  /** How often it looks for due messages without being woken (another replica's, a retry coming due). */
  pollIntervalMs?: number;
}

/** Messages taken at once; each is sent in turn. */
const BATCH = 10;
/** A message being sent is another worker's again after this (its worker died): above SMTP's timeouts. */
const LEASE_MS = 2 * 60_000;
/** Retries: 1 s after the first failure, doubling, at most 10 minutes apart, for as long as it takes. */
const RETRY_BASE_MS = 1_000;
const RETRY_MAX_MS = 10 * 60_000;

/** The wait before attempt `attempts + 1`, with ±20 % jitter so replicas do not retry in step. */
export const retryDelayMs = (attempts: number): number =>
  Math.round(Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1)) * (0.8 + Math.random() * 0.4));

/**
 * Delivers auth's mail outbox in the background of the auth process: never on a request's path, so a
 * slow or failing mail server neither delays nor fails a request. Several replicas share the outbox
 * (each message leased to one); a failed attempt is retried with back-off, never dropped; each message
 * is recorded as done once sent (a crash between the send and that record sends it again: at least once).
 */
export class MailWorker {
  private readonly logger: Logger;
  private readonly pollIntervalMs: number;
  private running?: Promise<void>;
  private stopping = false;
  private woken = false;
  private wakeUp?: () => void;

  constructor(private readonly options: MailWorkerOptions) {
    this.logger = options.logger.child({ component: 'mail-worker' });
    this.pollIntervalMs = options.pollIntervalMs ?? 1_000;
  }

  start(): void {
    this.stopping = false;
    this.running ??= this.loop();
  }

  /** Finishes the message being sent, then stops; the others stay queued (leased ones come due again). */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.running;
    this.running = undefined;
    this.options.transport.close();
  }

  /** A message was queued in this process: look now rather than at the next poll. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      this.woken = false;
      let claimed: QueuedMail[] = [];
      try {
        const now = this.options.clock();
        claimed = await claimDueMail(this.options.dataSource, now, new Date(now.getTime() + LEASE_MS), BATCH);
      } catch (error) {
        this.logger.warn({ err: error }, 'could not read the mail outbox');
      }
      for (const mail of claimed) {
        if (this.stopping) break;
        await this.deliver(mail);
      }
      if (claimed.length < BATCH) await this.idle();
    }
  }

  private async deliver(mail: QueuedMail): Promise<void> {
    const { dataSource, transport, composers, clock } = this.options;
    try {
      const message = await composers[mail.kind](mail, clock());
      if (message) await transport.send(message, mail.id);
      await markMailDone(dataSource, mail.id, message ? 'sent' : 'skipped', clock());
    } catch (error) {
      const delay = retryDelayMs(mail.attempts);
      this.logger.warn({ err: error, mailId: mail.id, kind: mail.kind, attempt: mail.attempts, retryInMs: delay }, 'e-mail not sent: it is tried again later');
      await postponeMail(dataSource, mail.id, new Date(clock().getTime() + delay), String((error as Error)?.message ?? error)).catch(
        (failure: unknown) => this.logger.warn({ err: failure, mailId: mail.id }, 'could not record the failed attempt: the message is tried again when its lease ends'),
      );
    }
  }

  private idle(): Promise<void> {
    if (this.stopping || this.woken) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.pollIntervalMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = undefined;
        done();
      };
    });
  }
}
