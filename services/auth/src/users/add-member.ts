import type { Caller } from '@crm/platform';
import type { AuthDeps } from '../auth-deps';
import { assertEmailIsFree, createAccount, mapEmailConflict } from './new-account';
import { actorOf } from './profile-events';
import { profileView, type ProfileView } from './profile-view';
import type { AddUserInput } from './users.schemas';

/** An admin adds a user to their tenant with an initial password; `profile.created` goes out with it. */
export async function addMember(deps: AuthDeps, admin: Caller, input: AddUserInput): Promise<ProfileView> {
  await assertEmailIsFree(deps.dataSource, input.email);
  const passwordHash = await deps.passwords.hash(input.password);
  const now = deps.clock();
  const profile = await mapEmailConflict(() =>
    deps.dataSource.transaction((manager) =>
      createAccount(
        manager,
        {
          email: input.email,
          passwordHash,
          orgId: admin.tenantId,
          role: input.role,
          salesAccess: input.sales_access,
        },
        actorOf(admin),
        now,
      ),
    ),
  );
  return profileView(profile);
}
