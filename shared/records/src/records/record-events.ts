import type { Caller } from '@crm/platform';
import type { EntityManager } from '@crm/platform';
import { createEvent, type EventActor } from '@crm/platform';
import { enqueueEvent, enqueueEvents } from '@crm/platform';

/** Who caused a change, as events name them. */
export const actorOf = (caller: Caller): EventActor | null =>
  caller.credential.kind === 'web_form' ? null : { user_id: caller.userId, profile_id: caller.profileId };

/** The record an event is about: its id, tenant and version (+1 per change). */
export interface VersionedRecord {
  id: string;
  tenantId: string;
  version: number;
}

/** A created or updated record, as its event describes it. */
export interface RecordChange {
  source: string;
  type: string;
  actor: EventActor | null;
  record: VersionedRecord;
  view: object;
}

/**
 * A record as its `<entity>.created|updated` events carry it (architecture §4), and as its owner's internal
 * lookup answers it: the record as the API shows it, with its version, so a consumer keeping a copy
 * applies newer versions only.
 */
export const recordEventData = (view: object, version: number): Record<string, unknown> => ({ ...view, version });

/** `<entity>.created` / `<entity>.updated`: `recordEventData`. */
export function recordChangedEvent(change: RecordChange) {
  const { source, type, actor, record, view } = change;
  return createEvent({ source, type, subject: record.id, tenantId: record.tenantId, actor, data: recordEventData(view, record.version) });
}

/** `<entity>.created` / `<entity>.updated` for many records at once (an import, a reassignment), in one round trip per thousand. */
export async function enqueueRecordChanges(
  manager: EntityManager,
  changes: { source: string; type: string; actor: EventActor | null; records: readonly VersionedRecord[]; views: readonly object[] },
): Promise<void> {
  const { source, type, actor, records, views } = changes;
  await enqueueEvents(
    manager,
    records.map((record, index) => recordChangedEvent({ source, type, actor, record, view: views[index]! })),
  );
}

/**
 * `<entity>.deleted` (`recordDeletedData`): `{id, assigned_to: [owner profile ids], version, merged_into}`,
 * the version one past the last change; `owners` is every owner the record had (one for a plain delete,
 * more after a merge); `mergedInto` the keeper when a merge deletes it.
 */
export async function enqueueRecordDeleted(
  manager: EntityManager,
  event: { source: string; type: string; actor: EventActor | null; record: VersionedRecord; owners: string[]; mergedInto?: string },
): Promise<void> {
  const { source, type, actor, record, owners, mergedInto } = event;
  await enqueueEvent(
    manager,
    createEvent({
      source,
      type,
      subject: record.id,
      tenantId: record.tenantId,
      actor,
      data: { id: record.id, assigned_to: owners, version: record.version + 1, merged_into: mergedInto ?? null },
    }),
  );
}
