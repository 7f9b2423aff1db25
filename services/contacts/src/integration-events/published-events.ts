import type { PublishedEvent } from '@crm/platform';
import { recordMergedEvent, recordPublishedEvents, recordsReassignedEvent } from '@crm/records';
import { SERVICE_NAME } from '../contacts/contact-kind';

/** The events contacts writes to its outbox: its contacts' changes, their merges, and its reports of reassignments. */
export const PUBLISHED_EVENTS: readonly PublishedEvent[] = [
  ...recordPublishedEvents('contact', SERVICE_NAME),
  recordMergedEvent('contact', SERVICE_NAME),
  recordsReassignedEvent(SERVICE_NAME),
];
