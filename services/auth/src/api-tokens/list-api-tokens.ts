import { readListPage, type Caller, type ListPage, type PageRequest } from '@crm/platform';
import type { AuthDeps } from '../auth-deps';
import { apiTokenView, type ApiTokenView } from './api-token-view';
import { countApiTokens, listApiTokens } from './api-tokens.repository';

/** The caller's own API tokens that are not revoked, newest first, without their secrets. */
export const listOwnApiTokens = (deps: AuthDeps, caller: Caller, page: PageRequest): Promise<ListPage<ApiTokenView>> =>
  readListPage(deps.dataSource, page, { count: (db) => countApiTokens(db, caller.profileId), rows: (db, window) => listApiTokens(db, caller.profileId, window) }, apiTokenView);
