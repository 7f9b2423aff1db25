import type { Caller, PageRequest } from '@crm/shared';
import type { AuthDeps } from '../auth-deps';
import { apiTokenView, type ApiTokenView } from './api-token-view';
import { countApiTokens, listApiTokens } from './api-tokens.repository';

/** The caller's own API tokens that are not revoked, newest first, without their secrets. */
export async function listOwnApiTokens(
  deps: AuthDeps,
  caller: Caller,
  page: PageRequest,
): Promise<{ count: number; results: ApiTokenView[] }> {
  const [count, tokens] = await Promise.all([
    countApiTokens(deps.dataSource, caller.profileId),
    listApiTokens(deps.dataSource, caller.profileId, { limit: page.pageSize, offset: page.offset }),
  ]);
  return { count, results: tokens.map(apiTokenView) };
}
