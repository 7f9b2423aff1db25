import { randomUUID } from 'node:crypto';
import type { AuthDeps } from '../auth-deps';
import { insertOrg, type Org } from '../orgs/orgs.repository';
import { assertPasswordAllowed } from '../passwords/password-rules';
import { issueRefreshToken, subjectOf } from '../sessions/open-session';
import { assertEmailIsFree, createAccount, mapEmailConflict } from '../users/new-account';
import type { Profile } from '../users/users.repository';
import type { RegisterInput } from './registration.schemas';

/** How long a founder has to verify the address before the registration lapses (api-contract §10.4). */
const VERIFY_WITHIN_MS = 7 * 24 * 3_600_000;

export interface Registration {
  org: Org;
  profile: Profile;
  access: string;
  refresh: string;
  /** The profiles of the unverified holder the address was released from (their credentials ended). */
  releasedProfileIds: string[];
}

/**
 * A new tenant with its first user as admin (with sales access), logged in at once. The org, the user,
 * the profile, its `profile.created` event, the verification e-mail and the first refresh token commit
 * together. An address held by someone who never verified it is released from them.
 */
export async function registerOrg(deps: AuthDeps, input: RegisterInput): Promise<Registration> {
  assertPasswordAllowed('password', input.password, input.email);
  await assertEmailIsFree(deps.dataSource, input.email);
  const passwordHash = await deps.passwords.hash(input.password);
  const now = deps.clock();
  const sessionId = randomUUID();
  const { org, profile, releasedProfileIds, refresh } = await mapEmailConflict(() =>
    deps.dataSource.transaction(async (manager) => {
      const org = await insertOrg(manager, { id: randomUUID(), name: input.org_name });
      const { profile, releasedProfileIds } = await createAccount(
        manager,
        { email: input.email, passwordHash, orgId: org.id, role: 'admin', salesAccess: true, verifyBy: new Date(now.getTime() + VERIFY_WITHIN_MS) },
        null,
        now,
      );
      const refresh = await issueRefreshToken(deps, manager, { profileId: profile.id, familyId: sessionId, sessionStartedAt: now, now });
      return { org, profile, releasedProfileIds, refresh };
    }),
  );
  deps.mailQueued();
  // Signed after the commit: signing may reload the keys, a query that on the embedded database (one
  // session for every connection) would wait for this very transaction.
  const access = await deps.issueAccessToken(subjectOf(profile, sessionId), now);
  return { org, profile, releasedProfileIds, access, refresh };
}
