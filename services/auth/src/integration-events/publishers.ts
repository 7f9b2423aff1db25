import type { EventProducers } from '@crm/platform';

/**
 * Who publishes each event auth consumes (the contracts' catalogue; test/deploy/broker-users.test.ts holds them
 * equal): an event is handled only under its producer's broker user-id (docs/security.md §10.2).
 */
export const PUBLISHERS: EventProducers = {
  leads: ['leads.records_reassigned'],
  contacts: ['contacts.records_reassigned'],
  'accounts-opportunities': ['accounts-opportunities.records_reassigned'],
};
