import type { Db } from '@crm/shared';
import { randomUUID } from 'node:crypto';
import type { AuthDeps } from '../auth-deps';
import { randomSecret, sha256Hex } from '../common/hashing';
import type { TokenSubject } from '../signing-keys/access-tokens';
import { insertRefreshToken } from './refresh-tokens.repository';

export interface SessionTokens {
  access: string;
  refresh: string;
}

/** Stores a new refresh token (hashed) of `familyId` and answers the secret, which is never stored. */
export async function issueRefreshToken(
  deps: AuthDeps,
  db: Db,
  token: { profileId: string; familyId: string; now: Date },
): Promise<string> {
  const secret = randomSecret(32);
  await insertRefreshToken(db, {
    id: randomUUID(),
    familyId: token.familyId,
    profileId: token.profileId,
    tokenHash: sha256Hex(secret),
    createdAt: token.now,
    expiresAt: new Date(token.now.getTime() + deps.config.REFRESH_TOKEN_TTL_SECONDS * 1000),
  });
  return secret;
}

/** A new session: a refresh token starting a new family, and an access token. */
export async function openSession(deps: AuthDeps, db: Db, subject: TokenSubject, now: Date): Promise<SessionTokens> {
  const refresh = await issueRefreshToken(deps, db, { profileId: subject.profileId, familyId: randomUUID(), now });
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
