import { nonBlankText, requiredOr } from '@crm/platform';
import { z } from 'zod';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;

/** A new password: taken as typed (no trimming), at least 8 characters. */
export const newPasswordField = z
  .string(requiredOr('Must be a string.'))
  .min(MIN_PASSWORD_LENGTH, `Ensure this field has at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(MAX_PASSWORD_LENGTH, `Ensure this field has no more than ${MAX_PASSWORD_LENGTH} characters.`);

/** A password to check: any non-empty string; its length says nothing about an account. */
export const givenPasswordField = nonBlankText(MAX_PASSWORD_LENGTH, { trim: false });

export const roleField = z.enum(['admin', 'member'], requiredOr('Must be "admin" or "member".'));

export const booleanField = z.boolean(requiredOr('Must be a boolean.'));
