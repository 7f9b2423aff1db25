import { z } from 'zod';

/**
 * `web_form_submission.received` (api-contract §8): written by leads in the transaction that stores a
 * visitor's submission (subject: the submission). The lead it made is announced by its own
 * `lead.created` in the same transaction; a submission that joined an open lead changes nothing of it.
 */
export const WEB_FORM_SUBMISSION_RECEIVED = 'web_form_submission.received';

export const webFormSubmissionReceivedData = z.object({
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
