import { randomUUID } from 'node:crypto';
import { ConflictError, isUniqueViolation, type EntityManager, type EventActor, type Role, type Db } from '@crm/platform';
import { endCredentials } from '../credentials/end-credentials';
import { enqueueMail } from '../mail/mail-outbox.repository';
import { releaseUnverifiedHolder } from './email-holders.repository';
import { enqueueProfileEvent } from './profile-events';
import { emailIsTaken, insertProfile, insertUser, USERS_EMAIL_KEY, type Profile } from './users.repository';

export const EMAIL_TAKEN = 'A user with this e-mail address already exists.';

/** A user to create, with the hash of its initial password, and the tenant it joins. */
export interface NewAccount {
  email: string;
  passwordHash: string;
  orgId: string;
  role: Role;
  salesAccess: boolean;
  /** A registration's founder must verify the address by then, or the account lapses (api-contract §10.4). */
  verifyBy?: Date;
}

/** A created account, and the profiles of the user its address was released from (their credentials ended). */
export interface CreatedAccount {
  profile: Profile;
  releasedProfileIds: string[];
}

/** A taken (verified) e-mail address answers 409 before the (slow) password hash is computed. */
export async function assertEmailIsFree(db: Db, email: string): Promise<void> {
  if (await emailIsTaken(db, email)) throw new ConflictError(EMAIL_TAKEN, 'email');
}

/**
 * Creates a user and its profile in `orgId`, inside the caller's transaction: writes `profile.created` to
 * the outbox and a verification e-mail to the mail outbox. The address is first released from a holder
 * who never verified it (their every credential ends: they can no longer log in with it). `actor` null
 * means the new profile is its own actor (registration).
 */
export async function createAccount(
  manager: EntityManager,
  account: NewAccount,
  actor: EventActor | null,
  now: Date,
): Promise<CreatedAccount> {
  const releasedProfileIds = await releaseUnverifiedHolder(manager, account.email, now);
  for (const profileId of releasedProfileIds) await endCredentials(manager, profileId, now, { apiTokens: true });
  const userId = randomUUID();
  await insertUser(manager, { id: userId, email: account.email, passwordHash: account.passwordHash, verifyBy: account.verifyBy });
  const profile = await insertProfile(manager, {
    id: randomUUID(),
    userId,
    orgId: account.orgId,
    email: account.email,
    role: account.role,
    salesAccess: account.salesAccess,
    emailVerified: false,
  });
  await enqueueProfileEvent(manager, 'profile.created', profile, actor ?? { user_id: userId, profile_id: profile.id }, now);
  await enqueueMail(manager, { kind: 'email_verification', recipient: account.email, userId }, now);
  return { profile, releasedProfileIds };
}

/** Runs `work`, turning a lost race for the e-mail address into the same 409 as the early check. */
export async function mapEmailConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, USERS_EMAIL_KEY)) throw new ConflictError(EMAIL_TAKEN, 'email');
    throw error;
  }
}
