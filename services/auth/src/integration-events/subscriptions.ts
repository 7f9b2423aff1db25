import type { PlatformDeps, Subscriptions } from '@crm/platform';
import { onRecordsReassigned } from './records-reassigned.handler';

/**
 * What auth consumes, and what each event does here (the queue is bound to exactly these keys):
 * - `leads.records_reassigned`, `contacts.records_reassigned`, `accounts-opportunities.records_reassigned`
 *   → that service's counts join the reassignment; the last of the three completes it (api-contract §10.2).
 */
export const SUBSCRIPTIONS: Subscriptions<Pick<PlatformDeps<unknown>, 'clock'>> = {
  'leads.records_reassigned': onRecordsReassigned,
  'contacts.records_reassigned': onRecordsReassigned,
  'accounts-opportunities.records_reassigned': onRecordsReassigned,
};
