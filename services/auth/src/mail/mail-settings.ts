import { join } from 'node:path';
import { commonConfig, ConfigError, DEVELOPMENT_PUBLIC_BASE_URL } from '@crm/platform';
import { z } from 'zod';

const urlSetting = () => z.string().refine((value) => URL.canParse(value), 'must be a URL').optional();

/** Auth's settings for the e-mail it sends (password resets, address verifications). */
export const mailConfig = {
  /** Also read here: without SMTP_URL, the messages are written as files under this folder. */
  EMBEDDED_DATA_DIR: commonConfig.EMBEDDED_DATA_DIR,
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\//i.test(value) && URL.canParse(value), 'must be an smtp:// or smtps:// URL')
    .optional()
    .describe(
      'SMTP server auth sends its e-mail through (smtp://user:password@host:587, STARTTLS when offered; smtps:// for TLS from the start). ' +
        'Unset: each message is written as an .eml file under EMBEDDED_DATA_DIR/mail (development only; production refuses to start).',
    ),
  MAIL_FROM: z.string().trim().min(3).default('CRM <no-reply@localhost>').describe('The From of the e-mail auth sends, e.g. `CRM <no-reply@crm.example.com>`.'),
  /** Also read here (every service reads it: its links start with it): the links in e-mails start with it too (…/reset-password, …/verify-email). */
  PUBLIC_BASE_URL: commonConfig.PUBLIC_BASE_URL,
  PASSWORD_RESET_URL: urlSetting().describe('The page a password-reset e-mail links to, with `?token=<token>` added. Unset: <PUBLIC_BASE_URL>/reset-password.'),
  EMAIL_VERIFICATION_URL: urlSetting().describe('The page an address-verification e-mail links to, with `?token=<token>` added. Unset: <PUBLIC_BASE_URL>/verify-email.'),
};

type MailConfig = z.infer<z.ZodObject<typeof mailConfig>> & { NODE_ENV: 'development' | 'test' | 'production' };

/** What the mail worker needs, resolved from the settings. */
export interface MailSettings {
  /** The SMTP server; absent: messages are written as files into `fileDirectory`. */
  smtpUrl?: string;
  fileDirectory: string;
  from: string;
  passwordResetUrl: string;
  emailVerificationUrl: string;
}

/** Resolves the mail settings; production must name a real SMTP server. */
export function mailSettings(config: MailConfig): MailSettings {
  if (config.NODE_ENV === 'production') {
    // PUBLIC_BASE_URL, which the links start with, is required of every service (assertProductionSafe).
    if (config.SMTP_URL === undefined) throw new ConfigError(['SMTP_URL: must be set in production (unset, e-mail would be written to files: development only)']);
  }
  const base = (config.PUBLIC_BASE_URL ?? DEVELOPMENT_PUBLIC_BASE_URL).replace(/\/+$/, '');
  return {
    smtpUrl: config.SMTP_URL,
    fileDirectory: join(config.EMBEDDED_DATA_DIR, 'mail'),
    from: config.MAIL_FROM,
    passwordResetUrl: config.PASSWORD_RESET_URL ?? `${base}/reset-password`,
    emailVerificationUrl: config.EMAIL_VERIFICATION_URL ?? `${base}/verify-email`,
  };
}

/** `page` with `?token=<token>` (kept beside any query the page already has). */
export function linkWithToken(page: string, token: string): string {
  const url = new URL(page);
  url.searchParams.set('token', token);
  return url.toString();
}
