import { actorOf, enqueueRecordChanged, enqueueRecordDeleted, type EntityManager, type EventActor } from '@crm/shared';
import type { OwnedValues, StoredRecord } from './record-table';

export const SERVICE_NAME = 'accounts-opportunities';

/** The entities this service owns; also the prefix of their event types and their custom-field entity. */
export type EntityName = 'account' | 'opportunity' | 'task';

export { actorOf };

/** `<entity>.created` / `<entity>.updated`: the record as shown, with its version (architecture §7). */
export async function emitRecordChanged(
  manager: EntityManager,
  entity: EntityName,
  change: 'created' | 'updated',
  actor: EventActor | null,
  record: StoredRecord<OwnedValues>,
  view: { id: string },
): Promise<void> {
  await enqueueRecordChanged(manager, { source: SERVICE_NAME, type: `${entity}.${change}`, actor, record, view });
}

/** `<entity>.deleted`: `{id, assigned_to: [owner], version}`. */
export async function emitRecordDeleted(
  manager: EntityManager,
  entity: EntityName,
  actor: EventActor | null,
  record: StoredRecord<OwnedValues>,
): Promise<void> {
  await enqueueRecordDeleted(manager, {
    source: SERVICE_NAME,
    type: `${entity}.deleted`,
    actor,
    record,
    owners: [record.values.assigned_to],
  });
}
