import { z } from 'zod';
import { NotFoundError } from '../errors';
import { isUuid } from './query-params';

/** "This field is required." when the key is missing, `message` when it holds the wrong type. */
export const requiredOr = (message: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? 'This field is required.' : message),
});

export const MAX_EMAIL_LENGTH = 254;

/**
 * A whole number from `min` to `max`, each fault in the contract's words (api-contract §2): "Must be a whole
 * number." for a fraction or another type, "Must be <max> or less." for any number past `max` (a bare
 * `z.int()` would call 1e20 "not a whole number": past the safe integers), "Must be <min> or more.".
 */
export const wholeNumber = (min: number, max: number) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? 'This field is required.' : issue.code === 'invalid_type' ? 'Must be a whole number.' : undefined) })
    .min(min, { error: `Must be ${min} or more.`, abort: true })
    .max(max, { error: `Must be ${max} or less.`, abort: true })
    .int('Must be a whole number.');

/** An e-mail address, trimmed and lower-cased before it is validated, stored or compared. */
export const emailField = z
  .string(requiredOr('Enter a valid e-mail address.'))
  .trim()
  .toLowerCase()
  .max(MAX_EMAIL_LENGTH, `Ensure this field has no more than ${MAX_EMAIL_LENGTH} characters.`)
  .pipe(z.email('Enter a valid e-mail address.'));

/** A path parameter that must be an id: a malformed one answers 404, like an id that does not exist. */
export function idParam(value: unknown): string {
  if (!isUuid(value)) throw new NotFoundError();
  return value;
}

/** A server-derived field in a request body: 400 on that field, whatever its value. */
export const readOnlyField = z
  .unknown()
  .refine(() => false, 'This field is read-only.')
  .optional()
  // Documented as OpenAPI's readOnly: shown in answers, never sent (renderers and clients leave it out of requests).
  .meta({ readOnly: true, description: 'Server-derived: refused in a request body (400 on this field).' });

export function readOnlyFields<const Names extends readonly string[]>(names: Names): Record<Names[number], typeof readOnlyField> {
  return Object.fromEntries(names.map((name) => [name, readOnlyField])) as Record<Names[number], typeof readOnlyField>;
}

/**
 * Required text that may not be blank, of at most `max` characters: trimmed, unless it is taken as typed
 * (a secret, a token).
 */
export const nonBlankText = (max: number, { trim = true, notText = 'Must be a string.' } = {}) => {
  const text = z.string(requiredOr(notText));
  return (trim ? text.trim() : text).min(1, 'This field may not be blank.').max(max, `Ensure this field has no more than ${max} characters.`);
};

/** Optional free text: trimmed; blank or null stored as null. */
export const optionalText = (max: number) =>
  z
    .string(requiredOr('Must be a string.'))
    .trim()
    .max(max, `Ensure this field has no more than ${max} characters.`)
    .nullable()
    .transform((value) => (value === '' || value === null ? null : value));

/** An optional e-mail address: validated when given; blank or null stored as null. */
export const optionalEmail = z
  .union([z.literal(''), z.null(), emailField])
  .transform((value) => (value === '' ? null : value));

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

/** A money amount (api-contract §3): a decimal string or number ≥ 0 with at most 2 places, stored as "1250.00". */
export const amountField = z
  .union([z.string(), z.number()], requiredOr('A valid amount is required.'))
  .nullable()
  .transform((value, ctx) => {
    if (value === null) return null;
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (!AMOUNT.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'Enter an amount of at least 0 with at most 2 decimal places.' });
      return z.NEVER;
    }
    return Number(text).toFixed(2);
  });

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/** An ISO 4217 currency code such as USD. */
export const currencyField = z
  .string(requiredOr('Enter an ISO 4217 currency code such as USD.'))
  .refine((code) => CURRENCIES.has(code), 'Enter an ISO 4217 currency code such as USD.');

export const MAX_TAGS = 50;
export const MAX_TAG_LENGTH = 64;

/** Tags on write: a list of strings, trimmed, de-duplicated, order kept. */
export const tagsField = z
  .array(
    z
      .string('Each tag must be a string.')
      .trim()
      .min(1, 'A tag may not be blank.')
      .max(MAX_TAG_LENGTH, `Ensure each tag has no more than ${MAX_TAG_LENGTH} characters.`),
    requiredOr('A list of tags is required.'),
  )
  .max(MAX_TAGS, `Ensure there are no more than ${MAX_TAGS} tags.`)
  .transform((tags) => [...new Set(tags)]);
