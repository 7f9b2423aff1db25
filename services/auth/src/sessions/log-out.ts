import type { AuthDeps } from '../auth-deps';
import { redeemRefreshToken, refusalError } from './redeem-refresh-token';
import { revokeRefreshFamily } from './refresh-tokens.repository';

/**
 * Ends the session of a refresh token: every token of its family is revoked, and with them the session's
 * access tokens (the gateway checks them again once told: answers the profile to announce). A token that
 * would not refresh is refused the same way.
 */
export async function logOut(deps: AuthDeps, refresh: string): Promise<{ profileId: string }> {
  const now = deps.clock();
  const redeemed = await deps.dataSource.transaction(async (manager) => {
    const redemption = await redeemRefreshToken(deps, manager, refresh, now);
    if (redemption.kind === 'redeemed') await revokeRefreshFamily(manager, redemption.familyId, now);
    return redemption;
  });
  if (redeemed.kind !== 'redeemed') throw refusalError(redeemed);
  return { profileId: redeemed.profileId };
}
