import { z } from 'zod';
import { NotFoundError } from '../errors';
import { isUuid } from './query-params';

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

/** A path parameter that must be an id: a malformed one answers 404, like an id that does not exist. */
export function idParam(value: unknown): string {
  if (!isUuid(value)) throw new NotFoundError();
  return value;
}
