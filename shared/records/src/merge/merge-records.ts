import { z } from 'zod';
import { requireDeleteRight, requireSalesAccess } from '../records/record-ownership';
import { type Caller } from '@crm/platform';
import type { DataSource, EntityManager } from '@crm/platform';
import { ValidationError } from '@crm/platform';
import { recordMergedData, type RecordMergedData } from '../events/record-merged';
import { requiredOr } from '@crm/platform';
import { uuidParam } from '@crm/platform';
import { actorOf } from '../records/record-events';
import { createEvent, enqueueEvent } from '@crm/platform';
import { moveRecordNotes } from '../record-notes';
import { openRecord, ownershipOf } from '../records/record-access';
import { publishRecordDeleted, publishRecords, unchanged, type AnyRecordKind } from '../records/record-kind';
import { deleteRecord, ownerOf, updateRecord, type OwnedValues, type StoredRecord } from '../records/record-table';
import { seenBy } from '../records/record-use-cases';
import { mergeValues, type FillGroup } from './merge-values';

/** `POST /api/<entity>/<keeper_id>/merge/` body: the id of the record merged away (malformed: 400). */
export const mergeBody = z.strictObject({
  merge_id: z.string(requiredOr('Enter a valid id.')).pipe(uuidParam),
});

/**
 * What a merge needs to know of an entity besides its record kind: how its values
 * combine, what else the service links to a record, and its own refusals. The merge itself
 * (`mergeRecords`) is written once.
 */
export interface MergeableEntity<V extends OwnedValues, View extends { id: string }> {
  kind: AnyRecordKind<V, View>;
  /** Refusals particular to the entity (a record in a state that may not merge: 400). */
  check?(keeper: V, merged: V): void;
  fillGroups: readonly FillGroup<V>[];
  /** The keeper's whatever the other holds (status, board position, owner). */
  keptAsIs: readonly (keyof V & string)[];
  /** Stores the keeper's combined values, where the entity's store does more than `updateRecord`. */
  update?(manager: EntityManager, id: string, values: V, now: Date): Promise<StoredRecord<V>>;
  /**
   * Moves what the service itself links to the merged record, other than notes and files; true when
   * that changed the keeper's view (a list of linked records), which then counts as a change of it.
   */
  moveLinks?(manager: EntityManager, tenantId: string, fromId: string, toId: string): Promise<boolean>;
}

export interface MergeRequest {
  caller: Caller;
  keeperId: string;
  mergeId: string;
  now: Date;
}

/** The refusals that need no record: a member without sales access (403), a record merged into itself (400). */
function checkMergeRequest(caller: Caller, keeperId: string, mergeId: string): void {
  requireSalesAccess(caller);
  if (keeperId === mergeId) throw ValidationError.field('merge_id', 'A record cannot be merged into itself.');
}

/**
 * Merges `mergeId` into `keeperId` (api-contract §4), in one transaction: both rows are
 * locked in id order (two merges of one pair, either way round, queue instead of deadlocking; the
 * second finds one record gone: 404); either hidden or missing: 404; no right to delete the merged-away
 * record: 403. The keeper takes the combined values (`<entity>.updated` when they changed), notes,
 * files and the service's own links move to it, the other record is deleted; `<entity>.merged` tells
 * every other service to move its links and is the audit entry; `<entity>.deleted` names every owner.
 */
export async function mergeRecords<V extends OwnedValues, View extends { id: string }>(
  dataSource: DataSource,
  entity: MergeableEntity<V, View>,
  request: MergeRequest,
): Promise<View> {
  const { caller, keeperId, mergeId, now } = request;
  const { kind } = entity;
  checkMergeRequest(caller, keeperId, mergeId);
  return dataSource.transaction(async (manager) => {
    const locked = new Map<string, StoredRecord<V>>();
    for (const id of [keeperId, mergeId].sort()) locked.set(id, await openRecord(manager, kind.table, caller, id, true));
    const keeper = locked.get(keeperId)!;
    const merged = locked.get(mergeId)!;
    requireDeleteRight(caller, ownershipOf(kind.table, merged));
    entity.check?.(keeper.values, merged.values);

    await moveRecordNotes(manager, kind.entity, mergeId, keeperId);
    const linksMoved = (await entity.moveLinks?.(manager, caller.tenantId, mergeId, keeperId)) ?? false;
    await deleteRecord(manager, kind.table, mergeId);

    const combined = mergeValues(keeper.values, merged.values, entity.fillGroups, entity.keptAsIs);
    const actor = actorOf(caller);
    let kept = keeper;
    let view: View;
    if (unchanged(kind.table, combined.values, keeper.values) && !linksMoved) {
      [view] = (await kind.views(manager, caller.tenantId, [keeper])) as [View];
    } else {
      kept = await (entity.update ?? ((db, id, values, at) => updateRecord(db, kind.table, id, values, at)))(manager, keeperId, combined.values, now);
      [view] = (await publishRecords(manager, kind, 'updated', actor, [kept])) as [View];
    }

    const owners = [ownerOf(kind.table, merged.values)];
    const data: RecordMergedData = recordMergedData.parse({
      keeper_id: keeperId,
      merged_id: mergeId,
      fields_from_keeper: combined.fromKeeper,
      fields_from_merged: combined.fromMerged,
      merged_assigned_to: owners,
      keeper_version: kept.version,
    });
    await enqueueEvent(
      manager,
      createEvent({ source: kind.source, type: `${kind.entity}.merged`, subject: keeperId, tenantId: caller.tenantId, actor, data }),
    );
    await publishRecordDeleted(manager, kind, actor, merged, { owners, mergedInto: keeperId });
    return (await seenBy(manager, kind, caller, [view]))[0]!;
  });
}
