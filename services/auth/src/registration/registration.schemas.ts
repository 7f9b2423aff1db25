import { emailField, nonBlankText } from '@crm/platform';
import { z } from 'zod';
import { newPasswordField } from '../common/fields.schemas';

export const registerBody = z.strictObject({
  org_name: nonBlankText(255),
  email: emailField,
  password: newPasswordField,
});
export type RegisterInput = z.infer<typeof registerBody>;
