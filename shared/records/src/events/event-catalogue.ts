import type { z } from 'zod';
import { LEAD_CONVERTED, leadConvertedData } from './lead-converted';
import { recordDeletedData } from './record-deleted';
import { CONTACT_MERGED, LEAD_MERGED, recordMergedData } from './record-merged';
import { WEB_FORM_SUBMISSION_RECEIVED, webFormSubmissionReceivedData } from './web-form-submission-received';

export interface CatalogueEntry {
  type: string;
  /** The service whose outbox writes it (the envelope's `source`). */
  producer: string;
  summary: string;
  /** The schema of `data`, where one is declared in code (the others carry the record as the API shows it). */
  data?: z.ZodType;
}

const recordEvents = (entity: string, producer: string, label: string): CatalogueEntry[] => [
  { type: `${entity}.created`, producer, summary: `A ${label} was created: the record as the API shows it, plus \`version\`.` },
  { type: `${entity}.updated`, producer, summary: `A ${label} changed: the record as the API shows it now, plus \`version\`.` },
  {
    type: `${entity}.deleted`,
    producer,
    summary: `A ${label} was deleted (also the merged-away one of a merge, then \`merged_into\` names the keeper): \`{id, assigned_to, version, merged_into}\`.`,
    data: recordDeletedData,
  },
];

/** Every event the platform publishes (architecture §4); the AsyncAPI document and the message pacts are built from it. */
export const EVENT_CATALOGUE: readonly CatalogueEntry[] = [
  { type: 'profile.created', producer: 'auth', summary: 'A user joined a tenant: `{id, user_id, email, role, sales_access, version}`.' },
  { type: 'profile.updated', producer: 'auth', summary: "A profile's role or sales access changed." },
  ...recordEvents('lead', 'leads', 'lead'),
  {
    type: LEAD_CONVERTED,
    producer: 'leads',
    summary: 'A lead was converted: the ids leads allocated for the account, contact and opportunity, which their services create idempotently.',
    data: leadConvertedData,
  },
  { type: LEAD_MERGED, producer: 'leads', summary: 'A lead was merged into another (subject: the keeper).', data: recordMergedData },
  {
    type: WEB_FORM_SUBMISSION_RECEIVED,
    producer: 'leads',
    summary: "A tenant's web form was submitted (subject: the submission): the lead it created or joined, and the fields as sent.",
    data: webFormSubmissionReceivedData,
  },
  ...recordEvents('contact', 'contacts', 'contact'),
  { type: CONTACT_MERGED, producer: 'contacts', summary: 'A contact was merged into another (subject: the keeper).', data: recordMergedData },
  ...recordEvents('account', 'accounts-opportunities', 'account'),
  ...recordEvents('opportunity', 'accounts-opportunities', 'opportunity'),
  ...recordEvents('task', 'accounts-opportunities', 'task'),
];

/** The event types a queue with these bindings receives (`#`: every one). */
export const eventTypesBoundBy = (bindings: readonly string[]): string[] =>
  bindings.includes('#') ? EVENT_CATALOGUE.map((entry) => entry.type) : [...bindings];

export function catalogueEntry(type: string): CatalogueEntry {
  const entry = EVENT_CATALOGUE.find((candidate) => candidate.type === type);
  if (!entry) throw new Error(`${type} is not in the event catalogue`);
  return entry;
}
