import { readListPage, type Caller, type ListPage, type PageRequest } from '@crm/platform';
import type { AuthDeps } from '../auth-deps';
import { profileView, type ProfileView } from './profile-view';
import { countProfiles, listProfiles, type ProfileFilter } from './users.repository';

/** The caller's tenant's profiles, newest first (admins only), deactivated ones too unless filtered. */
export const listMembers = (deps: AuthDeps, admin: Caller, filter: ProfileFilter, page: PageRequest): Promise<ListPage<ProfileView>> =>
  readListPage(
    deps.dataSource,
    page,
    { count: (db) => countProfiles(db, admin.tenantId, filter), rows: (db, window) => listProfiles(db, admin.tenantId, filter, window) },
    profileView,
  );
