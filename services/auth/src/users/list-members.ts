import { readPageInOneSnapshot, type Caller, type PageRequest } from '@crm/shared';
import type { AuthDeps } from '../auth-deps';
import { profileView, type ProfileView } from './profile-view';
import { countProfiles, listProfiles } from './users.repository';

/** The caller's tenant's profiles, newest first (admins only). */
export async function listMembers(
  deps: AuthDeps,
  admin: Caller,
  page: PageRequest,
): Promise<{ count: number; results: ProfileView[] }> {
  const { count, rows } = await readPageInOneSnapshot(deps.dataSource, {
    count: (db) => countProfiles(db, admin.tenantId),
    rows: (db) => listProfiles(db, admin.tenantId, { limit: page.pageSize, offset: page.offset }),
  });
  return { count, results: rows.map(profileView) };
}
