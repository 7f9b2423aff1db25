import { emailField, requiredOr } from '@crm/shared';
import { z } from 'zod';
import { givenPasswordField } from '../common/fields.schemas';

export const loginBody = z.strictObject({
  email: emailField,
  password: givenPasswordField,
});
export type LoginInput = z.infer<typeof loginBody>;

export const refreshBody = z.strictObject({
  refresh: z
    .string(requiredOr('Must be a string.'))
    .min(1, 'This field may not be blank.')
    .max(512, 'Ensure this field has no more than 512 characters.'),
});
