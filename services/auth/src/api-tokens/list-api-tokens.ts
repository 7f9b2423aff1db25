import { readPageInOneSnapshot, type Caller, type PageRequest } from '@crm/shared';
import type { AuthDeps } from '../auth-deps';
import { apiTokenView, type ApiTokenView } from './api-token-view';
import { countApiTokens, listApiTokens } from './api-tokens.repository';

/** The caller's own API tokens that are not revoked, newest first, without their secrets. */
export async function listOwnApiTokens(
  deps: AuthDeps,
  caller: Caller,
  page: PageRequest,
): Promise<{ count: number; results: ApiTokenView[] }> {
  const { count, rows } = await readPageInOneSnapshot(deps.dataSource, {
    count: (db) => countApiTokens(db, caller.profileId),
    rows: (db) => listApiTokens(db, caller.profileId, { limit: page.pageSize, offset: page.offset }),
  });
  return { count, results: rows.map(apiTokenView) };
}
