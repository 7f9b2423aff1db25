import { recordMergedData, type CrmEvent, type EntityManager } from '@crm/shared';
import type { ServiceContext } from '../config';
import { rememberMerge, resolveMergedIds, type KnownRecordType } from '../known-records/known-records';
import { opportunityKind } from '../opportunities/opportunities.domain';
import { moveKnownReferences } from '../records/known-references';
import { taskKind } from '../tasks/tasks.domain';

/**
 * `lead.merged` / `contact.merged` (DESIGN §6): the replica remembers that the merged-away record now
 * names the keeper, and every task and opportunity of the tenant pointing to it points to the keeper
 * instead (`task.updated` / `opportunity.updated`, the merger as actor). Delivery is at least once and
 * unordered: the merged-away record's `.deleted` may come before or after, the keeper may have been
 * merged further already (then what moves lands on the last keeper), and a replay finds nothing left
 * to move, so it changes and emits nothing.
 */
export async function followMerge(type: KnownRecordType, event: CrmEvent, manager: EntityManager, context: ServiceContext): Promise<void> {
  const data = recordMergedData.parse(event.data);
  // The redirect first: its row lock orders this merge with writes naming the merged-away id.
  await rememberMerge(manager, type, event.tenantid, data.merged_id, data.keeper_id);
  const [keeperId] = await resolveMergedIds(manager, type, event.tenantid, [data.keeper_id]);
  const merge = { mergedId: data.merged_id, keeperId: keeperId! };
  const change = { actor: event.actor, now: context.clock() };
  await moveKnownReferences(manager, taskKind, type, event.tenantid, merge, change);
  await moveKnownReferences(manager, opportunityKind, type, event.tenantid, merge, change);
}
