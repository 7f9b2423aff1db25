import { idSchema } from '@crm/records';
import { z } from 'zod';
import type { Profile } from './users.repository';

/** A profile as the users endpoints show it (the schema documents their answers). */
export const profileViewSchema = z.strictObject({
  id: idSchema,
  email: z.string(),
  role: z.enum(['admin', 'member']),
  sales_access: z.boolean(),
  is_active: z.boolean(),
  email_verified: z.boolean(),
});
export type ProfileView = z.infer<typeof profileViewSchema>;

export const profileView = (profile: Profile): ProfileView => ({
  id: profile.id,
  email: profile.email,
  role: profile.role,
  sales_access: profile.salesAccess,
  is_active: profile.isActive,
  email_verified: profile.emailVerified,
});
