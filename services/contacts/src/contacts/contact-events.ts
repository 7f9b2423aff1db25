import { actorOf, enqueueRecordChanged, enqueueRecordDeleted, type Caller, type EntityManager, type EventActor } from '@crm/shared';
import { contactViews, type ContactView } from './contact-view';
import type { ContactRecord } from './contacts.repository';

export const SERVICE_NAME = 'contacts';

export { actorOf };

/** `contact.created` / `contact.updated`: the contact as the API shows it, with its version (replicas apply newer ones only). */
export async function emitContactChanged(
  manager: EntityManager,
  type: 'contact.created' | 'contact.updated',
  actor: EventActor | null,
  contact: ContactView,
  version: number,
): Promise<void> {
  const record = { id: contact.id, tenantId: contact.org, version };
  await enqueueRecordChanged(manager, { source: SERVICE_NAME, type, actor, record, view: contact });
}

/** `contact.updated` for each of the tenant's contacts another record's change reached (`touchContacts`). */
export async function announceContactsChanged(manager: EntityManager, actor: EventActor | null, contacts: ContactRecord[]): Promise<void> {
  if (contacts.length === 0) return;
  const views = await contactViews(manager, contacts[0]!.tenantId, contacts);
  for (const [index, contact] of contacts.entries()) await emitContactChanged(manager, 'contact.updated', actor, views[index]!, contact.version);
}

/** `contact.deleted`: `assigned_to` lists every owner the contact had (one for a plain delete; more after a merge). */
export async function emitContactDeleted(
  manager: EntityManager,
  caller: Caller,
  contact: { id: string; tenantId: string; version: number },
  owners: string[],
): Promise<void> {
  await enqueueRecordDeleted(manager, { source: SERVICE_NAME, type: 'contact.deleted', actor: actorOf(caller), record: contact, owners });
}
