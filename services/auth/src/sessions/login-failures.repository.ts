import { queryOne, type Db } from '@crm/platform';

/** The limits on failed logins (the LOGIN_FAILURE* settings). */
export interface LoginFailureLimits {
  /** Failures of one (address, e-mail) pair in a window; past them the pair is refused until the window ends. */
  perAddressAndAccount: number;
  /** Failures of a pair before each further attempt must wait: 1 s, then twice as long after each failure. */
  beforeDelay: number;
  /** Failures of one address at any e-mail in a window; past them the address is refused until the window ends. */
  perAddress: number;
  windowSeconds: number;
}

/** An attempt refused, and how long its client waits before the next is let through. */
export interface AttemptRefused {
  retryAfterSeconds: number;
}

/** A SQL condition: the window started at `column` is over at `now` (both SQL expressions), `windowSeconds` long. */
const windowOver = (column: string, now: string, windowSeconds: string) => `${column} <= ${now}::timestamptz - make_interval(secs => ${windowSeconds}::int)`;

/**
 * How long a pair waits after its `failures`-th failure (a SQL expression): nothing before `beforeDelay`
 * failures, then 1 s, 2 s, 4 s…, never longer than the window (which ends every wait anyway).
 */
const delayAfter = (failures: string, beforeDelay: string, windowSeconds: string) =>
  `make_interval(secs => CASE WHEN ${failures} < ${beforeDelay}::int THEN 0 ELSE least(power(2, ${failures} - ${beforeDelay}::int), ${windowSeconds}::int) END)`;

/**
 * Counts a login attempt against `address` at any e-mail, when the address may still try: atomically,
 * so parallel attempts cannot overshoot. Counted before the password is checked; a success takes it
 * back (`uncountAddressAttempt`). Refused: until the address's window ends.
 */
export async function countAddressAttempt(db: Db, address: string, now: Date, limits: LoginFailureLimits): Promise<AttemptRefused | undefined> {
  const over = windowOver('f.window_started_at', '$2', '$4');
  const counted = await queryOne<{ failures: number }>(
    db,
    `INSERT INTO login_failures_per_address AS f (address, window_started_at, failures) VALUES ($1, $2, 1)
     ON CONFLICT (address) DO UPDATE SET
       failures = CASE WHEN ${over} THEN 1 ELSE f.failures + 1 END,
       window_started_at = CASE WHEN ${over} THEN $2::timestamptz ELSE f.window_started_at END
     WHERE ${over} OR f.failures < $3::int
     RETURNING failures`,
    [address, now, limits.perAddress, limits.windowSeconds],
  );
  if (counted) return undefined;
  const row = await queryOne<{ window_started_at: Date }>(db, `SELECT window_started_at FROM login_failures_per_address WHERE address = $1`, [address]);
  return { retryAfterSeconds: secondsUntil(row && new Date(row.window_started_at.getTime() + limits.windowSeconds * 1000), now) };
}

/** Takes back an attempt counted against the address: it succeeded, or was never checked. */
export async function uncountAddressAttempt(db: Db, address: string): Promise<void> {
  await db.query(`UPDATE login_failures_per_address SET failures = greatest(failures - 1, 0) WHERE address = $1`, [address]);
}

/**
 * Counts a login attempt of `address` at `email`, when the pair may try now: its window is over, or it
 * has failed fewer than `perAddressAndAccount` times and waited out the delay of its last failure. The
 * delay after this attempt is set as it is counted, so parallel guesses past `beforeDelay` are refused
 * until then. A success deletes the count (`clearPairFailures`). Refused: until the delay or the window ends.
 */
export async function countPairAttempt(db: Db, address: string, email: string, now: Date, limits: LoginFailureLimits): Promise<AttemptRefused | undefined> {
  const over = windowOver('f.window_started_at', '$3', '$6');
  const failures = `CASE WHEN ${over} THEN 1 ELSE f.failures + 1 END`;
  const counted = await queryOne<{ failures: number }>(
    db,
    `INSERT INTO login_failures_per_address_and_account AS f (address, email, window_started_at, failures, next_attempt_at)
     VALUES ($1, $2, $3, 1, $3::timestamptz + ${delayAfter('1', '$5', '$6')})
     ON CONFLICT (address, email) DO UPDATE SET
       failures = ${failures},
       window_started_at = CASE WHEN ${over} THEN $3::timestamptz ELSE f.window_started_at END,
       next_attempt_at = $3::timestamptz + ${delayAfter(failures, '$5', '$6')}
     WHERE ${over} OR (f.failures < $4::int AND f.next_attempt_at <= $3::timestamptz)
     RETURNING failures`,
    [address, email, now, limits.perAddressAndAccount, limits.beforeDelay, limits.windowSeconds],
  );
  if (counted) return undefined;
  const row = await queryOne<{ window_started_at: Date; failures: number; next_attempt_at: Date }>(
    db,
    `SELECT window_started_at, failures, next_attempt_at FROM login_failures_per_address_and_account WHERE address = $1 AND email = $2`,
    [address, email],
  );
  if (!row) return { retryAfterSeconds: 1 }; // cleared meanwhile by a success
  const windowEnds = new Date(row.window_started_at.getTime() + limits.windowSeconds * 1000);
  return { retryAfterSeconds: secondsUntil(row.failures >= limits.perAddressAndAccount ? windowEnds : row.next_attempt_at, now) };
}

/** Takes back an attempt counted against the pair that was never checked (the hashing queue was full). */
export async function uncountPairAttempt(db: Db, address: string, email: string): Promise<void> {
  await db.query(`UPDATE login_failures_per_address_and_account SET failures = greatest(failures - 1, 0) WHERE address = $1 AND email = $2`, [address, email]);
}

/** A right password from `address`: its failures at `email` are forgotten. */
export async function clearPairFailures(db: Db, address: string, email: string): Promise<void> {
  await db.query(`DELETE FROM login_failures_per_address_and_account WHERE address = $1 AND email = $2`, [address, email]);
}

/** Drops the counts of windows that are over (addresses and e-mails that do not come back). */
export async function pruneLoginFailures(db: Db, now: Date, windowSeconds: number): Promise<void> {
  for (const table of ['login_failures_per_address_and_account', 'login_failures_per_address']) {
    await db.query(`DELETE FROM ${table} WHERE ${windowOver('window_started_at', '$1', '$2')}`, [now, windowSeconds]);
  }
}

/** Whole seconds from `now` until `until`, at least 1 (a 429's Retry-After). */
const secondsUntil = (until: Date | undefined, now: Date) => Math.max(1, Math.ceil(((until?.getTime() ?? now.getTime()) - now.getTime()) / 1000));
