import { type EntityManager, type EventActor } from '@crm/platform';
import { publishRecords, touchRecords } from '@crm/records';
import { contactKind } from '../contacts/contact-kind';
import { CONTACTS } from '../contacts/contacts.repository';

/**
 * What changes to leads do to the contacts linked to them (`lead_ids`): each contact whose links change
 * gets a new version and `updated_at`, announced by `contact.updated`. A replay finds no link left to
 * change and changes nothing.
 */
export async function announceRelinked(manager: EntityManager, tenantId: string, contactIds: string[], actor: EventActor | null, now: Date): Promise<void> {
  if (contactIds.length === 0) return;
  const contacts = await touchRecords(manager, CONTACTS, tenantId, contactIds, now);
  await publishRecords(manager, contactKind, 'updated', actor, contacts);
}
