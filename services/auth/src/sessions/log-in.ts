import { TooManyRequestsError, UnauthorizedError } from '@crm/platform';
import type { AuthDeps } from '../auth-deps';
import { findAccountByEmail, replacePasswordHash } from '../users/users.repository';
import { sessionHousekeeping } from './housekeeping';
import { clearLoginAttempts, countLoginAttempt } from './login-failures.repository';
import { openSession, type SessionTokens } from './open-session';
import type { LoginInput } from './sessions.schemas';

export const BAD_CREDENTIALS = 'No active account found with the given credentials.';
/** The right password of a deactivated member (api-contract §10.1). */
export const ACCOUNT_DISABLED = 'This account has been deactivated by an admin of its organisation.';
/** The rate a login refused for its e-mail's failures names in its RateLimit headers (api-contract §2). */
const LOGIN_FAILURES_BUCKET = 'login_failures';

/**
 * Logs in with e-mail and password. Every attempt counts against the address first; past the limit
 * within the window the answer is 429 whatever the password, and a correct password clears the count.
 * An unknown address costs as much time as a wrong password. A hash of a weaker cost than the configured
 * one is replaced now, the only moment the password is at hand.
 */
export async function logIn(deps: AuthDeps, { email, password }: LoginInput): Promise<SessionTokens> {
  const { LOGIN_FAILURES_PER_EMAIL: limit, LOGIN_FAILURE_WINDOW_SECONDS: windowSeconds } = deps.config;
  const now = deps.clock();
  await sessionHousekeeping(deps, now);
  const attempt = await countLoginAttempt(deps.dataSource, email, now, windowSeconds);
  if (attempt.attempts > limit) {
    const windowEnds = attempt.windowStartedAt.getTime() + windowSeconds * 1000;
    throw new TooManyRequestsError((windowEnds - now.getTime()) / 1000, { bucket: LOGIN_FAILURES_BUCKET, limit, windowSeconds });
  }
  const account = await findAccountByEmail(deps.dataSource, email);
  const check = await deps.passwords.check(password, account?.passwordHash);
  if (!account || !check.matches) throw new UnauthorizedError(BAD_CREDENTIALS);
  await clearLoginAttempts(deps.dataSource, email);
  if (check.weakerThanConfigured) {
    await replacePasswordHash(deps.dataSource, account.userId, account.passwordHash, await deps.passwords.hash(password));
  }
  if (!account.profile.isActive) throw new UnauthorizedError(ACCOUNT_DISABLED, 'account_disabled');
  return openSession(deps, deps.dataSource, account.profile, now);
}
