import type { PublishedEvent } from '@crm/platform';
import { recordMergedEvent, recordPublishedEvents } from '@crm/records';
import { SERVICE_NAME } from '../contacts/contact-kind';

/** The events contacts writes to its outbox: its contacts' changes, and their merges. */
export const PUBLISHED_EVENTS: readonly PublishedEvent[] = [...recordPublishedEvents('contact', SERVICE_NAME), recordMergedEvent('contact', SERVICE_NAME)];
