import type { Subscriptions } from '@crm/platform';
import { applyProfileEvent } from '@crm/records';
import type { ServiceContext } from '../config';
import { onLeadConverted } from './lead-converted.handler';
import { onReassignmentRequested } from './reassignment-requested.handler';
import { onKnownRecordChanged } from './record-changed.handler';
import { onKnownRecordDeleted } from './record-deleted.handler';
import { onKnownRecordMerged } from './record-merged.handler';

/**
 * What accounts-opportunities consumes, and what each event does here (the queue is bound to exactly these keys):
 * - `profile.created|updated` → the profiles replica (owners' e-mail addresses, tenant membership);
 * - `contact.created|updated`, `lead.created|updated` → `known_records`, against which `contact_ids`,
 *   `contact_id` and `lead_id` are checked;
 * - `contact.deleted`, `lead.deleted` → dead in `known_records`, and every task and opportunity pointing
 *   to it cleared (`*.updated`); the merged-away record of a merge moves to its keeper instead;
 * - `contact.merged`, `lead.merged` → the redirect in `known_records`, and every task and opportunity
 *   pointing to the merged-away record moved to the keeper (`*.updated`);
 * - `lead.converted` → the converted lead's account and opportunity (`account.created`, `opportunity.created`;
 *   a merged-away contact or lead it names is linked as its keeper);
 * - `profile.reassignment_requested` → the accounts, opportunities and tasks assigned to one member go to
 *   another, in batches (`*.updated` each), then `accounts-opportunities.records_reassigned`.
 */
export const SUBSCRIPTIONS: Subscriptions<ServiceContext> = {
  'profile.created': applyProfileEvent,
  'profile.updated': applyProfileEvent,
  'contact.created': onKnownRecordChanged('contact'),
  'contact.updated': onKnownRecordChanged('contact'),
  'contact.deleted': onKnownRecordDeleted('contact'),
  'contact.merged': onKnownRecordMerged('contact'),
  'lead.created': onKnownRecordChanged('lead'),
  'lead.updated': onKnownRecordChanged('lead'),
  'lead.deleted': onKnownRecordDeleted('lead'),
  'lead.merged': onKnownRecordMerged('lead'),
  'lead.converted': onLeadConverted,
  'profile.reassignment_requested': onReassignmentRequested,
};
