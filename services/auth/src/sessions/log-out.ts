import type { AuthDeps } from '../auth-deps';
import { redeemRefreshToken, refusalError } from './redeem-refresh-token';
import { revokeRefreshFamily } from './refresh-tokens.repository';

/**
 * Ends the session of a refresh token: every token of its family is revoked. A token that would not
 * refresh is refused the same way. Access tokens already issued stay valid until they expire.
 */
export async function logOut(deps: AuthDeps, refresh: string): Promise<void> {
  const now = deps.clock();
  const redeemed = await deps.dataSource.transaction(async (manager) => {
    const redemption = await redeemRefreshToken(deps, manager, refresh, now);
    if (redemption.kind === 'redeemed') await revokeRefreshFamily(manager, redemption.familyId, now);
    return redemption;
  });
  if (redeemed.kind !== 'redeemed') throw refusalError(redeemed);
}
