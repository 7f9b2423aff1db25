import type { Subscriptions } from '@crm/platform';
import { applyProfileEvent } from '@crm/records';
import type { ContactsDeps } from '../contacts-deps';
import { onAccountChanged, onAccountDeleted } from './account.handler';
import { onLeadConverted } from './lead-converted.handler';
import { onLeadDeleted } from './lead-deleted.handler';
import { onLeadMerged } from './lead-merged.handler';
import { onReassignmentRequested } from './reassignment-requested.handler';

/**
 * What contacts consumes, and what each event does here (the queue is bound to exactly these keys):
 * - `profile.created|updated` → the profiles replica (owners' e-mail addresses, tenant membership);
 * - `account.created|updated` → the accounts replica (`account_id` checks, `account {id, name}`), and the
 *   contacts showing a renamed account change with it (`contact.updated`);
 * - `account.deleted` → the account forgotten for good, its contacts made standalone (`contact.updated`);
 * - `lead.converted` → the converted lead's contact, linked to the lead (`contact.created`);
 * - `lead.merged` → links to the merged-away lead move to the keeper;
 * - `lead.deleted` → links to the deleted lead go (or move to the keeper of a merge);
 * - `profile.reassignment_requested` → the contacts owned by one member go to another, in batches
 *   (`contact.updated` each), then `contacts.records_reassigned`.
 */
export const SUBSCRIPTIONS: Subscriptions<ContactsDeps> = {
  'profile.created': applyProfileEvent,
  'profile.updated': applyProfileEvent,
  'account.created': onAccountChanged,
  'account.updated': onAccountChanged,
  'account.deleted': onAccountDeleted,
  'lead.converted': onLeadConverted,
  'lead.merged': onLeadMerged,
  'lead.deleted': onLeadDeleted,
  'profile.reassignment_requested': onReassignmentRequested,
};
