import { queryOne, queryRows, type Db } from '@crm/platform';

/** A user's address and password hash, for a change of password made with their access token. */
export interface PasswordHolder {
  userId: string;
  email: string;
  passwordHash: string;
}

/** The user of a profile with the password they sign in with; none when the address was released from them. */
export async function findPasswordHolder(db: Db, profileId: string): Promise<PasswordHolder | undefined> {
  const row = await queryOne<{ user_id: string; email: string; password_hash: string }>(
    db,
    `SELECT u.id AS user_id, u.email, u.password_hash
       FROM profiles p JOIN users u ON u.id = p.user_id
      WHERE p.id = $1 AND u.released_at IS NULL`,
    [profileId],
  );
  return row && { userId: row.user_id, email: row.email, passwordHash: row.password_hash };
}

/** Replaces a password hash, unless it changed since `oldHash` was read (answers whether it did). */
export async function changePasswordHash(db: Db, userId: string, oldHash: string, newHash: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(db, `UPDATE users SET password_hash = $3 WHERE id = $1 AND password_hash = $2 RETURNING id`, [
    userId,
    oldHash,
    newHash,
  ]);
  return rows.length > 0;
}

export async function setPasswordHash(db: Db, userId: string, hash: string): Promise<void> {
  await db.query(`UPDATE users SET password_hash = $2 WHERE id = $1`, [userId, hash]);
}

/** Stores a reset link's token, as its SHA-256 only. */
export async function insertPasswordResetToken(db: Db, token: { hash: string; userId: string; now: Date; expiresAt: Date }): Promise<void> {
  await db.query(`INSERT INTO password_reset_tokens (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)`, [
    token.hash,
    token.userId,
    token.now,
    token.expiresAt,
  ]);
}

/** The user (and address) of a reset token that is unused, unexpired, and whose user still holds the address. */
export async function findUsableResetToken(db: Db, hash: string, now: Date): Promise<{ userId: string; email: string } | undefined> {
  const row = await queryOne<{ user_id: string; email: string }>(
    db,
    `SELECT t.user_id, u.email
       FROM password_reset_tokens t JOIN users u ON u.id = t.user_id
      WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > $2 AND u.released_at IS NULL`,
    [hash, now],
  );
  return row && { userId: row.user_id, email: row.email };
}

/** Uses a reset token up, once: answers its user, or undefined when it was used (or expired) meanwhile. */
export async function useResetToken(db: Db, hash: string, now: Date): Promise<string | undefined> {
  const [row] = await queryRows<{ user_id: string }>(
    db,
    `UPDATE password_reset_tokens SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING user_id`,
    [hash, now],
  );
  return row?.user_id;
}

/** Ends every reset link of the user still open: a new password makes them pointless. */
export async function endResetTokensOf(db: Db, userId: string, now: Date): Promise<void> {
  await db.query(`UPDATE password_reset_tokens SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL`, [userId, now]);
}
