import { UnauthorizedError, type Caller } from '@crm/platform';
import { scopesForRole } from '../common/scopes';
import type { AuthDeps } from '../auth-deps';
import { sha256Hex } from '../common/hashing';
import { findActiveApiToken } from './api-tokens.repository';
import { API_TOKEN_PREFIX } from './create-api-token';

export const INVALID_API_TOKEN = 'Invalid API token.';

/**
 * The caller an API token stands for: its profile as it is now, with the token's scopes narrowed to what
 * the profile's current role allows (a member who lost sales access loses it through their tokens too).
 */
export async function resolveApiToken(deps: AuthDeps, token: string): Promise<Caller> {
  if (!token.startsWith(API_TOKEN_PREFIX)) throw new UnauthorizedError(INVALID_API_TOKEN);
  const found = await findActiveApiToken(deps.dataSource, sha256Hex(token));
  if (!found) throw new UnauthorizedError(INVALID_API_TOKEN);
  const { profile } = found;
  const allowed = scopesForRole(profile.role, profile.salesAccess);
  return {
    userId: profile.userId,
    tenantId: profile.orgId,
    profileId: profile.id,
    role: profile.role,
    salesAccess: profile.salesAccess,
    scopes: found.scopes.filter((scope) => allowed.includes(scope)),
    credential: { kind: 'api_token', id: found.id },
  };
}
