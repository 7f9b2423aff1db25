import { randomUUID } from 'node:crypto';
import { ConflictError, isUniqueViolation, type EntityManager, type EventActor, type Role, type Db } from '@crm/platform';
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
}

/** A taken e-mail address answers 409 before the (slow) password hash is computed. */
export async function assertEmailIsFree(db: Db, email: string): Promise<void> {
  if (await emailIsTaken(db, email)) throw new ConflictError(EMAIL_TAKEN, 'email');
}

/**
 * Creates a user and its profile in `orgId` and writes `profile.created` to the outbox, inside the
 * caller's transaction. `actor` null means the new profile is its own actor (registration).
 */
export async function createAccount(
  manager: EntityManager,
  account: NewAccount,
  actor: EventActor | null,
  now: Date,
): Promise<Profile> {
  const userId = randomUUID();
  await insertUser(manager, { id: userId, email: account.email, passwordHash: account.passwordHash });
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
  return profile;
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
