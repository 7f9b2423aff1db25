import { type CrmEvent, type EntityManager, type EventHandler } from '@crm/platform';
import { applyProfileEvent, LEAD_CONVERTED, LEAD_MERGED, PROFILE_EVENT_TYPES } from '@crm/records';
import { ACCOUNT_EVENT_TYPES, applyAccountChanged, applyAccountDeleted } from '../accounts/account-changes';
import { followLeadDeleted, followLeadMerge } from '../contact-leads/lead-changes';
import { createConvertedContact } from '../conversion/lead-converted';

/** Runs inside the inbox transaction (write through `manager`); `now` is the service's clock. */
type ConsumedEventHandler = (event: CrmEvent, manager: EntityManager, now: Date) => Promise<void>;

/**
 * What this service consumes, by event type; the queue is bound to exactly these keys, so a new handler
 * (lead conversion adds `lead.converted`) is one entry here.
 * - `profile.created|updated` → the profiles replica (owners' e-mail addresses, tenant membership);
 * - `account.created|updated|deleted` → the accounts replica (`account_id` checks, `account {id, name}`),
 *   and the contacts whose account was renamed or deleted;
 * - `lead.converted` → the converted lead's contact;
 * - `lead.merged` → links to the merged-away lead move to the keeper;
 * - `lead.deleted` → links to the deleted lead go (or move to the keeper of a merge).
 */
export const EVENT_HANDLERS: Readonly<Record<string, ConsumedEventHandler>> = {
  ...Object.fromEntries(PROFILE_EVENT_TYPES.map((type): [string, ConsumedEventHandler] => [type, (event, manager) => applyProfileEvent(manager, event)])),
  [ACCOUNT_EVENT_TYPES.created]: (event, manager, now) => applyAccountChanged(manager, event, now),
  [ACCOUNT_EVENT_TYPES.updated]: (event, manager, now) => applyAccountChanged(manager, event, now),
  [ACCOUNT_EVENT_TYPES.deleted]: (event, manager, now) => applyAccountDeleted(manager, event, now),
  [LEAD_CONVERTED]: (event, manager) => createConvertedContact(event, manager),
  [LEAD_MERGED]: followLeadMerge,
  'lead.deleted': followLeadDeleted,
};

/** The consumer's one handler: the one registered for the event's type (other types are not bound). */
export const dispatchByType =
  (clock: () => Date): EventHandler =>
  async (event, manager) => {
    await EVENT_HANDLERS[event.type]?.(event, manager, clock());
  };
