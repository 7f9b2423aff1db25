import type { EventProducers } from '@crm/platform';

/**
 * Who publishes each event type: audit records every event (`#`), so this is the whole of the contracts'
 * catalogue (test/deploy/broker-users.test.ts holds them equal). An event is recorded only under its
 * producer's broker user-id (docs/security.md §10.2).
 */
export const PUBLISHERS: EventProducers = {
  auth: ['profile.created', 'profile.updated', 'profile.deactivated', 'profile.reactivated', 'profile.reassignment_requested'],
  leads: ['lead.created', 'lead.updated', 'lead.deleted', 'lead.converted', 'lead.merged', 'web_form_submission.received', 'leads.records_reassigned'],
  contacts: ['contact.created', 'contact.updated', 'contact.deleted', 'contact.merged', 'contacts.records_reassigned'],
  'accounts-opportunities': [
    'account.created',
    'account.updated',
    'account.deleted',
    'opportunity.created',
    'opportunity.updated',
    'opportunity.deleted',
    'task.created',
    'task.updated',
    'task.deleted',
    'accounts-opportunities.records_reassigned',
  ],
};
