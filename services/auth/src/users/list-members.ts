import type { Caller, PageRequest } from '@crm/shared';
import type { AuthDeps } from '../auth-deps';
import { profileView, type ProfileView } from './profile-view';
import { countProfiles, listProfiles } from './users.repository';

/** The caller's tenant's profiles, newest first (admins only). */
export async function listMembers(
  deps: AuthDeps,
  admin: Caller,
  page: PageRequest,
): Promise<{ count: number; results: ProfileView[] }> {
  const [count, profiles] = await Promise.all([
    countProfiles(deps.dataSource, admin.tenantId),
    listProfiles(deps.dataSource, admin.tenantId, { limit: page.pageSize, offset: page.offset }),
  ]);
  return { count, results: profiles.map(profileView) };
}
