import type { IntegrationEventHandler } from '@crm/platform';
import { recordMergedData } from '@crm/records';
import { announceRelinked } from '../contact-leads/lead-changes';
import { moveContactLinksOfLead } from '../contact-leads/contact-leads.repository';
import type { ContactsDeps } from '../contacts-deps';

/** `lead.merged`: contacts linked to the merged-away lead are linked to the keeper instead. */
export const onLeadMerged: IntegrationEventHandler<ContactsDeps> = async (event, manager, { clock }) => {
  const data = recordMergedData.parse(event.data);
  const contactIds = await moveContactLinksOfLead(manager, event.tenantid, data.merged_id, data.keeper_id);
  await announceRelinked(manager, event.tenantid, contactIds, event.actor, clock());
};
