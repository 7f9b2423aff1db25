/** Who is calling, as the gateway established it and forwarded it in the internal token. */
export type Role = 'admin' | 'member';

export interface Caller {
  userId: string;
  tenantId: string;
  profileId: string;
  role: Role;
  salesAccess: boolean;
  scopes: string[];
  /**
   * The credential the request came with: a user (all of its access tokens) or an API token, which the
   * upload bound counts apart (the gateway's rate limits count per `userId`, every credential together);
   * or a web form, when its submission writes on its owner's behalf (then nobody is the events' actor).
   */
  credential: { kind: 'user' | 'api_token' | 'web_form'; id: string };
  /** A user access token's session (the login it came from): what a password change keeps going. */
  sessionId?: string;
}

export const isAdmin = (caller: Caller): boolean => caller.role === 'admin';

/** Admins and members with sales access may use the sales entities (architecture §3). */
export const hasSalesAccess = (caller: Caller): boolean => caller.role === 'admin' || caller.salesAccess;
