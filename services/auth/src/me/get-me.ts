import { UnauthorizedError, type Caller } from '@crm/platform';
import { idSchema } from '@crm/records';
import { z } from 'zod';
import type { AuthDeps } from '../auth-deps';
import { findOrg } from '../orgs/orgs.repository';
import { findProfile } from '../users/users.repository';

/** Who the caller is; `scopes`: what the calling credential may do (an access token's scopes, or an API token's). */
export const meSchema = z.strictObject({
  /** `email_verified`: whether the user proved the address theirs (api-contract §10.4). */
  user: z.strictObject({ id: idSchema, email: z.string(), email_verified: z.boolean() }),
  org: z.strictObject({ id: idSchema, name: z.string() }),
  profile: z.strictObject({ id: idSchema, role: z.enum(['admin', 'member']), sales_access: z.boolean() }),
  scopes: z.array(z.string()),
});
export type Me = z.infer<typeof meSchema>;

/** Who the caller is, as stored now (role and sales access may have changed since the token was issued). */
export async function getMe(deps: AuthDeps, caller: Caller): Promise<Me> {
  const [profile, org] = await Promise.all([
    findProfile(deps.dataSource, caller.profileId, { orgId: caller.tenantId }),
    findOrg(deps.dataSource, caller.tenantId),
  ]);
  if (!profile || !org) throw new UnauthorizedError('The account of these credentials no longer exists.');
  return {
    user: { id: profile.userId, email: profile.email, email_verified: profile.emailVerified },
    org: { id: org.id, name: org.name },
    profile: { id: profile.id, role: profile.role, sales_access: profile.salesAccess },
    scopes: [...caller.scopes],
  };
}
