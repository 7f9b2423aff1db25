import { type CrmEvent, type EntityManager, type EventActor } from '@crm/platform';
import { deletedRecordOf, publishRecords, recordMergedData, touchRecords } from '@crm/records';
import { contactKind } from '../contacts/contact-kind';
import { CONTACTS } from '../contacts/contacts.repository';
import { moveContactLinksOfLead, unlinkLead } from './contact-leads.repository';

/**
 * What changes to leads do to the contacts linked to them (`lead_ids`): each contact whose links change
 * gets a new version and `updated_at`, announced by `contact.updated`. A replay finds no link left to
 * change and changes nothing.
 */
async function announceRelinked(manager: EntityManager, tenantId: string, contactIds: string[], actor: EventActor | null, now: Date): Promise<void> {
  if (contactIds.length === 0) return;
  const contacts = await touchRecords(manager, CONTACTS, tenantId, contactIds, now);
  await publishRecords(manager, contactKind, 'updated', actor, contacts);
}

/** `lead.merged`: contacts linked to the merged-away lead are linked to the keeper instead. */
export async function followLeadMerge(event: CrmEvent, manager: EntityManager, now: Date): Promise<void> {
  const data = recordMergedData.parse(event.data);
  const contactIds = await moveContactLinksOfLead(manager, event.tenantid, data.merged_id, data.keeper_id);
  await announceRelinked(manager, event.tenantid, contactIds, event.actor, now);
}

/**
 * `lead.deleted` (architecture §1: a delete reaches every service): contacts are no longer linked to it. The
 * merged-away lead of a merge (`merged_into`) moves its links to the keeper, whichever of this and
 * `lead.merged` comes first.
 */
export async function followLeadDeleted(event: CrmEvent, manager: EntityManager, now: Date): Promise<void> {
  const data = deletedRecordOf(event.data);
  if (!data) return;
  const contactIds = data.mergedInto
    ? await moveContactLinksOfLead(manager, event.tenantid, data.id, data.mergedInto)
    : await unlinkLead(manager, event.tenantid, data.id);
  await announceRelinked(manager, event.tenantid, contactIds, event.actor, now);
}
