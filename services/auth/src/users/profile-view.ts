import type { Profile } from './users.repository';

/** A profile as the users endpoints show it. */
export interface ProfileView {
  id: string;
  email: string;
  role: Profile['role'];
  sales_access: boolean;
}

export const profileView = (profile: Profile): ProfileView => ({
  id: profile.id,
  email: profile.email,
  role: profile.role,
  sales_access: profile.salesAccess,
});
