import { queryRows, type Db } from '@crm/platform';

/**
 * Who holds an e-mail address. An address is taken only once verified (api-contract §10.4): a user who
 * never verified theirs is released from it when someone else registers it, and a registration left
 * unverified past its `verify_by` lapses. A released user keeps their row (their records keep an owner)
 * but no longer logs in.
 */

/** Releases `email` from its current holder when they never verified it; answers the released user's profiles. */
export async function releaseUnverifiedHolder(db: Db, email: string, now: Date): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    `WITH released AS (
       UPDATE users SET released_at = $2
        WHERE lower(email) = lower($1) AND released_at IS NULL AND email_verified_at IS NULL
        RETURNING id)
     SELECT p.id FROM profiles p JOIN released r ON r.id = p.user_id`,
    [email, now],
  );
  return rows.map((row) => row.id);
}

/** Releases the registrations left unverified past their `verify_by`; answers their profiles. */
export async function releaseLapsedRegistrations(db: Db, now: Date): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    `WITH released AS (
       UPDATE users SET released_at = $1
        WHERE verify_by <= $1 AND email_verified_at IS NULL AND released_at IS NULL
        RETURNING id)
     SELECT p.id FROM profiles p JOIN released r ON r.id = p.user_id`,
    [now],
  );
  return rows.map((row) => row.id);
}

/** Marks `email` verified for the user, if it is still the address they hold; answers whether it is. */
export async function markEmailVerified(db: Db, userId: string, email: string, now: Date): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    `UPDATE users SET email_verified_at = COALESCE(email_verified_at, $3)
      WHERE id = $1 AND lower(email) = lower($2) AND released_at IS NULL
      RETURNING id`,
    [userId, email, now],
  );
  return rows.length > 0;
}

/** The user's address when it still waits for verification (not verified, not released), else undefined. */
export async function addressAwaitingVerification(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await queryRows<{ email: string }>(
    db,
    `SELECT email FROM users WHERE id = $1 AND email_verified_at IS NULL AND released_at IS NULL`,
    [userId],
  );
  return row?.email;
}

/** Every profile of a user (one today: a user belongs to one tenant). */
export async function profileIdsOfUser(db: Db, userId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(db, `SELECT id FROM profiles WHERE user_id = $1`, [userId]);
  return rows.map((row) => row.id);
}
