import type { EventProducers } from '@crm/platform';

/**
 * Who publishes each event contacts consumes (the contracts' catalogue; test/deploy/broker-users.test.ts holds them
 * equal): an event is handled only under its producer's broker user-id (docs/security.md §10.2).
 */
export const PUBLISHERS: EventProducers = {
  auth: ['profile.created', 'profile.updated', 'profile.reassignment_requested'],
  leads: ['lead.converted', 'lead.merged', 'lead.deleted'],
  'accounts-opportunities': ['account.created', 'account.updated', 'account.deleted'],
};
