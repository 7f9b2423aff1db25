import type { Db, EntityManager } from '@crm/platform';
import { ValidationError } from '@crm/platform';
import type { CrmEvent } from '@crm/platform';
import type { Replica } from '../replicas/replica';
import { replicaStore, replicatedRecordOf, VERSION_AHEAD } from '../replicas/replica-store';

/**
 * `profiles` (each service's ProfileReplica migration) is a service's copy of the profiles of auth
 * (architecture §1), fed by `profile.created|updated`, so it can show `assigned_to {id, email}` and check
 * an owner belongs to the tenant without calling auth.
 */

const PROFILES = replicaStore({ table: 'profiles', fields: ['email'], ownership: false, deletions: 'never' });

/** Applies a profile as auth describes it (a `profile.created|updated` event's data, or auth's lookup). */
async function applyProfile(manager: EntityManager, tenantId: string, data: unknown): Promise<void> {
  const profile = replicatedRecordOf(data);
  const email = (data as { email?: unknown } | undefined)?.email;
  if (!profile || typeof email !== 'string') return;
  await PROFILES.upsert(manager, tenantId, { id: profile.id, version: profile.version, fields: { email } });
}

/** The handler of `profile.created` / `profile.updated` in every service keeping the replica. */
export const applyProfileEvent = (event: CrmEvent, manager: EntityManager): Promise<void> => applyProfile(manager, event.tenantid, event.data);

/**
 * The profiles replica as `ReplicatedReferences` uses it: any member of the tenant may be named (who
 * may give a record to whom is `checkAssignment`'s rule), and a profile is never deleted.
 */
export const profileReplica: Replica = { type: 'profile', owner: { name: 'auth', port: 8081 }, held: PROFILES.held, apply: applyProfile };

/**
 * A profile as another service's event shows it (a record's `assigned_to {id, email}`), kept until auth's
 * own events bring it: a record made from that event shows its owner's e-mail even when
 * `profile.created` has not arrived yet. A profile the replica holds is left as it is.
 */
export async function rememberProfileAhead(manager: EntityManager, tenantId: string, profile: ProfileRef): Promise<void> {
  if (profile.email === null) return;
  await PROFILES.upsert(manager, tenantId, { id: profile.id, version: VERSION_AHEAD, fields: { email: profile.email } });
}

export interface ProfileRef {
  id: string;
  email: string | null;
}

/** `{id, email}` for each id (email null while the replica has not seen the profile yet). */
export async function profileRefs(db: Db, tenantId: string, ids: string[]): Promise<Map<string, ProfileRef>> {
  const unique = [...new Set(ids)];
  const refs = new Map<string, ProfileRef>(unique.map((id) => [id, { id, email: null }]));
  if (unique.length === 0) return refs;
  const emails = await PROFILES.fields(db, tenantId, unique);
  for (const [id, { email }] of emails) refs.set(id, { id, email: email as string });
  return refs;
}

export async function profileBelongsToTenant(db: Db, tenantId: string, profileId: string): Promise<boolean> {
  return (await profilesNotInTenant(db, tenantId, [profileId])).size === 0;
}

export const NOT_A_MEMBER = 'No member of this organisation has this id.';

/** The owner must be a member of the tenant (as the replica knows it, see `ReplicatedReferences`): else 400 on `field`. */
export async function requireOwnerInTenant(db: Db, tenantId: string, profileId: string, field = 'assigned_to_id'): Promise<void> {
  if (!(await profileBelongsToTenant(db, tenantId, profileId))) throw ValidationError.field(field, NOT_A_MEMBER);
}

/** The ids among `profileIds` that are not members of the tenant (one query for a whole import). */
export async function profilesNotInTenant(db: Db, tenantId: string, profileIds: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(profileIds)];
  if (unique.length === 0) return new Set();
  const members = await profileReplica.held(db, tenantId, unique);
  return new Set(unique.filter((id) => !members.has(id)));
}
