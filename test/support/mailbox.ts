import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { eventually } from './tenants';

/** A message the mailbox received, as a mail client would show it. */
export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO), lower-cased. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  receivedAt: Date;
}

/**
 * A real SMTP server in the test process, on 127.0.0.1 and a free port (the `smtp-server` package): the
 * services are told to send their e-mail there (`SMTP_URL`), and a test reads what arrived and the links
 * in it. It can refuse deliveries for a while (a mail server that is down), with a temporary failure.
 */
export class Mailbox {
  readonly received: ReceivedMail[] = [];
  /** Deliveries still to refuse (451), by recipient; and the recipients of those refused so far. */
  private readonly refusing = new Map<string, number>();
  readonly refused: string[] = [];

  private constructor(
    private readonly server: SMTPServer,
    readonly url: string,
  ) {}

  static async start(): Promise<Mailbox> {
    let mailbox: Mailbox | undefined;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // A stop does not wait for a sender's idle connection.
      closeTimeout: 1_000,
      onData(stream, session, callback) {
        simpleParser(stream).then(
          (parsed) => {
            const to = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase());
            const refusedFor = to.find((address) => (mailbox!.refusing.get(address) ?? 0) > 0);
            if (refusedFor !== undefined) {
              mailbox!.refusing.set(refusedFor, mailbox!.refusing.get(refusedFor)! - 1);
              mailbox!.refused.push(refusedFor);
              return callback(Object.assign(new Error('Mailbox unavailable, try again later'), { responseCode: 451 }));
            }
            mailbox!.received.push({
              to,
              from: typeof session.envelope.mailFrom === 'object' ? session.envelope.mailFrom.address : '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              receivedAt: new Date(),
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = (server.server.address() as AddressInfo);
    mailbox = new Mailbox(server, `smtp://127.0.0.1:${port}`);
    return mailbox;
  }

  /** The next `count` deliveries to `address` fail with a temporary error (451), as a mail server that is down would. */
  refuse(address: string, count: number): void {
    this.refusing.set(address.toLowerCase(), count);
  }

  /** Every message received for `address`, oldest first. */
  messagesTo(address: string): ReceivedMail[] {
    return this.received.filter((mail) => mail.to.includes(address.toLowerCase()));
  }

  /** Waits for the `nth` (from 1) message to `address` whose subject matches, and answers it. */
  async waitFor(address: string, subject: RegExp, { nth = 1, timeoutMs = 15_000 } = {}): Promise<ReceivedMail> {
    return eventually(
      async () => this.messagesTo(address).filter((mail) => subject.test(mail.subject))[nth - 1],
      timeoutMs,
      `e-mail ${nth} to ${address} matching ${subject}`,
    );
  }

  /** Whether no message to `address` with a matching subject has arrived (after waiting `ms` for one). */
  async staysEmpty(address: string, subject: RegExp, ms = 1_500): Promise<boolean> {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return this.messagesTo(address).filter((mail) => subject.test(mail.subject)).length === 0;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The link with `?token=` in a message's text. */
export function linkIn(mail: ReceivedMail): URL {
  const found = /https?:\/\/\S*[?&]token=\S+/.exec(mail.text);
  if (!found) throw new Error(`no link with a token in the e-mail "${mail.subject}": ${mail.text}`);
  return new URL(found[0]);
}

/** The token of the link in a message. */
export const tokenIn = (mail: ReceivedMail): string => linkIn(mail).searchParams.get('token')!;

/** The subjects of the messages auth sends. */
export const VERIFICATION_MAIL = /confirm your e-mail address/i;
export const RESET_MAIL = /new password/i;
