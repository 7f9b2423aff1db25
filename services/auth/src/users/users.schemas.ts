import { paginationQuery, emailField } from '@crm/platform';
import { z } from 'zod';
import { booleanField, newPasswordField, roleField } from '../common/fields.schemas';

export const listUsersQuery = z.strictObject({
  ...paginationQuery,
  is_active: z.enum(['true', 'false'], 'Must be "true" or "false".').transform((value) => value === 'true').optional(),
});

export const addUserBody = z.strictObject({
  email: emailField,
  password: newPasswordField,
  role: roleField,
  sales_access: booleanField,
});
export type AddUserInput = z.infer<typeof addUserBody>;

export const updateUserBody = z.strictObject({
  role: roleField.optional(),
  sales_access: booleanField.optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserBody>;
