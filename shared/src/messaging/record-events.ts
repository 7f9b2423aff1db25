import type { Caller } from '../auth-context';
import type { EntityManager } from '../database';
import { createEvent, type EventActor } from './envelope';
import { enqueueEvent, enqueueEvents } from './outbox';

/** Who caused a change, as events name them. */
export const actorOf = (caller: Caller): EventActor => ({ user_id: caller.userId, profile_id: caller.profileId });

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
 * `<entity>.created` / `<entity>.updated` (DESIGN §7): the record as the API shows it, with its version,
 * so a consumer keeping a copy applies newer versions only.
 */
export function recordChangedEvent(change: RecordChange) {
  const { source, type, actor, record, view } = change;
  return createEvent({ source, type, subject: record.id, tenantId: record.tenantId, actor, data: { ...view, version: record.version } });
}

/** `<entity>.created` for many new records at once (an import), in one round trip per thousand. */
export async function enqueueRecordsCreated(
  manager: EntityManager,
  created: { source: string; type: string; actor: EventActor | null; records: readonly VersionedRecord[]; views: readonly object[] },
): Promise<void> {
  const { source, type, actor, records, views } = created;
  await enqueueEvents(
    manager,
    records.map((record, index) => recordChangedEvent({ source, type, actor, record, view: views[index]! })),
  );
}

/** `recordChangedEvent`, to the outbox of `manager`'s transaction. */
export async function enqueueRecordChanged(manager: EntityManager, change: RecordChange): Promise<void> {
  await enqueueEvent(manager, recordChangedEvent(change));
}

/**
 * `<entity>.deleted`: `{id, assigned_to: [owner profile ids], version}`, the version one past the last
 * change; `owners` is every owner the record had (one for a plain delete, more after a merge).
 */
export async function enqueueRecordDeleted(
  manager: EntityManager,
  event: { source: string; type: string; actor: EventActor | null; record: VersionedRecord; owners: string[] },
): Promise<void> {
  const { source, type, actor, record, owners } = event;
  await enqueueEvent(
    manager,
    createEvent({
      source,
      type,
      subject: record.id,
      tenantId: record.tenantId,
      actor,
      data: { id: record.id, assigned_to: owners, version: record.version + 1 },
    }),
  );
}
