import type { PublishedEvent } from '@crm/platform';
import { recordMergedEvent, recordPublishedEvents, recordsReassignedEvent } from '@crm/records';
import { z } from 'zod';
import { SERVICE_NAME } from '../leads/lead-kind';

const id = z.uuid();
const text = z.string().nullable();

/**
 * `lead.converted` (api-contract §4): written by leads in the transaction that marks the lead converted
 * (`lead-conversion.process.ts`); accounts-opportunities creates the account and the opportunity, contacts
 * the contact, each once by the ids leads allocated (their inbox skips a redelivered message).
 */
export const LEAD_CONVERTED = 'lead.converted';

export const leadConvertedData = z.object({
  lead_id: id,
  /** Owner of every record the conversion creates (the lead's `assigned_to`). */
  owner_id: id,
  /** The profile that converted the lead: `created_by` of the new records. */
  converted_by: id,
  account: z.object({ id, name: z.string().min(1) }),
  contact: z.object({
    id,
    first_name: text,
    last_name: text,
    email: text,
    phone: text,
    title: text,
  }),
  opportunity: z
    .object({
      id,
      name: z.string().min(1),
      amount: z.string(),
      currency: z.string().length(3),
    })
    .nullable(),
  /** The lead as it is now (converted), with its version. */
  lead: z.record(z.string(), z.unknown()),
});

export type LeadConvertedData = z.infer<typeof leadConvertedData>;

/**
 * `web_form_submission.received` (api-contract §8): written by leads in the transaction that stores a
 * visitor's submission (subject: the submission). The lead it made is announced by its own
 * `lead.created` in the same transaction; a submission that joined an open lead changes nothing of it.
 */
export const WEB_FORM_SUBMISSION_RECEIVED = 'web_form_submission.received';

const webFormSubmissionReceivedData = z.object({
  id: z.uuid(),
  form: z.object({ id: z.uuid(), name: z.string() }),
  lead_id: z.uuid(),
  /** True when the submission created its lead; false when it joined an open lead with the same e-mail. */
  lead_created: z.boolean(),
  /** The fields as the visitor sent them (the honeypot left out), custom fields as `cf_<key>`. */
  data: z.record(z.string(), z.unknown()),
  received_at: z.string(),
});

export type WebFormSubmissionReceivedData = z.infer<typeof webFormSubmissionReceivedData>;

/** The events leads writes to its outbox. */
export const PUBLISHED_EVENTS: readonly PublishedEvent[] = [
  ...recordPublishedEvents('lead', SERVICE_NAME),
  {
    type: LEAD_CONVERTED,
    producer: SERVICE_NAME,
    summary: 'A lead was converted: the ids leads allocated for the account, contact and opportunity, which their services create idempotently.',
    data: leadConvertedData,
  },
  recordMergedEvent('lead', SERVICE_NAME),
  {
    type: WEB_FORM_SUBMISSION_RECEIVED,
    producer: SERVICE_NAME,
    summary: "A tenant's web form was submitted (subject: the submission): the lead it created or joined, and the fields as sent.",
    data: webFormSubmissionReceivedData,
  },
  recordsReassignedEvent(SERVICE_NAME),
];
