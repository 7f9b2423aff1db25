import type { PublishedEvent } from '@crm/platform';
import { REASSIGNMENT_REQUESTED, reassignmentRequestedData } from '@crm/records';

/** The events auth writes to its outbox: the profiles every other service keeps a replica of (`ProfileEventData`). */
export const PUBLISHED_EVENTS: readonly PublishedEvent[] = [
  { type: 'profile.created', producer: 'auth', summary: 'A user joined a tenant: `{id, user_id, email, role, sales_access, version}`.' },
  { type: 'profile.updated', producer: 'auth', summary: "A profile's role or sales access changed." },
  {
    type: 'profile.deactivated',
    producer: 'auth',
    summary: 'An admin deactivated a member: none of their credentials works any more; they stay the owner of their records. The profile as `profile.created` describes it.',
  },
  { type: 'profile.reactivated', producer: 'auth', summary: 'An admin reactivated a member: they may log in again (their old credentials stay ended).' },
  {
    type: REASSIGNMENT_REQUESTED,
    producer: 'auth',
    summary:
      "An admin asked for a member's records to go to another (subject: the reassignment; api-contract §10.2): every service owning records moves them " +
      'and reports `<service>.records_reassigned`.',
    data: reassignmentRequestedData,
  },
];
