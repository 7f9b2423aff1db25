import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '@crm/platform';
import nodemailer from 'nodemailer';
import type { MailSettings } from './mail-settings';

/** One message, composed by the part of the domain that sends it. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** Delivers a message or throws (the worker retries it later). */
export interface MailTransport {
  send(mail: OutgoingMail, id: string): Promise<void>;
  close(): void;
}

/**
 * Bounds of one SMTP delivery: a server that does not answer fails the attempt (retried later) instead
 * of holding the worker.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000, dnsTimeout: 10_000 };

/** SMTP_URL's server, or (the embedded default, without SMTP_URL) an `.eml` file per message, its path logged. */
export function mailTransport(settings: MailSettings, logger: Logger): MailTransport {
  return settings.smtpUrl === undefined ? fileTransport(settings, logger) : smtpTransport(settings.smtpUrl, settings.from);
}

function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS }, { from });
  return {
    async send(mail) {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
  };
}

function fileTransport(settings: MailSettings, logger: Logger): MailTransport {
  // The message as an SMTP server would receive it (RFC 5322), written instead of sent.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from: settings.from });
  return {
    async send(mail, id) {
      const { message } = await composer.sendMail(mail);
      await mkdir(settings.fileDirectory, { recursive: true });
      const path = join(settings.fileDirectory, `${new Date().toISOString().replace(/[:.]/g, '-')}-${id}.eml`);
      await writeFile(path, message as Buffer);
      logger.info({ path, subject: mail.subject }, 'e-mail written to a file (no SMTP_URL)');
    },
    close: () => composer.close(),
  };
}
