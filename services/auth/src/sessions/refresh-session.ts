import type { AuthDeps } from '../auth-deps';
import { findProfile, type Profile } from '../users/users.repository';
import { issueRefreshToken, subjectOf, type SessionTokens } from './open-session';
import { redeemRefreshToken, refusalError, type Refusal } from './redeem-refresh-token';

type Outcome = { kind: 'rotated'; profile: Profile; sessionId: string; refresh: string } | Refusal;

/**
 * Trades a refresh token for a new pair (rotation): the new refresh token belongs to the same session and
 * expires with it at the latest. The new access token carries the profile's current role and sales access.
 */
export async function refreshSession(deps: AuthDeps, refresh: string): Promise<SessionTokens> {
  const now = deps.clock();
  const outcome = await deps.dataSource.transaction(async (manager): Promise<Outcome> => {
    const redeemed = await redeemRefreshToken(deps, manager, refresh, now);
    if (redeemed.kind !== 'redeemed') return redeemed;
    const profile = await findProfile(manager, redeemed.profileId);
    if (!profile?.isActive) return { kind: 'not_valid' };
    const next = await issueRefreshToken(deps, manager, {
      profileId: profile.id,
      familyId: redeemed.familyId,
      sessionStartedAt: redeemed.sessionStartedAt,
      now,
    });
    return { kind: 'rotated', profile, sessionId: redeemed.familyId, refresh: next };
  });
  if (outcome.kind !== 'rotated') throw refusalError(outcome);
  return { access: await deps.issueAccessToken(subjectOf(outcome.profile, outcome.sessionId), now), refresh: outcome.refresh };
}
