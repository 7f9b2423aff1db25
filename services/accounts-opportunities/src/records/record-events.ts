import { createEvent, enqueueEvent, type Caller, type EntityManager, type EventActor } from '@crm/shared';
import type { OwnedValues, StoredRecord } from './record-table';

export const SERVICE_NAME = 'accounts-opportunities';

/** The entities this service owns; also the prefix of their event types and their custom-field entity. */
export type EntityName = 'account' | 'opportunity' | 'task';

export const actorOf = (caller: Caller): EventActor => ({ user_id: caller.userId, profile_id: caller.profileId });

/**
 * `<entity>.created` / `<entity>.updated`: the record as the API shows it, with its version (+1 per
 * change), so a consumer keeping a copy applies newer versions only (DESIGN §7).
 */
export async function emitRecordChanged(
  manager: EntityManager,
  entity: EntityName,
  change: 'created' | 'updated',
  actor: EventActor | null,
  record: StoredRecord<OwnedValues>,
  view: { id: string },
): Promise<void> {
  await enqueueEvent(
    manager,
    createEvent({
      source: SERVICE_NAME,
      type: `${entity}.${change}`,
      subject: record.id,
      tenantId: record.tenantId,
      actor,
      data: { ...view, version: record.version },
    }),
  );
}

/** `<entity>.deleted`: `{id, assigned_to: [owner profile ids], version}`, the version one past the last change. */
export async function emitRecordDeleted(
  manager: EntityManager,
  entity: EntityName,
  actor: EventActor | null,
  record: StoredRecord<OwnedValues>,
): Promise<void> {
  await enqueueEvent(
    manager,
    createEvent({
      source: SERVICE_NAME,
      type: `${entity}.deleted`,
      subject: record.id,
      tenantId: record.tenantId,
      actor,
      data: { id: record.id, assigned_to: [record.values.assigned_to], version: record.version + 1 },
    }),
  );
}
