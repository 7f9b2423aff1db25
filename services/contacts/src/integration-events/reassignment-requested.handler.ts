import type { IntegrationEventHandler } from '@crm/platform';
import { acceptReassignment, reassignedCollection, runRecordReassignments } from '@crm/records';
import { contactKind, SERVICE_NAME } from '../contacts/contact-kind';
import type { ContactsDeps } from '../contacts-deps';

/**
 * `profile.reassignment_requested` (api-contract §10.2): the work is recorded with the inbox row; the
 * service's runner (`runContactReassignments`) then gives every contact owned by `from` to `to`, batch
 * after batch, each a `contact.updated`, and reports `contacts.records_reassigned`.
 */
export const onReassignmentRequested: IntegrationEventHandler<unknown> = acceptReassignment;

/** Moves the contacts of the reassignments accepted, from the service's start to its stop. */
export const runContactReassignments = (deps: ContactsDeps): void =>
  runRecordReassignments(deps, { service: SERVICE_NAME, collections: [reassignedCollection('contacts', contactKind)] });
