import { emailField, requiredOr } from '@crm/shared';
import { z } from 'zod';
import { newPasswordField } from '../common/fields.schemas';

export const registerBody = z.strictObject({
  org_name: z
    .string(requiredOr('Must be a string.'))
    .trim()
    .min(1, 'This field may not be blank.')
    .max(255, 'Ensure this field has no more than 255 characters.'),
  email: emailField,
  password: newPasswordField,
});
export type RegisterInput = z.infer<typeof registerBody>;
