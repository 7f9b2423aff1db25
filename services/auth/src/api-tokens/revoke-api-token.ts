import { NotFoundError, type Caller } from '@crm/platform';
import type { AuthDeps } from '../auth-deps';
import { isAdminNow } from '../users/require-admin';
import { revokeApiToken } from './api-tokens.repository';

/**
 * Revokes a live token: a member's own, or an admin's any of the tenant's (an admin as their profile is
 * now). Anyone else's, an ended one or an unknown id is not found.
 */
export async function revokeApiTokenOf(deps: AuthDeps, caller: Caller, tokenId: string): Promise<void> {
  const owner = (await isAdminNow(deps.dataSource, caller)) ? { orgId: caller.tenantId } : { orgId: caller.tenantId, profileId: caller.profileId };
  if (!(await revokeApiToken(deps.dataSource, tokenId, owner, deps.clock()))) throw new NotFoundError();
}
