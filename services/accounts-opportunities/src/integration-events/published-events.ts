import type { PublishedEvent } from '@crm/platform';
import { recordPublishedEvents, recordsReassignedEvent } from '@crm/records';
import { SERVICE_NAME } from '../records/service-kind';

/** The events accounts-opportunities writes to its outbox: the changes of its accounts, opportunities and tasks, and its reports of reassignments. */
export const PUBLISHED_EVENTS: readonly PublishedEvent[] = [
  ...recordPublishedEvents('account', SERVICE_NAME),
  ...recordPublishedEvents('opportunity', SERVICE_NAME),
  ...recordPublishedEvents('task', SERVICE_NAME),
  recordsReassignedEvent(SERVICE_NAME),
];
