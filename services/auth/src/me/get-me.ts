import { UnauthorizedError, type Caller } from '@crm/shared';
import type { AuthDeps } from '../auth-deps';
import { findOrg } from '../orgs/orgs.repository';
import { findProfile } from '../users/users.repository';

export interface Me {
  user: { id: string; email: string };
  org: { id: string; name: string };
  profile: { id: string; role: 'admin' | 'member'; sales_access: boolean };
  /** What the calling credential may do: an access token's scopes, or an API token's. */
  scopes: string[];
}

/** Who the caller is, as stored now (role and sales access may have changed since the token was issued). */
export async function getMe(deps: AuthDeps, caller: Caller): Promise<Me> {
  const [profile, org] = await Promise.all([
    findProfile(deps.dataSource, caller.profileId, { orgId: caller.tenantId }),
    findOrg(deps.dataSource, caller.tenantId),
  ]);
  if (!profile || !org) throw new UnauthorizedError('The account of these credentials no longer exists.');
  return {
    user: { id: profile.userId, email: profile.email },
    org: { id: org.id, name: org.name },
    profile: { id: profile.id, role: profile.role, sales_access: profile.salesAccess },
    scopes: [...caller.scopes],
  };
}
