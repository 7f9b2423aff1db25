import type { Db } from '@crm/platform';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { AuthDeps } from '../auth-deps';
import { randomSecret, sha256Hex } from '../common/hashing';
import type { TokenSubject } from '../signing-keys/access-tokens';
import { insertRefreshToken } from './refresh-tokens.repository';

/** A session's pair of tokens, as login and refresh answer it. */
export const sessionTokensSchema = z.strictObject({ access: z.string(), refresh: z.string() });
export type SessionTokens = z.infer<typeof sessionTokensSchema>;

/**
 * Stores a new refresh token (hashed) of `familyId` and answers the secret, which is never stored. It
 * lives REFRESH_TOKEN_TTL_SECONDS, but never past the session's REFRESH_SESSION_MAX_AGE.
 */
export async function issueRefreshToken(
  deps: AuthDeps,
  db: Db,
  token: { profileId: string; familyId: string; sessionStartedAt: Date; now: Date },
): Promise<string> {
  const secret = randomSecret(32);
  const fullLifetimeEnds = token.now.getTime() + deps.config.REFRESH_TOKEN_TTL_SECONDS * 1000;
  const sessionEnds = token.sessionStartedAt.getTime() + deps.config.REFRESH_SESSION_MAX_AGE;
  await insertRefreshToken(db, {
    id: randomUUID(),
    familyId: token.familyId,
    profileId: token.profileId,
    tokenHash: sha256Hex(secret),
    sessionStartedAt: token.sessionStartedAt,
    createdAt: token.now,
    expiresAt: new Date(Math.min(fullLifetimeEnds, sessionEnds)),
  });
  return secret;
}

/** What a session is opened for: a profile as it is now. */
export interface SessionProfile {
  id: string;
  userId: string;
  orgId: string;
  role: TokenSubject['role'];
  salesAccess: boolean;
}

/**
 * A new session: a refresh token starting a new family (the session's id), and an access token of that
 * session. In the caller's transaction when `db` is one.
 */
export async function openSession(deps: AuthDeps, db: Db, profile: SessionProfile, now: Date): Promise<SessionTokens> {
  const sessionId = randomUUID();
  const refresh = await issueRefreshToken(deps, db, { profileId: profile.id, familyId: sessionId, sessionStartedAt: now, now });
  const access = await deps.issueAccessToken(subjectOf(profile, sessionId), now);
  return { access, refresh };
}

export const subjectOf = (profile: SessionProfile, sessionId: string): TokenSubject => ({
  userId: profile.userId,
  tenantId: profile.orgId,
  profileId: profile.id,
  role: profile.role,
  salesAccess: profile.salesAccess,
  sessionId,
});
