import { nonBlankText, requiredOr } from '@crm/platform';
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT } from '../passwords/password-rules';

const MAX_PASSWORD_LENGTH = 256;

/**
 * A new password: taken as typed (no trimming), at least 10 characters, with the other rules of
 * `passwords/password-rules.ts` (not common, not the e-mail address) checked where the address is known.
 */
export const newPasswordField = z
  .string(requiredOr('Must be a string.'))
  .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
  .max(MAX_PASSWORD_LENGTH, `Ensure this field has no more than ${MAX_PASSWORD_LENGTH} characters.`)
  .describe('At least 10 characters; not a common password; not the e-mail address or its part before the @.');

/** A password to check: any non-empty string; its length says nothing about an account. */
export const givenPasswordField = nonBlankText(MAX_PASSWORD_LENGTH, { trim: false });

export const roleField = z.enum(['admin', 'member'], requiredOr('Must be one of: admin, member.'));

export const booleanField = z.boolean(requiredOr('Must be true or false.'));
