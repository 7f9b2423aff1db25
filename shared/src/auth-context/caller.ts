/** Who is calling, as the gateway established it and forwarded it in the internal token. */
export type Role = 'admin' | 'member';

export interface Caller {
  userId: string;
  tenantId: string;
  profileId: string;
  role: Role;
  salesAccess: boolean;
  scopes: string[];
  /** The credential the rate limits count against: a user (all of its access tokens) or an API token. */
  credential: { kind: 'user' | 'api_token'; id: string };
}

export const isAdmin = (caller: Caller): boolean => caller.role === 'admin';

/** Admins and members with sales access may use the sales entities (leads, contacts, ...). */
export const hasSalesAccess = (caller: Caller): boolean => caller.role === 'admin' || caller.salesAccess;
