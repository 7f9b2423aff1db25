import { createEvent, enqueueEvent, type EntityManager, type EventActor } from '@crm/platform';
import type { Profile } from './users.repository';

export type ProfileEventType = 'profile.created' | 'profile.updated' | 'profile.deactivated' | 'profile.reactivated';

/** What consumers keep in their `profiles` replicas (architecture §1); `version` orders the updates. */
export type ProfileEventData = {
  id: string;
  user_id: string;
  email: string;
  role: Profile['role'];
  sales_access: boolean;
  version: number;
};

/** A profile as its events, and auth's internal lookup, describe it. */
export const profileEventData = (profile: Profile): ProfileEventData => ({
  id: profile.id,
  user_id: profile.userId,
  email: profile.email,
  role: profile.role,
  sales_access: profile.salesAccess,
  version: profile.version,
});

/** Writes the profile's event to the outbox of the transaction `manager` belongs to. */
export async function enqueueProfileEvent(
  manager: EntityManager,
  type: ProfileEventType,
  profile: Profile,
  actor: EventActor,
  time: Date,
): Promise<void> {
  const data = profileEventData(profile);
  await enqueueEvent(
    manager,
    createEvent({ source: 'auth', type, subject: profile.id, tenantId: profile.orgId, actor, data, time }),
  );
}

export const actorOf = (subject: { userId: string; profileId: string }): EventActor => ({
  user_id: subject.userId,
  profile_id: subject.profileId,
});
