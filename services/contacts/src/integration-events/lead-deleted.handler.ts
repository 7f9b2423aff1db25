import type { IntegrationEventHandler } from '@crm/platform';
import { deletedRecordOf } from '@crm/records';
import { announceRelinked } from '../contact-leads/lead-changes';
import { moveContactLinksOfLead, unlinkLead } from '../contact-leads/contact-leads.repository';
import type { ContactsDeps } from '../contacts-deps';

/**
 * `lead.deleted` (architecture §1: a delete reaches every service): contacts are no longer linked to it. The
 * merged-away lead of a merge (`merged_into`) moves its links to the keeper, whichever of this and
 * `lead.merged` comes first.
 */
export const onLeadDeleted: IntegrationEventHandler<ContactsDeps> = async (event, manager, { clock }) => {
  const data = deletedRecordOf(event.data);
  if (!data) return;
  const contactIds = data.mergedInto
    ? await moveContactLinksOfLead(manager, event.tenantid, data.id, data.mergedInto)
    : await unlinkLead(manager, event.tenantid, data.id);
  await announceRelinked(manager, event.tenantid, contactIds, event.actor, clock());
};
