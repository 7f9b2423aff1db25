import { randomUUID } from 'node:crypto';
import { type Caller, type EventActor, type Role } from '@crm/platform';
import type { EventInput } from './event-bus';

/**
 * Who calls a component, without the auth service: plain `Caller`s as the gateway forwards them, and the
 * `profile.created` events that teach a service's profile replica who the members of a tenant are.
 */

/** The scopes a member's credential carries, by role and sales access (auth decides them: pass its `scopesForRole`). */
export type ScopesFor = (role: Role, salesAccess: boolean) => string[];

/** A member of a test tenant: their ids, and how the gateway and events name them. */
export interface Member {
  tenantId: string;
  userId: string;
  profileId: string;
  email: string;
  role: Role;
  salesAccess: boolean;
  /** What the gateway forwards for this member's access token. */
  caller: Caller;
  /** How events name this member as the one who made a change. */
  actor: EventActor;
}

/**
 * A caller as the gateway forwards it. Unless given, a member with sales access and no scopes (only the
 * services that read scopes need them: a test gives them, or its tenant's `ScopesFor`).
 */
export function callerOf(who: { tenantId: string; profileId: string; userId?: string; role?: Role; salesAccess?: boolean; scopes?: string[] }): Caller {
  const role = who.role ?? 'member';
  const salesAccess = who.salesAccess ?? true;
  const userId = who.userId ?? randomUUID();
  return {
    userId,
    tenantId: who.tenantId,
    profileId: who.profileId,
    role,
    salesAccess,
    scopes: who.scopes ?? [],
    credential: { kind: 'user', id: userId },
  };
}

/** A tenant nobody else uses (a fresh id), so a test sees only what it made. */
export class TestTenant {
  readonly id = randomUUID();

  constructor(private readonly scopesFor: ScopesFor = () => []) {}

  admin(): Member {
    return this.memberAs('admin', true);
  }

  member(options: { salesAccess?: boolean } = {}): Member {
    return this.memberAs('member', options.salesAccess ?? true);
  }

  private memberAs(role: Role, salesAccess: boolean): Member {
    const userId = randomUUID();
    const profileId = randomUUID();
    return {
      tenantId: this.id,
      userId,
      profileId,
      email: `${role}-${profileId.slice(0, 8)}@example.test`,
      role,
      salesAccess,
      caller: callerOf({ tenantId: this.id, profileId, userId, role, salesAccess, scopes: this.scopesFor(role, salesAccess) }),
      actor: { user_id: userId, profile_id: profileId },
    };
  }
}

export const newTenant = (scopesFor?: ScopesFor): TestTenant => new TestTenant(scopesFor);

/** The `profile.created` auth publishes when `member` joins the tenant (the member as their own actor, as at registration). */
export function profileCreated(member: Member): EventInput {
  return {
    source: 'auth',
    type: 'profile.created',
    tenantId: member.tenantId,
    subject: member.profileId,
    actor: member.actor,
    data: { id: member.profileId, user_id: member.userId, email: member.email, role: member.role, sales_access: member.salesAccess, version: 1 },
  };
}
