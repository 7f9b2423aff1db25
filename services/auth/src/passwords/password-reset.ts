import { ValidationError, type DataSource } from '@crm/platform';
import type { AuthDeps } from '../auth-deps';
import { randomSecret, sha256Hex } from '../common/hashing';
import { endCredentials } from '../credentials/end-credentials';
import { enqueueMail } from '../mail/mail-outbox.repository';
import { linkWithToken } from '../mail/mail-settings';
import type { MailComposer } from '../mail/mail-worker';
import { markEmailVerified, profileIdsOfUser } from '../users/email-holders.repository';
import { findAccountByEmail } from '../users/users.repository';
import { assertPasswordAllowed } from './password-rules';
import { endResetTokensOf, findUsableResetToken, insertPasswordResetToken, setPasswordHash, useResetToken } from './passwords.repository';
import type { PasswordResetConfirmInput } from './passwords.schemas';

/** How long a reset link works after it was sent. */
const RESET_LINK_LIFETIME_MS = 30 * 60_000;

export const RESET_REQUESTED = 'If an account has this address, an e-mail with a link to choose a new password is on its way.';
export const INVALID_RESET_LINK = 'This link is unknown, used or expired: ask for a new one.';

/**
 * Asks for a reset link for `email`. The request path does the same whether or not the address has an
 * account (one row in the mail outbox), so neither the answer nor its timing tells; the worker resolves
 * the address when it sends, and sends nothing for an unknown one.
 */
export async function requestPasswordReset(deps: AuthDeps, email: string): Promise<void> {
  await enqueueMail(deps.dataSource, { kind: 'password_reset', recipient: email }, deps.clock());
  deps.mailQueued();
}

/**
 * The reset e-mail, made when it is sent: a new single-use token (only its SHA-256 stored), valid 30
 * minutes, in a link to `resetPage`. Nothing for an address no active account logs in with.
 */
export function passwordResetMail(dataSource: DataSource, resetPage: string): MailComposer {
  return async (mail, now) => {
    const account = await findAccountByEmail(dataSource, mail.recipient, now);
    if (!account?.profile.isActive) return undefined;
    const token = randomSecret();
    await insertPasswordResetToken(dataSource, { hash: sha256Hex(token), userId: account.userId, now, expiresAt: new Date(now.getTime() + RESET_LINK_LIFETIME_MS) });
    return {
      to: account.email,
      subject: 'Choose a new password',
      text: [
        'Someone asked to reset the password of your CRM account. To choose a new one, open this link:',
        '',
        linkWithToken(resetPage, token),
        '',
        'It works once, within 30 minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.',
      ].join('\n'),
    };
  };
}

/**
 * Sets a new password with a reset link's token: once, within its 30 minutes. As a change does, it ends
 * every credential issued before (every session, every access token; API tokens stay) of each profile of
 * the user, and every other reset link; the link also proves the address, which is marked verified.
 * Answers the profiles whose credentials ended.
 */
export async function confirmPasswordReset(deps: AuthDeps, input: PasswordResetConfirmInput): Promise<string[]> {
  const tokenHash = sha256Hex(input.token);
  const found = await findUsableResetToken(deps.dataSource, tokenHash, deps.clock());
  if (!found) throw ValidationError.field('token', INVALID_RESET_LINK);
  assertPasswordAllowed('new_password', input.new_password, found.email);
  const passwordHash = await deps.passwords.hash(input.new_password);
  const now = deps.clock();
  return deps.dataSource.transaction(async (manager) => {
    const userId = await useResetToken(manager, tokenHash, now);
    if (userId === undefined) throw ValidationError.field('token', INVALID_RESET_LINK); // used or expired while the hash was made
    await setPasswordHash(manager, userId, passwordHash);
    await endResetTokensOf(manager, userId, now);
    await markEmailVerified(manager, userId, found.email, now);
    const profileIds = await profileIdsOfUser(manager, userId);
    for (const profileId of profileIds) await endCredentials(manager, profileId, now, { apiTokens: false });
    return profileIds;
  });
}
