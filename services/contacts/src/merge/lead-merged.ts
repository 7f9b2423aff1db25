import { recordMergedData, type CrmEvent, type EntityManager } from '@crm/shared';
import { moveContactLinksOfLead } from '../contact-leads/contact-leads.repository';
import { emitContactChanged } from '../contacts/contact-events';
import { contactViewOf } from '../contacts/contact-view';
import { findContact, updateContact } from '../contacts/contacts.repository';

/**
 * `lead.merged`: contacts linked to the merged-away lead are linked to the keeper instead; each such
 * contact changed (`lead_ids`), so its version moves on and `contact.updated` announces it. A replay
 * finds no link left to move and changes nothing.
 */
export async function followLeadMerge(event: CrmEvent, manager: EntityManager): Promise<void> {
  const data = recordMergedData.parse(event.data);
  const contactIds = await moveContactLinksOfLead(manager, event.tenantid, data.merged_id, data.keeper_id);
  for (const id of contactIds) {
    const contact = await findContact(manager, event.tenantid, id, true);
    if (!contact) continue;
    const changed = await updateContact(manager, id, contact, new Date(event.time));
    await emitContactChanged(manager, 'contact.updated', event.actor, await contactViewOf(manager, changed), changed.version);
  }
}
