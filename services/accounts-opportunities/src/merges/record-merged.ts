import { type EntityManager } from '@crm/platform';
import { type ChangeContext } from '@crm/records';
import { rememberMerge, resolveMergedIds, type KnownRecordType } from '../known-records/known-records';
import { opportunityKind } from '../opportunities/opportunities.domain';
import { followKnownRecord } from '../records/known-references';
import { taskKind } from '../tasks/tasks.domain';

/**
 * A contact or lead merged away (api-contract §4): the replica remembers that it now names the keeper, and
 * every task and opportunity of the tenant pointing to it points to the keeper instead
 * (`task.updated` / `opportunity.updated`). Delivery is at least once and unordered: `<type>.merged`
 * and the merged-away record's `<type>.deleted` (which names the keeper too) may come in either order,
 * the keeper may have been merged further already (then what moves lands on the last keeper), and a
 * replay finds nothing left to move, so it changes and emits nothing.
 */
export async function moveToKeeper(manager: EntityManager, type: KnownRecordType, tenantId: string, merge: { mergedId: string; keeperId: string }, change: ChangeContext): Promise<void> {
  // The redirect first: its row lock orders this merge with writes naming the merged-away id.
  await rememberMerge(manager, type, tenantId, merge.mergedId, merge.keeperId);
  const [keeperId] = await resolveMergedIds(manager, type, tenantId, [merge.keeperId]);
  const gone = { id: merge.mergedId, keeperId: keeperId! };
  await followKnownRecord(manager, taskKind, type, tenantId, gone, change);
  await followKnownRecord(manager, opportunityKind, type, tenantId, gone, change);
}
