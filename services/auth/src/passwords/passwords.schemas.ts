import { emailField, nonBlankText } from '@crm/platform';
import { z } from 'zod';
import { givenPasswordField, newPasswordField } from '../common/fields.schemas';

export const changePasswordBody = z.strictObject({
  current_password: givenPasswordField,
  new_password: newPasswordField,
});
export type ChangePasswordInput = z.infer<typeof changePasswordBody>;

export const passwordResetBody = z.strictObject({
  email: emailField,
});

/** A link's token, as the e-mail gave it (taken as typed). */
export const linkTokenField = nonBlankText(512, { trim: false }).describe('The `token` of the link the e-mail carried.');

export const passwordResetConfirmBody = z.strictObject({
  token: linkTokenField,
  new_password: newPasswordField,
});
export type PasswordResetConfirmInput = z.infer<typeof passwordResetConfirmBody>;

/** The answer to a reset request: the same whether or not the address has an account. */
export const passwordResetAnswerSchema = z.strictObject({ detail: z.string() });
