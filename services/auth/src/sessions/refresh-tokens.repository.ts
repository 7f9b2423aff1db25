import { queryOne, type Db } from '@crm/platform';

export interface NewRefreshToken {
  id: string;
  familyId: string;
  profileId: string;
  tokenHash: string;
  /** The login of its family: REFRESH_SESSION_MAX_AGE counts from it. */
  sessionStartedAt: Date;
  createdAt: Date;
  expiresAt: Date;
}

/** What a used-up token hands on to the next of its family. */
export interface ConsumedRefreshToken {
  familyId: string;
  profileId: string;
  sessionStartedAt: Date;
}

export interface RefreshTokenState {
  familyId: string;
  usedAt: Date | null;
  revokedAt: Date | null;
  expiresAt: Date;
}

export async function insertRefreshToken(db: Db, token: NewRefreshToken): Promise<void> {
  await db.query(
    `INSERT INTO refresh_tokens (id, family_id, profile_id, token_hash, session_started_at, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [token.id, token.familyId, token.profileId, token.tokenHash, token.sessionStartedAt, token.createdAt, token.expiresAt],
  );
}

/**
 * Marks a usable token used and answers its family, in one statement: of two requests presenting the same
 * token, exactly one gets it. Unknown, used, revoked, expired or of a session started before
 * `oldestSessionStart`: undefined.
 */
export async function consumeRefreshToken(
  db: Db,
  tokenHash: string,
  now: Date,
  oldestSessionStart: Date,
): Promise<ConsumedRefreshToken | undefined> {
  const row = await queryOne<{ family_id: string; profile_id: string; session_started_at: Date }>(
    db,
    `UPDATE refresh_tokens SET used_at = $2
      WHERE token_hash = $1 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > $2 AND session_started_at > $3
      RETURNING family_id, profile_id, session_started_at`,
    [tokenHash, now, oldestSessionStart],
  );
  return row ? { familyId: row.family_id, profileId: row.profile_id, sessionStartedAt: row.session_started_at } : undefined;
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

/** Revokes every token of a family: the session logged out, or a reused token belonged to it. */
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
