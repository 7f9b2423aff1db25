import { ForbiddenError, isAdmin, type Caller, type Db } from '@crm/platform';
import type { Request } from 'express';
import { userCaller } from '../common/caller-guards';
import { findProfile } from './users.repository';

/**
 * The request's caller when it may manage users: 401 anonymous, 403 for an API token or a non-admin.
 * Checked before the request is parsed. The role is checked against the profile as it is now too, so a
 * demotion takes effect at once rather than when the caller's access token expires.
 */
export async function adminCaller(db: Db, req: Request): Promise<Caller> {
  return adminOf(db, userCaller(req));
}

/** `caller` when they are an admin, as their profile is now; else 403. */
export async function adminOf(db: Db, caller: Caller): Promise<Caller> {
  if (!(await isAdminNow(db, caller))) throw new ForbiddenError();
  return caller;
}

/** Whether `caller` is an admin both by their credential and by their profile as it is now. */
export async function isAdminNow(db: Db, caller: Caller): Promise<boolean> {
  if (!isAdmin(caller)) return false;
  const current = await findProfile(db, caller.profileId, { orgId: caller.tenantId });
  return current?.role === 'admin';
}
