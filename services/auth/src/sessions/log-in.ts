import { TooManyRequestsError, UnauthorizedError, type RatePolicy } from '@crm/platform';
import type { AuthDeps } from '../auth-deps';
import type { AuthConfig } from '../config';
import { HashQueueFullError, type PasswordCheck } from '../passwords/passwords';
import { findAccountByEmail, replacePasswordHash } from '../users/users.repository';
import { sessionHousekeeping } from './housekeeping';
import {
  clearPairFailures,
  countAddressAttempt,
  countPairAttempt,
  uncountAddressAttempt,
  uncountPairAttempt,
  type AttemptRefused,
  type LoginFailureLimits,
} from './login-failures.repository';
import { openSession, type SessionTokens } from './open-session';
import type { LoginInput } from './sessions.schemas';

export const BAD_CREDENTIALS = 'No active account found with the given credentials.';
/** The right password of a deactivated member (api-contract §10.1). */
export const ACCOUNT_DISABLED = 'This account has been deactivated by an admin of its organisation.';
/** The rates a refused login names in its RateLimit headers (api-contract §2, §10.6). */
const PAIR_BUCKET = 'login_failures';
const ADDRESS_BUCKET = 'login_failures_per_address';

/**
 * Logs in with e-mail and password from the client `address` (as the gateway forwarded it). Failed logins
 * limit the address, never the account (api-contract §10.6): the attempt counts against the address at
 * any e-mail (past LOGIN_FAILURES_PER_ADDRESS in the window: 429) and against the (address, e-mail) pair
 * (slowed past LOGIN_FAILURES_BEFORE_DELAY, refused past LOGIN_FAILURES_PER_ADDRESS_AND_ACCOUNT until the
 * window ends: 429), before the password is checked, whatever it is; a right password forgets the
 * pair's failures and is not one of the address's. So the owner, from an address that has not failed,
 * logs in while another address guesses. An unknown e-mail costs as much time as a wrong password. A
 * hash of a weaker cost than the configured one is replaced now, the only moment the password is at hand.
 */
export async function logIn(deps: AuthDeps, { email, password }: LoginInput, address: string): Promise<SessionTokens> {
  const limits = loginFailureLimits(deps.config);
  const { dataSource: db } = deps;
  // Refused before any other work while the hashing queue is full: a flood of logins costs no queries either.
  if (!deps.passwords.hasRoom()) throw new HashQueueFullError();
  const now = deps.clock();
  await sessionHousekeeping(deps, now);
  const addressRefused = await countAddressAttempt(db, address, now, limits);
  if (addressRefused) throw refusal(addressRefused, { bucket: ADDRESS_BUCKET, limit: limits.perAddress, windowSeconds: limits.windowSeconds });
  const pairRefused = await countPairAttempt(db, address, email, now, limits);
  if (pairRefused) {
    await uncountAddressAttempt(db, address);
    throw refusal(pairRefused, { bucket: PAIR_BUCKET, limit: limits.perAddressAndAccount, windowSeconds: limits.windowSeconds });
  }
  const account = await findAccountByEmail(db, email, now);
  let check: PasswordCheck;
  try {
    check = await deps.passwords.check(password, account?.passwordHash);
  } catch (error) {
    // Not checked (the hashing queue is full): no failure of the address nor of the pair.
    await uncountAddressAttempt(db, address);
    await uncountPairAttempt(db, address, email);
    throw error;
  }
  if (!account || !check.matches) throw new UnauthorizedError(BAD_CREDENTIALS);
  await clearPairFailures(db, address, email);
  await uncountAddressAttempt(db, address);
  if (check.weakerThanConfigured) await rehash(deps, account, password);
  if (!account.profile.isActive) throw new UnauthorizedError(ACCOUNT_DISABLED, 'account_disabled');
  return openSession(deps, db, account.profile, now);
}

const loginFailureLimits = (config: AuthConfig): LoginFailureLimits => ({
  perAddressAndAccount: config.LOGIN_FAILURES_PER_ADDRESS_AND_ACCOUNT,
  beforeDelay: config.LOGIN_FAILURES_BEFORE_DELAY,
  perAddress: config.LOGIN_FAILURES_PER_ADDRESS,
  windowSeconds: config.LOGIN_FAILURE_WINDOW_SECONDS,
});

const refusal = ({ retryAfterSeconds }: AttemptRefused, rate: RatePolicy) => new TooManyRequestsError(retryAfterSeconds, rate);

/** The stronger hash, when a hashing slot is free: with the queue full it waits for a later login. */
async function rehash(deps: AuthDeps, account: { userId: string; passwordHash: string }, password: string): Promise<void> {
  let stronger: string;
  try {
    stronger = await deps.passwords.hash(password);
  } catch (error) {
    if (error instanceof HashQueueFullError) return;
    throw error;
  }
  await replacePasswordHash(deps.dataSource, account.userId, account.passwordHash, stronger);
}
