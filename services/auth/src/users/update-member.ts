import { isUuid, NotFoundError, UnprocessableError, type Caller } from '@crm/platform';
import type { AuthDeps } from '../auth-deps';
import { lockOrg } from '../orgs/orgs.repository';
import { actorOf, enqueueProfileEvent } from './profile-events';
import { profileView, type ProfileView } from './profile-view';
import { countAdmins, findProfile, updateProfile } from './users.repository';
import type { UpdateUserInput } from './users.schemas';

export const LAST_ADMIN = 'A tenant must keep at least one admin.';

/**
 * An admin changes a profile's role or sales access. A profile of another tenant, or a malformed id,
 * is not found. Demoting the tenant's last admin is refused (422): nobody could manage it afterwards.
 * A real change bumps the version and emits `profile.updated`; a no-op changes nothing.
 */
export async function updateMember(
  deps: AuthDeps,
  admin: Caller,
  profileId: string,
  changes: UpdateUserInput,
): Promise<ProfileView> {
  if (!isUuid(profileId)) throw new NotFoundError();
  const now = deps.clock();
  const profile = await deps.dataSource.transaction(async (manager) => {
    // One membership change per tenant at a time, so two admins cannot demote each other at once.
    await lockOrg(manager, admin.tenantId);
    const current = await findProfile(manager, profileId, { orgId: admin.tenantId, forUpdate: true });
    if (!current) throw new NotFoundError();
    const role = changes.role ?? current.role;
    const salesAccess = changes.sales_access ?? current.salesAccess;
    if (role === current.role && salesAccess === current.salesAccess) return current;
    if (current.role === 'admin' && role !== 'admin' && (await countAdmins(manager, admin.tenantId)) <= 1) {
      throw new UnprocessableError(LAST_ADMIN);
    }
    const updated = (await updateProfile(manager, current.id, { role, salesAccess }))!;
    await enqueueProfileEvent(manager, 'profile.updated', updated, actorOf(admin), now);
    return updated;
  });
  return profileView(profile);
}
