import { createEvent, enqueueEvent, type Caller, type EntityManager, type EventActor } from '@crm/shared';
import type { ContactView } from './contact-view';

export const SERVICE_NAME = 'contacts';

export const actorOf = (caller: Caller): EventActor => ({ user_id: caller.userId, profile_id: caller.profileId });

/** `contact.created` / `contact.updated`: the contact as the API shows it, with its version (replicas apply newer ones only). */
export async function emitContactChanged(
  manager: EntityManager,
  type: 'contact.created' | 'contact.updated',
  actor: EventActor | null,
  contact: ContactView,
  version: number,
): Promise<void> {
  await enqueueEvent(
    manager,
    createEvent({ source: SERVICE_NAME, type, subject: contact.id, tenantId: contact.org, actor, data: { ...contact, version } }),
  );
}

/** `contact.deleted`: `assigned_to` lists every owner the contact had (one for a plain delete; more after a merge). */
export async function emitContactDeleted(
  manager: EntityManager,
  caller: Caller,
  contact: { id: string; tenantId: string; version: number },
  owners: string[],
): Promise<void> {
  await enqueueEvent(
    manager,
    createEvent({
      source: SERVICE_NAME,
      type: 'contact.deleted',
      subject: contact.id,
      tenantId: contact.tenantId,
      actor: actorOf(caller),
      data: { id: contact.id, assigned_to: owners, version: contact.version + 1 },
    }),
  );
}
