import { type CrmEvent, type EntityManager, type EventHandler } from '@crm/platform';
import { applyProfileEvent, LEAD_CONVERTED, PROFILE_EVENT_TYPES } from '@crm/records';
import type { ServiceContext } from '../config';
import { createConvertedRecords } from '../conversion/lead-converted';
import { applyKnownRecordChanged, KNOWN_RECORD_TYPES } from '../known-records/known-records';
import { followDelete, followMerge } from '../merges/record-merged';

/** Runs inside the inbox transaction (write through `manager`); `context` gives the clock, logger, config. */
export type ConsumedEventHandler = (event: CrmEvent, manager: EntityManager, context: ServiceContext) => Promise<void>;

/**
 * What this service consumes, by event type; the queue is bound to exactly these keys, so adding a
 * handler here (lead conversion adds `lead.converted`) is all it takes.
 * - `profile.created|updated` → the profiles replica (owners' e-mail addresses, tenant membership);
 * - `contact.created|updated`, `lead.created|updated` → `known_records`, against which `contact_ids`,
 *   `contact_id` and `lead_id` are checked;
 * - `contact.deleted`, `lead.deleted` → dead in `known_records`, and every task and opportunity pointing
 *   to it cleared (`*.updated`); the merged-away record of a merge moves to its keeper instead;
 * - `contact.merged`, `lead.merged` → the redirect in `known_records` (the merged-away id is dead and
 *   names its keeper: a link to it written later lands on the keeper, chains followed), and every task
 *   and opportunity pointing to the merged-away record moved to the keeper (`*.updated`), whichever of
 *   `.merged` and `.deleted` comes first;
 * - `lead.converted` → the converted lead's account and opportunity (a merged-away contact or lead it
 *   names is linked as its keeper).
 */
export const EVENT_HANDLERS: Record<string, ConsumedEventHandler> = {
  ...Object.fromEntries(PROFILE_EVENT_TYPES.map((type) => [type, (event: CrmEvent, manager: EntityManager) => applyProfileEvent(manager, event)])),
  ...Object.fromEntries(
    KNOWN_RECORD_TYPES.flatMap((recordType) => [
      [`${recordType}.created`, (event: CrmEvent, manager: EntityManager) => applyKnownRecordChanged(manager, recordType, event)],
      [`${recordType}.updated`, (event: CrmEvent, manager: EntityManager) => applyKnownRecordChanged(manager, recordType, event)],
      [`${recordType}.deleted`, (event: CrmEvent, manager: EntityManager, context: ServiceContext) => followDelete(recordType, event, manager, context)],
      [`${recordType}.merged`, (event: CrmEvent, manager: EntityManager, context: ServiceContext) => followMerge(recordType, event, manager, context)],
    ]),
  ),
  [LEAD_CONVERTED]: createConvertedRecords,
};

/** The consumer's one handler: the one registered for the event's type. */
export const dispatchByType =
  (context: ServiceContext): EventHandler =>
  async (event, manager) => {
    await EVENT_HANDLERS[event.type]?.(event, manager, context);
  };
