import type { Subscriptions } from '@crm/platform';
import { applyProfileEvent } from '@crm/records';
import { onContactMerged } from './contact-merged.handler';
import { onReassignmentRequested } from './reassignment-requested.handler';
import { onConvertedRecordCreated } from './record-created.handler';

/**
 * What leads consumes, and what each event does here (the queue is bound to exactly these keys):
 * - `profile.created|updated` → the profiles replica (owners' e-mail addresses, tenant membership);
 * - `account.created`, `contact.created`, `opportunity.created` → a record a conversion handed out is made:
 *   ready, and the conversion complete once all are (its waiting request wakes);
 * - `contact.merged` → a conversion's contact follows it onto the keeper;
 * - `profile.reassignment_requested` → the leads assigned to one member go to another, in batches (`lead.updated`
 *   each), then `leads.records_reassigned`.
 */
export const SUBSCRIPTIONS: Subscriptions<unknown> = {
  'profile.created': applyProfileEvent,
  'profile.updated': applyProfileEvent,
  'account.created': onConvertedRecordCreated('account'),
  'contact.created': onConvertedRecordCreated('contact'),
  'opportunity.created': onConvertedRecordCreated('opportunity'),
  'contact.merged': onContactMerged,
  'profile.reassignment_requested': onReassignmentRequested,
};
