import type { IntegrationEventHandler } from '@crm/platform';
import { recordMergedData } from '@crm/records';
import { contactMerged } from '../conversion/lead-conversion.process';

/** `contact.merged`: a converted lead's contact follows its contact onto the keeper. */
export const onContactMerged: IntegrationEventHandler<unknown> = async (event, manager) => {
  const data = recordMergedData.parse(event.data);
  await contactMerged(manager, event.tenantid, data.merged_id, data.keeper_id);
};
