import { UnauthorizedError, type Caller } from '@crm/platform';
import { scopesForRole } from '../common/scopes';
import type { AuthDeps } from '../auth-deps';
import { sha256Hex } from '../common/hashing';
import { findActiveApiToken, recordApiTokenUse } from './api-tokens.repository';
import { API_TOKEN_PREFIX } from './create-api-token';

export const INVALID_API_TOKEN = 'Invalid API token.';

/**
 * The caller a live API token of an active profile stands for (its use stamped), and when it expires (the
 * gateway caches it no longer): its profile as it is now, with the token's scopes narrowed to what
 * the profile's current role allows (a member who lost sales access loses it through their tokens too).
 */
export async function resolveApiToken(deps: AuthDeps, token: string): Promise<{ caller: Caller; expiresAt: Date }> {
  if (!token.startsWith(API_TOKEN_PREFIX)) throw new UnauthorizedError(INVALID_API_TOKEN);
  const now = deps.clock();
  const found = await findActiveApiToken(deps.dataSource, sha256Hex(token), now);
  if (!found) throw new UnauthorizedError(INVALID_API_TOKEN);
  await recordApiTokenUse(deps.dataSource, found.id, now);
  const { profile } = found;
  const allowed = scopesForRole(profile.role, profile.salesAccess);
  const caller: Caller = {
    userId: profile.userId,
    tenantId: profile.orgId,
    profileId: profile.id,
    role: profile.role,
    salesAccess: profile.salesAccess,
    scopes: found.scopes.filter((scope) => allowed.includes(scope)),
    credential: { kind: 'api_token', id: found.id },
  };
  return { caller, expiresAt: found.expiresAt };
}
