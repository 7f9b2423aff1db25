import { startTestSystem, type TestSystem } from './system';
import { addMember, registerTenant, type Member, type TenantAdmin } from './tenants';

/** What a suite starts with: settings of its own, members of the admin's tenant (by name; true: with sales access), other tenants (by name: their organisation's). */
export interface SuiteStart<M extends string, T extends string> {
  settings?: Record<string, string>;
  members?: Record<M, boolean>;
  tenants?: Record<T, string>;
}

/**
 * The system a suite runs against, started, with a tenant registered: its admin, then its members,
 * then the other tenants, in the order given. A suite assigns what it needs in its `beforeAll` and
 * stops `system` in its `afterAll`.
 */
export async function startWithTenant<M extends string = never, T extends string = never>(
  start: SuiteStart<M, T> = {},
): Promise<{ system: TestSystem; admin: TenantAdmin } & Record<M, Member> & Record<T, TenantAdmin>> {
  const system = await startTestSystem(start.settings);
  try {
    const admin = await registerTenant(system.api);
    const members: Record<string, Member> = {};
    for (const [name, salesAccess] of Object.entries(start.members ?? {}) as [string, boolean][]) members[name] = await addMember(system.api, admin, salesAccess);
    const tenants: Record<string, TenantAdmin> = {};
    for (const [name, orgName] of Object.entries(start.tenants ?? {}) as [string, string][]) tenants[name] = await registerTenant(system.api, orgName);
    return { system, admin, ...members, ...tenants } as { system: TestSystem; admin: TenantAdmin } & Record<M, Member> & Record<T, TenantAdmin>;
  } catch (error) {
    // A set-up that fails stops what it started: a system left running in the worker would handle the
    // next suites' events (same database and broker namespace) and break them.
    await system.stop();
    throw error;
  }
}
