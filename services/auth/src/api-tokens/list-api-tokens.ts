import { readListPage, ValidationError, type Caller, type ListPage, type PageRequest } from '@crm/platform';
import type { AuthDeps } from '../auth-deps';
import { adminOf } from '../users/require-admin';
import { findProfile } from '../users/users.repository';
import { apiTokenView, type ApiTokenView } from './api-token-view';
import { countApiTokens, listApiTokens } from './api-tokens.repository';
import type { ListApiTokensQuery } from './api-tokens.schemas';

/**
 * Live API tokens, newest first, without their secrets: the caller's own, or with `owner` another
 * member's of the tenant (admins only: 403 for a member; a profile not of the tenant is a 400).
 */
export async function listApiTokensOf(deps: AuthDeps, caller: Caller, query: ListApiTokensQuery, page: PageRequest): Promise<ListPage<ApiTokenView>> {
  const owner = query.owner ?? caller.profileId;
  if (owner !== caller.profileId) {
    await adminOf(deps.dataSource, caller);
    if (!(await findProfile(deps.dataSource, owner, { orgId: caller.tenantId }))) throw ValidationError.field('owner', 'No member of your organisation has this id.');
  }
  const now = deps.clock();
  return readListPage(deps.dataSource, page, { count: (db) => countApiTokens(db, owner, now), rows: (db, window) => listApiTokens(db, owner, now, window) }, apiTokenView);
}
