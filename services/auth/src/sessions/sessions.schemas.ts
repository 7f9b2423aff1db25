import { emailField, nonBlankText } from '@crm/platform';
import { z } from 'zod';
import { givenPasswordField } from '../common/fields.schemas';

export const loginBody = z.strictObject({
  email: emailField,
  password: givenPasswordField,
});
export type LoginInput = z.infer<typeof loginBody>;

export const refreshBody = z.strictObject({
  refresh: nonBlankText(512, { trim: false }),
});
