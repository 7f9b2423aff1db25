import { ConflictError, isUuid, NotFoundError, type Caller } from '@crm/platform';
import type { AuthDeps } from '../auth-deps';
import { endCredentials } from '../credentials/end-credentials';
import { lockOrg } from '../orgs/orgs.repository';
import { actorOf, enqueueProfileEvent } from './profile-events';
import { profileView, type ProfileView } from './profile-view';
import { countAdmins, findProfile, setProfileActive } from './users.repository';

export const LAST_ACTIVE_ADMIN = 'The last active admin of an organisation cannot be deactivated: make another member admin first.';

/**
 * An admin deactivates a member (api-contract §10.1): every credential of theirs ends now (access tokens,
 * sessions, API tokens: a reactivation does not bring them back), `profile.deactivated` goes out, and
 * nothing they own changes owner. The tenant's last active admin cannot be deactivated (409). Deactivating
 * an inactive member changes nothing.
 */
export const deactivateMember = (deps: AuthDeps, admin: Caller, profileId: string): Promise<ProfileView> =>
  changeMemberStatus(deps, admin, profileId, false);

/** An admin reactivates a member: they may log in again; their old credentials stay ended. */
export const reactivateMember = (deps: AuthDeps, admin: Caller, profileId: string): Promise<ProfileView> =>
  changeMemberStatus(deps, admin, profileId, true);

async function changeMemberStatus(deps: AuthDeps, admin: Caller, profileId: string, isActive: boolean): Promise<ProfileView> {
  if (!isUuid(profileId)) throw new NotFoundError();
  const now = deps.clock();
  const profile = await deps.dataSource.transaction(async (manager) => {
    // One membership change per tenant at a time: two admins cannot deactivate each other at once.
    await lockOrg(manager, admin.tenantId);
    const current = await findProfile(manager, profileId, { orgId: admin.tenantId, forUpdate: true });
    if (!current) throw new NotFoundError();
    if (current.isActive === isActive) return current;
    if (!isActive && current.role === 'admin' && (await countAdmins(manager, admin.tenantId)) <= 1) {
      throw new ConflictError(LAST_ACTIVE_ADMIN);
    }
    if (!isActive) await endCredentials(manager, profileId, now, { apiTokens: true });
    const changed = await setProfileActive(manager, profileId, isActive, now);
    await enqueueProfileEvent(manager, isActive ? 'profile.reactivated' : 'profile.deactivated', changed, actorOf(admin), now);
    return changed;
  });
  return profileView(profile);
}
