import { ValidationError, type DataSource } from '@crm/platform';
import type { AuthDeps } from '../auth-deps';
import { randomSecret, sha256Hex } from '../common/hashing';
import { linkWithToken } from '../mail/mail-settings';
import type { MailComposer } from '../mail/mail-worker';
import { addressAwaitingVerification, markEmailVerified } from '../users/email-holders.repository';
import { insertVerificationToken, useVerificationToken } from './email-verification.repository';

/** How long a verification link works: as long as a founder has to verify before the registration lapses. */
const VERIFICATION_LINK_LIFETIME_MS = 7 * 24 * 3_600_000;

export const INVALID_VERIFICATION_LINK = 'This link is unknown, used or expired.';

/**
 * The verification e-mail of a new account (a registration, an added member), made when it is sent: a
 * single-use token (its SHA-256 stored) in a link to `verificationPage`. Nothing when the address was
 * verified or released meanwhile.
 */
export function verificationMail(dataSource: DataSource, verificationPage: string): MailComposer {
  return async (mail, now) => {
    const email = mail.userId === null ? undefined : await addressAwaitingVerification(dataSource, mail.userId);
    if (email === undefined || email.toLowerCase() !== mail.recipient.toLowerCase()) return undefined;
    const token = randomSecret();
    await insertVerificationToken(dataSource, {
      hash: sha256Hex(token),
      userId: mail.userId!,
      email,
      now,
      expiresAt: new Date(now.getTime() + VERIFICATION_LINK_LIFETIME_MS),
    });
    return {
      to: email,
      subject: 'Confirm your e-mail address',
      text: [
        'Your CRM account was opened with this address. To confirm that it is yours, open this link:',
        '',
        linkWithToken(verificationPage, token),
        '',
        'It works once, within 7 days. An address nobody confirmed can be taken by whoever registers it next;',
        'a new organisation whose address is not confirmed within 7 days is closed.',
        'If you did not open an account, ignore this e-mail.',
      ].join('\n'),
    };
  };
}

/** Proves an address with a verification link's token: once, while the user still holds that address. */
export async function verifyEmail(deps: AuthDeps, token: string): Promise<void> {
  const now = deps.clock();
  await deps.dataSource.transaction(async (manager) => {
    const used = await useVerificationToken(manager, sha256Hex(token), now);
    if (!used || !(await markEmailVerified(manager, used.userId, used.email, now))) throw ValidationError.field('token', INVALID_VERIFICATION_LINK);
  });
}
