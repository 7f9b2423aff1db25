import { isAdmin, NotFoundError, type Caller } from '@crm/platform';
import type { AuthDeps } from '../auth-deps';
import { findProfile } from '../users/users.repository';
import { revokeApiToken } from './api-tokens.repository';

/**
 * Revokes a live token: a member's own, or an admin's any of the tenant's (an admin as their profile is
 * now). Anyone else's, an ended one or an unknown id is not found.
 */
export async function revokeApiTokenOf(deps: AuthDeps, caller: Caller, tokenId: string): Promise<void> {
  const current = isAdmin(caller) ? await findProfile(deps.dataSource, caller.profileId, { orgId: caller.tenantId }) : undefined;
  const owner = current?.role === 'admin' ? { orgId: caller.tenantId } : { orgId: caller.tenantId, profileId: caller.profileId };
  if (!(await revokeApiToken(deps.dataSource, tokenId, owner, deps.clock()))) throw new NotFoundError();
}
