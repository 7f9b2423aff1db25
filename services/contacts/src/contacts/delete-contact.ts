import { deleteRecordNotes, requireDeleteRight, type Caller } from '@crm/shared';
import type { ContactsDeps } from '../contacts-deps';
import { openContact } from './contact-access';
import { emitContactDeleted } from './contact-events';
import { deleteContact } from './contacts.repository';

export const CONTACT_RECORD_TYPE = 'contact';

/**
 * DELETE: a hard delete (api-contract §4: no soft delete, no scrub step), with the contact's notes, files and lead
 * links (the links by foreign key); `contact.deleted` names its owner.
 */
export async function removeContact(deps: ContactsDeps, caller: Caller, id: string): Promise<void> {
  await deps.dataSource.transaction(async (manager) => {
    const contact = await openContact(manager, caller, id, true);
    requireDeleteRight(caller, contact);
    await deleteRecordNotes(manager, CONTACT_RECORD_TYPE, id);
    await deleteContact(manager, id);
    await emitContactDeleted(manager, caller, contact, [contact.ownerId]);
  });
}
