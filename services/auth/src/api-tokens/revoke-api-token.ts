import { NotFoundError, type Caller } from '@crm/platform';
import type { AuthDeps } from '../auth-deps';
import { revokeApiToken } from './api-tokens.repository';

/** Revokes one of the caller's own tokens; anyone else's (or an unknown id) is not found. */
export async function revokeOwnApiToken(deps: AuthDeps, caller: Caller, tokenId: string): Promise<void> {
  const revoked = await revokeApiToken(deps.dataSource, tokenId, caller.profileId, deps.clock());
  if (!revoked) throw new NotFoundError();
}
