import { applyProfileEvent, LEAD_CONVERTED, LEAD_MERGED, PROFILE_EVENT_TYPES, type EventHandler } from '@crm/shared';
import { ACCOUNT_EVENT_TYPES, applyAccountChanged, applyAccountDeleted } from '../accounts/account-replica';
import { createConvertedContact } from '../conversion/lead-converted';
import { followLeadMerge } from '../merge/lead-merged';

/**
 * What this service consumes, by event type; the queue is bound to exactly these keys, so a new handler
 * (lead conversion adds `lead.converted`) is one entry here. Each runs inside the inbox transaction:
 * write through `manager`.
 * - `profile.created|updated` → the profiles replica (owners' e-mail addresses, tenant membership);
 * - `account.created|updated|deleted` → the accounts replica (`account_id` checks, `account {id, name}`);
 * - `lead.converted` → the converted lead's contact;
 * - `lead.merged` → links to the merged-away lead move to the keeper.
 */
export const EVENT_HANDLERS: Readonly<Record<string, EventHandler>> = {
  ...Object.fromEntries(PROFILE_EVENT_TYPES.map((type): [string, EventHandler] => [type, (event, manager) => applyProfileEvent(manager, event)])),
  [ACCOUNT_EVENT_TYPES.created]: (event, manager) => applyAccountChanged(manager, event),
  [ACCOUNT_EVENT_TYPES.updated]: (event, manager) => applyAccountChanged(manager, event),
  [ACCOUNT_EVENT_TYPES.deleted]: (event, manager) => applyAccountDeleted(manager, event),
  [LEAD_CONVERTED]: createConvertedContact,
  [LEAD_MERGED]: followLeadMerge,
};

/** The consumer's one handler: the one registered for the event's type (other types are not bound). */
export const dispatchByType: EventHandler = async (event, manager) => {
  await EVENT_HANDLERS[event.type]?.(event, manager);
};
