import { queryOne, type Db } from '@crm/platform';

export interface LoginAttemptWindow {
  /** Attempts counted in the current window, this one included. */
  attempts: number;
  windowStartedAt: Date;
}

/**
 * Counts a login attempt against `email` in its fixed window (a new window starts when the last one is
 * over), atomically, and answers the count. Counted before the password is checked, so parallel guesses
 * cannot slip past the limit; a successful login clears the count.
 */
export async function countLoginAttempt(
  db: Db,
  email: string,
  now: Date,
  windowSeconds: number,
): Promise<LoginAttemptWindow> {
  const row = await queryOne<{ failures: number; window_started_at: Date }>(
    db,
    `INSERT INTO login_failures AS f (email, window_started_at, failures) VALUES ($1, $2, 1)
     ON CONFLICT (email) DO UPDATE SET
       failures = CASE WHEN f.window_started_at > $2::timestamptz - make_interval(secs => $3)
                       THEN f.failures + 1 ELSE 1 END,
       window_started_at = CASE WHEN f.window_started_at > $2::timestamptz - make_interval(secs => $3)
                                THEN f.window_started_at ELSE $2::timestamptz END
     RETURNING failures, window_started_at`,
    [email, now, windowSeconds],
  );
  return { attempts: row!.failures, windowStartedAt: row!.window_started_at };
}

export async function clearLoginAttempts(db: Db, email: string): Promise<void> {
  await db.query(`DELETE FROM login_failures WHERE email = $1`, [email]);
}

/** Drops the counts of windows that are over (addresses nobody logs in with again). */
export async function pruneLoginAttempts(db: Db, now: Date, windowSeconds: number): Promise<void> {
  await db.query(`DELETE FROM login_failures WHERE window_started_at <= $1::timestamptz - make_interval(secs => $2)`, [
    now,
    windowSeconds,
  ]);
}
