import { queryOne, type Db } from '@crm/shared';

export interface NewRefreshToken {
  id: string;
  familyId: string;
  profileId: string;
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
}

export interface RefreshTokenState {
  familyId: string;
  usedAt: Date | null;
  revokedAt: Date | null;
  expiresAt: Date;
}

export async function insertRefreshToken(db: Db, token: NewRefreshToken): Promise<void> {
  await db.query(
    `INSERT INTO refresh_tokens (id, family_id, profile_id, token_hash, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [token.id, token.familyId, token.profileId, token.tokenHash, token.createdAt, token.expiresAt],
  );
}

/**
 * Marks a usable token used and answers its family and profile, in one statement: of two requests
 * presenting the same token, exactly one gets it. Unknown, used, revoked or expired: undefined.
 */
export async function consumeRefreshToken(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ familyId: string; profileId: string } | undefined> {
  const row = await queryOne<{ family_id: string; profile_id: string }>(
    db,
    `UPDATE refresh_tokens SET used_at = $2
      WHERE token_hash = $1 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > $2
      RETURNING family_id, profile_id`,
    [tokenHash, now],
  );
  return row ? { familyId: row.family_id, profileId: row.profile_id } : undefined;
}

export async function findRefreshToken(db: Db, tokenHash: string): Promise<RefreshTokenState | undefined> {
  const row = await queryOne<{ family_id: string; used_at: Date | null; revoked_at: Date | null; expires_at: Date }>(
    db,
    `SELECT family_id, used_at, revoked_at, expires_at FROM refresh_tokens WHERE token_hash = $1`,
    [tokenHash],
  );
  return row
    ? { familyId: row.family_id, usedAt: row.used_at, revokedAt: row.revoked_at, expiresAt: row.expires_at }
    : undefined;
}

/** Revokes every token of a family (the session a reused token belonged to). */
export async function revokeRefreshFamily(db: Db, familyId: string, now: Date): Promise<void> {
  await db.query(`UPDATE refresh_tokens SET revoked_at = $2 WHERE family_id = $1 AND revoked_at IS NULL`, [
    familyId,
    now,
  ]);
}

/**
 * Deletes tokens that expired more than `graceSeconds` ago. Until then a used, expired token still
 * counts as reuse (revoking its family) rather than as unknown.
 */
export async function pruneRefreshTokens(db: Db, now: Date, graceSeconds: number): Promise<void> {
  await db.query(`DELETE FROM refresh_tokens WHERE expires_at < $1::timestamptz - make_interval(secs => $2)`, [
    now,
    graceSeconds,
  ]);
}
