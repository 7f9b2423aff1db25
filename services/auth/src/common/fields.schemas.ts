import { isUuid, NotFoundError } from '@crm/shared';
import { z } from 'zod';

/** "This field is required." when the key is missing, `message` when it holds the wrong type. */
export const requiredOr = (message: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? 'This field is required.' : message),
});

export const MAX_EMAIL_LENGTH = 254;

/** An e-mail address, trimmed and lower-cased before it is validated, stored or compared. */
export const emailField = z
  .string(requiredOr('Enter a valid e-mail address.'))
  .trim()
  .toLowerCase()
  .max(MAX_EMAIL_LENGTH, `Ensure this field has no more than ${MAX_EMAIL_LENGTH} characters.`)
  .pipe(z.email('Enter a valid e-mail address.'));

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;

/** A new password: taken as typed (no trimming), at least 8 characters. */
export const newPasswordField = z
  .string(requiredOr('Must be a string.'))
  .min(MIN_PASSWORD_LENGTH, `Ensure this field has at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(MAX_PASSWORD_LENGTH, `Ensure this field has no more than ${MAX_PASSWORD_LENGTH} characters.`);

/** A password to check: any non-empty string; its length says nothing about an account. */
export const givenPasswordField = z
  .string(requiredOr('Must be a string.'))
  .min(1, 'This field may not be blank.')
  .max(MAX_PASSWORD_LENGTH, `Ensure this field has no more than ${MAX_PASSWORD_LENGTH} characters.`);

export const roleField = z.enum(['admin', 'member'], requiredOr('Must be "admin" or "member".'));

export const booleanField = z.boolean(requiredOr('Must be a boolean.'));

/** A path parameter that must be an id: a malformed one answers 404, like an id that does not exist. */
export function idParam(value: unknown): string {
  if (!isUuid(value)) throw new NotFoundError();
  return value;
}
