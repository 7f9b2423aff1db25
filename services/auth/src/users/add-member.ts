import type { Caller } from '@crm/platform';
import type { AuthDeps } from '../auth-deps';
import { assertPasswordAllowed } from '../passwords/password-rules';
import { assertEmailIsFree, createAccount, mapEmailConflict } from './new-account';
import { actorOf } from './profile-events';
import { profileView, type ProfileView } from './profile-view';
import type { AddUserInput } from './users.schemas';

/**
 * An admin adds a user to their tenant with an initial password; `profile.created` and a verification
 * e-mail go out with it. An address held by someone who never verified it is released from them (their
 * profiles answered, for the gateway to hear of their ended credentials).
 */
export async function addMember(deps: AuthDeps, admin: Caller, input: AddUserInput): Promise<{ member: ProfileView; releasedProfileIds: string[] }> {
  assertPasswordAllowed('password', input.password, input.email);
  await assertEmailIsFree(deps.dataSource, input.email);
  const passwordHash = await deps.passwords.hash(input.password);
  const now = deps.clock();
  const { profile, releasedProfileIds } = await mapEmailConflict(() =>
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
  deps.mailQueued();
  return { member: profileView(profile), releasedProfileIds };
}
