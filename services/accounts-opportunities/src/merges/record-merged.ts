import { type CrmEvent, type EntityManager } from '@crm/platform';
import { deletedRecordOf, recordMergedData, type ChangeContext } from '@crm/records';
import type { ServiceContext } from '../config';
import { markKnownRecordDeleted, rememberMerge, resolveMergedIds, type KnownRecordType } from '../known-records/known-records';
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
async function moveToKeeper(manager: EntityManager, type: KnownRecordType, tenantId: string, merge: { mergedId: string; keeperId: string }, change: ChangeContext): Promise<void> {
  // The redirect first: its row lock orders this merge with writes naming the merged-away id.
  await rememberMerge(manager, type, tenantId, merge.mergedId, merge.keeperId);
  const [keeperId] = await resolveMergedIds(manager, type, tenantId, [merge.keeperId]);
  const gone = { id: merge.mergedId, keeperId: keeperId! };
  await followKnownRecord(manager, taskKind, type, tenantId, gone, change);
  await followKnownRecord(manager, opportunityKind, type, tenantId, gone, change);
}

/** `lead.merged` / `contact.merged` (the merger as actor). */
export async function followMerge(type: KnownRecordType, event: CrmEvent, manager: EntityManager, context: ServiceContext): Promise<void> {
  const data = recordMergedData.parse(event.data);
  await moveToKeeper(manager, type, event.tenantid, { mergedId: data.merged_id, keeperId: data.keeper_id }, { actor: event.actor, now: context.clock() });
}

/**
 * `lead.deleted` / `contact.deleted` (architecture §1: a delete reaches every service): the record is dead in
 * the replica, and tasks and opportunities no longer point to it (`lead_id`, `contact_id` cleared, the
 * id dropped from `contact_ids`), each a change of the record. Marking it dead takes its row's lock
 * first, so a write that linked it has committed (and is cleared here), and a later one is refused.
 * The merged-away record of a merge (`merged_into`) moves to the keeper instead, as `*.merged` would
 * (and with its locks in the same order: a `*.merged` handled at the same time would otherwise deadlock).
 */
export async function followDelete(type: KnownRecordType, event: CrmEvent, manager: EntityManager, context: ServiceContext): Promise<void> {
  const data = deletedRecordOf(event.data);
  if (!data) return;
  const change = { actor: event.actor, now: context.clock() };
  if (data.mergedInto) {
    // The merge's locks in the merge's order (its id's advisory lock, then the row), as `*.merged` takes them.
    await moveToKeeper(manager, type, event.tenantid, { mergedId: data.id, keeperId: data.mergedInto }, change);
    await markKnownRecordDeleted(manager, type, event.tenantid, data.id, data.version);
    return;
  }
  await markKnownRecordDeleted(manager, type, event.tenantid, data.id, data.version);
  await followKnownRecord(manager, taskKind, type, event.tenantid, { id: data.id }, change);
  await followKnownRecord(manager, opportunityKind, type, event.tenantid, { id: data.id }, change);
}
