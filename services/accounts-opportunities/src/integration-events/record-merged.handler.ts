import type { IntegrationEventHandler } from '@crm/platform';
import { recordMergedData } from '@crm/records';
import type { ServiceContext } from '../config';
import type { KnownRecordType } from '../known-records/known-records';
import { moveToKeeper } from '../merges/record-merged';

/**
 * `lead.merged` / `contact.merged` (the merger as actor): the redirect in `known_records` (the merged-away id
 * is dead and names its keeper: a link to it written later lands on the keeper, chains followed), and every
 * task and opportunity pointing to the merged-away record moved to the keeper (`*.updated`), whichever of
 * `.merged` and `.deleted` comes first.
 */
export const onKnownRecordMerged =
  (type: KnownRecordType): IntegrationEventHandler<ServiceContext> =>
  async (event, manager, { clock }) => {
    const data = recordMergedData.parse(event.data);
    await moveToKeeper(manager, type, event.tenantid, { mergedId: data.merged_id, keeperId: data.keeper_id }, { actor: event.actor, now: clock() });
  };
