import { randomUUID } from 'node:crypto';
import type { AuthDeps } from '../auth-deps';
import { insertOrg, type Org } from '../orgs/orgs.repository';
import { openSession } from '../sessions/open-session';
import { assertEmailIsFree, createAccount, mapEmailConflict } from '../users/new-account';
import type { Profile } from '../users/users.repository';
import type { RegisterInput } from './registration.schemas';

export interface Registration {
  org: Org;
  profile: Profile;
  access: string;
  refresh: string;
}

/**
 * A new tenant with its first user as admin (with sales access), logged in at once. The org, the user,
 * the profile, its `profile.created` event and the first refresh token commit together.
 */
export async function registerOrg(deps: AuthDeps, input: RegisterInput): Promise<Registration> {
  await assertEmailIsFree(deps.dataSource, input.email);
  const passwordHash = await deps.passwords.hash(input.password);
  const now = deps.clock();
  return mapEmailConflict(() =>
    deps.dataSource.transaction(async (manager) => {
      const org = await insertOrg(manager, { id: randomUUID(), name: input.org_name });
      const profile = await createAccount(
        manager,
        { email: input.email, passwordHash, orgId: org.id, role: 'admin', salesAccess: true },
        null,
        now,
      );
      return { org, profile, ...(await openSession(deps, manager, profile, now)) };
    }),
  );
}
