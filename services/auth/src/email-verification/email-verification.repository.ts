import { queryRows, type Db } from '@crm/platform';

/** Stores a verification link's token, as its SHA-256 only, with the address it proves. */
export async function insertVerificationToken(db: Db, token: { hash: string; userId: string; email: string; now: Date; expiresAt: Date }): Promise<void> {
  await db.query(
    `INSERT INTO email_verification_tokens (token_hash, user_id, email, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`,
    [token.hash, token.userId, token.email, token.now, token.expiresAt],
  );
}

/** Uses a verification token up, once, within its lifetime: answers its user and address. */
export async function useVerificationToken(db: Db, hash: string, now: Date): Promise<{ userId: string; email: string } | undefined> {
  const [row] = await queryRows<{ user_id: string; email: string }>(
    db,
    `UPDATE email_verification_tokens SET used_at = $2
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
      RETURNING user_id, email`,
    [hash, now],
  );
  return row && { userId: row.user_id, email: row.email };
}
