import { UnauthorizedError } from '@crm/shared';
import type { AuthDeps } from '../auth-deps';
import { sha256Hex } from '../common/hashing';
import { findProfile, type Profile } from '../users/users.repository';
import { issueRefreshToken, subjectOf, type SessionTokens } from './open-session';
import { consumeRefreshToken, findRefreshToken, revokeRefreshFamily } from './refresh-tokens.repository';

export const TOKEN_NOT_VALID = 'token_not_valid';

type Outcome =
  | { kind: 'rotated'; profile: Profile; refresh: string }
  | { kind: 'reused' }
  | { kind: 'revoked' }
  | { kind: 'not_valid' };

/**
 * Trades a refresh token for a new pair. The token is used up (rotation); presenting a used one again
 * revokes its whole family, since one of the two holders is not the user. The new access token carries
 * the profile's current role and sales access.
 */
export async function refreshSession(deps: AuthDeps, refresh: string): Promise<SessionTokens> {
  const now = deps.clock();
  const tokenHash = sha256Hex(refresh);
  // The revocation must commit, so refusals are answered after the transaction, not thrown inside it.
  const outcome = await deps.dataSource.transaction(async (manager): Promise<Outcome> => {
    const consumed = await consumeRefreshToken(manager, tokenHash, now);
    if (!consumed) {
      const known = await findRefreshToken(manager, tokenHash);
      if (!known) return { kind: 'not_valid' };
      if (known.usedAt) {
        await revokeRefreshFamily(manager, known.familyId, now);
        return { kind: 'reused' };
      }
      return known.revokedAt ? { kind: 'revoked' } : { kind: 'not_valid' };
    }
    const profile = await findProfile(manager, consumed.profileId);
    if (!profile) return { kind: 'not_valid' };
    const next = await issueRefreshToken(deps, manager, { profileId: profile.id, familyId: consumed.familyId, now });
    return { kind: 'rotated', profile, refresh: next };
  });
  switch (outcome.kind) {
    case 'rotated':
      return { access: await deps.issueAccessToken(subjectOf(outcome.profile), now), refresh: outcome.refresh };
    case 'reused':
      throw new UnauthorizedError('Refresh token was already used; its session has been revoked.');
    case 'revoked':
      throw new UnauthorizedError('Refresh token has been revoked.');
    case 'not_valid':
      throw new UnauthorizedError('Token is invalid or expired.', TOKEN_NOT_VALID);
  }
}
