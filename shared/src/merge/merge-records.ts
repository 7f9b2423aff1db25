import { z } from 'zod';
import { requireDeleteRight, requireSalesAccess, type Caller, type RecordOwnership } from '../auth-context';
import type { DataSource, EntityManager } from '../database';
import { ValidationError } from '../errors';
import { recordMergedData, type RecordMergedData } from '../events/record-merged';
import { requiredOr } from '../http/fields';
import { uuidParam } from '../http/query-params';
import { actorOf, createEvent, enqueueEvent, enqueueRecordDeleted } from '../messaging';
import { moveRecordNotes } from '../record-notes';
import { sameValues } from '../records';
import { mergeValues, type FillGroup, type MergeableValues } from './merge-values';

/** `POST /api/<entity>/<keeper_id>/merge/` body: the id of the record merged away (malformed: 400). */
export const mergeBody = z.strictObject({
  merge_id: z.string(requiredOr('Enter a valid id.')).pipe(uuidParam),
});

/** A stored record a merge can take part in: its ownership (who may open and delete it), id and version. */
export interface MergeableRecord extends RecordOwnership, MergeableValues {
  id: string;
  version: number;
}

/**
 * What a merge needs to know of an entity (leads, contacts): how to open and lock a record, how its
 * values combine, how to store and show the keeper, what else the service links to a record, and who
 * owns it. The merge itself (`mergeRecords`) is written once.
 */
export interface MergeableEntity<R extends MergeableRecord, View> {
  /** `lead` | `contact`: the prefix of its events and the record type of its notes and files. */
  entity: string;
  /** The service that owns the entity: the events' `source`. */
  source: string;
  /** The record if the caller may open it (else 404, as for a random id), locked for the transaction. */
  openForUpdate(manager: EntityManager, caller: Caller, id: string): Promise<R>;
  /** Refusals particular to the entity (a converted lead: 400). */
  check?(keeper: R, merged: R): void;
  fillGroups: readonly FillGroup<R>[];
  /** The keeper's whatever the other holds (status, board position, owner). */
  keptAsIs: readonly (keyof R & string)[];
  update(manager: EntityManager, id: string, values: R, now: Date): Promise<R>;
  view(manager: EntityManager, record: R): Promise<View>;
  /** The keeper's view as the caller is answered it, where that differs (names they may not see). */
  asSeenBy?(manager: EntityManager, caller: Caller, view: View): Promise<View>;
  /** `<entity>.updated` for the keeper, as any change of it announces itself. */
  emitUpdated(manager: EntityManager, caller: Caller, view: View, version: number): Promise<void>;
  /**
   * Moves what the service itself links to the merged record, other than notes and files; true when
   * that changed the keeper's view (a contact's `lead_ids`), which then counts as a change of it.
   */
  moveLinks?(manager: EntityManager, tenantId: string, fromId: string, toId: string): Promise<boolean>;
  remove(manager: EntityManager, id: string): Promise<void>;
  /** Every owner the record had: its `*.deleted` event's `assigned_to`. */
  owners(record: R): string[];
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
 * Merges `mergeId` into `keeperId` (api-contract §6), in one transaction: both rows are
 * locked in id order (two merges of one pair, either way round, queue instead of deadlocking; the
 * second finds one record gone: 404); either hidden or missing: 404; no right to delete the merged-away
 * record: 403. The keeper takes the combined values (`<entity>.updated` when they changed), notes,
 * files and the service's own links move to it, the other record is deleted; `<entity>.merged` tells
 * every other service to move its links and is the audit entry; `<entity>.deleted` names every owner.
 */
export async function mergeRecords<R extends MergeableRecord, View>(
  dataSource: DataSource,
  entity: MergeableEntity<R, View>,
  request: MergeRequest,
): Promise<View> {
  const { caller, keeperId, mergeId, now } = request;
  checkMergeRequest(caller, keeperId, mergeId);
  return dataSource.transaction(async (manager) => {
    const locked = new Map<string, R>();
    for (const id of [keeperId, mergeId].sort()) locked.set(id, await entity.openForUpdate(manager, caller, id));
    const keeper = locked.get(keeperId)!;
    const merged = locked.get(mergeId)!;
    requireDeleteRight(caller, merged);
    entity.check?.(keeper, merged);

    await moveRecordNotes(manager, entity.entity, mergeId, keeperId);
    const linksMoved = (await entity.moveLinks?.(manager, caller.tenantId, mergeId, keeperId)) ?? false;
    await entity.remove(manager, mergeId);

    const combined = mergeValues(keeper, merged, entity.fillGroups, entity.keptAsIs);
    let kept = keeper;
    let view: View;
    if (sameValues(combined.values, keeper) && !linksMoved) {
      view = await entity.view(manager, keeper);
    } else {
      kept = await entity.update(manager, keeperId, combined.values, now);
      view = await entity.view(manager, kept);
      await entity.emitUpdated(manager, caller, view, kept.version);
    }

    const owners = entity.owners(merged);
    const data: RecordMergedData = recordMergedData.parse({
      keeper_id: keeperId,
      merged_id: mergeId,
      fields_from_keeper: combined.fromKeeper,
      fields_from_merged: combined.fromMerged,
      merged_assigned_to: owners,
      keeper_version: kept.version,
    });
    const actor = actorOf(caller);
    await enqueueEvent(
      manager,
      createEvent({ source: entity.source, type: `${entity.entity}.merged`, subject: keeperId, tenantId: caller.tenantId, actor, data }),
    );
    await enqueueRecordDeleted(manager, { source: entity.source, type: `${entity.entity}.deleted`, actor, record: merged, owners, mergedInto: keeperId });
    return entity.asSeenBy ? entity.asSeenBy(manager, caller, view) : view;
  });
}
