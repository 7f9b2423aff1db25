import { optionalEmail, optionalText, ValidationError, validationErrorFromZod } from '@crm/platform';
import { CUSTOM_FIELD_COLUMN_PREFIX } from '@crm/records';
import { z } from 'zod';

/** The honeypot: a field a page hides from people; a bot fills it in. */
export const HONEYPOT_FIELD = 'website';

const NAME_MAX = 255;
const MESSAGE_MAX = 10_000;

/** The fields a web form may send (api-contract §8), each as the lead's own field would take it. */
const submissionFields = z.strictObject({
  first_name: optionalText(NAME_MAX).optional(),
  last_name: optionalText(NAME_MAX).optional(),
  email: optionalEmail.optional(),
  phone: optionalText(32).optional(),
  company_name: optionalText(NAME_MAX).optional(),
  title: optionalText(NAME_MAX).optional(),
  message: optionalText(MESSAGE_MAX).optional(),
});

export type SubmissionFields = z.output<typeof submissionFields>;

/** A custom field's value as a page can send it: text from a form, a number or true/false from JSON. */
const customText = z.union([z.string(), z.number(), z.boolean()], 'Must be text, a number or true/false.').nullable();

export interface Submission {
  fields: SubmissionFields;
  /** By key, as sent (text from a form); the lead takes those its definitions accept. */
  custom: Record<string, string | number | boolean>;
  /** Everything sent but the honeypot, as stored with the submission. */
  data: Record<string, unknown>;
}

/** True when the honeypot holds anything: the sender is taken for a bot. */
export const filledHoneypot = (body: Record<string, unknown>): boolean => {
  const value = body[HONEYPOT_FIELD];
  return value !== undefined && value !== null && value !== '';
};

/** A body's fields, checked: an unknown field or a field of the wrong type is a 400 on it. */
export function readSubmission(body: Record<string, unknown>): Submission {
  // No prototype: a `__proto__` field is a field like any other (unknown: refused), never the object's prototype.
  const known: Record<string, unknown> = Object.create(null);
  const custom: Record<string, string | number | boolean> = Object.create(null);
  const data: Record<string, unknown> = Object.create(null);
  const errors: Record<string, string> = Object.create(null);
  for (const [name, value] of Object.entries(body)) {
    if (name === HONEYPOT_FIELD) continue;
    if (name.startsWith(CUSTOM_FIELD_COLUMN_PREFIX) && name.length > CUSTOM_FIELD_COLUMN_PREFIX.length) {
      const parsed = customText.safeParse(value);
      if (!parsed.success) errors[name] = parsed.error.issues[0]!.message;
      else if (parsed.data !== null && parsed.data !== '') custom[name.slice(CUSTOM_FIELD_COLUMN_PREFIX.length)] = typeof parsed.data === 'string' ? parsed.data.trim() : parsed.data;
    } else {
      known[name] = value;
    }
    data[name] = value;
  }
  const parsed = submissionFields.safeParse(known);
  if (!parsed.success) {
    const zodErrors = validationErrorFromZod(parsed.error).errors;
    throw new ValidationError({ ...zodErrors, ...errors });
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { fields: parsed.data, custom, data };
}
