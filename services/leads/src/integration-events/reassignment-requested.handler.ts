import type { IntegrationEventHandler } from '@crm/platform';
import { acceptReassignment, reassignedCollection, runRecordReassignments } from '@crm/records';
import type { LeadsDeps } from '../leads-deps';
import { leadKind, SERVICE_NAME } from '../leads/lead-kind';

/**
 * `profile.reassignment_requested` (api-contract §10.2): the work is recorded with the inbox row; the
 * service's runner (`runLeadReassignments`) then gives every lead assigned to `from` to `to`, batch after
 * batch, each a `lead.updated`, and reports `leads.records_reassigned`.
 */
export const onReassignmentRequested: IntegrationEventHandler<unknown> = acceptReassignment;

/** Moves the leads of the reassignments accepted, from the service's start to its stop. */
export const runLeadReassignments = (deps: LeadsDeps): void =>
  runRecordReassignments(deps, { service: SERVICE_NAME, collections: [reassignedCollection('leads', leadKind)] });
