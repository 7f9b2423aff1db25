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

/** The first refresh token of a new session (a family of its own). */
export const startSession = (deps: AuthDeps, db: Db, profileId: string, now: Date): Promise<string> =>
  issueRefreshToken(deps, db, { profileId, familyId: randomUUID(), sessionStartedAt: now, now });

/** A new session: a refresh token starting a new family, and an access token. */
export async function openSession(deps: AuthDeps, db: Db, subject: TokenSubject, now: Date): Promise<SessionTokens> {
  const refresh = await startSession(deps, db, subject.profileId, now);
  const access = await deps.issueAccessToken(subject, now);
  return { access, refresh };
}

export const subjectOf = (profile: {
  id: string;
  userId: string;
  orgId: string;
  role: TokenSubject['role'];
  salesAccess: boolean;
}): TokenSubject => ({
  userId: profile.userId,
  tenantId: profile.orgId,
  profileId: profile.id,
  role: profile.role,
  salesAccess: profile.salesAccess,
});
