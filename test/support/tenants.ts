import { randomUUID } from 'node:crypto';
import type { ApiClient } from './api-client';

export const PASSWORD = 'correct horse battery';

export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.test`;
}

export interface TenantAdmin {
  orgId: string;
  userId: string;
  profileId: string;
  email: string;
  access: string;
  refresh: string;
}

/** Registers a new tenant through the gateway and returns its admin's identity and tokens. */
export async function registerTenant(api: ApiClient, orgName = 'Acme'): Promise<TenantAdmin> {
  const email = uniqueEmail('admin');
  const res = await api.post('/api/auth/register/', { org_name: orgName, email, password: PASSWORD });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
  return {
    orgId: res.body.org.id,
    userId: res.body.user.id,
    profileId: res.body.profile.id,
    email,
    access: res.body.access,
    refresh: res.body.refresh,
  };
}

export interface Member {
  profileId: string;
  email: string;
  access: string;
  refresh: string;
}

/** Adds a member to the admin's tenant and logs them in. */
export async function addMember(api: ApiClient, admin: TenantAdmin, salesAccess: boolean, role: 'admin' | 'member' = 'member'): Promise<Member> {
  const email = uniqueEmail(role);
  const created = await api.post(
    '/api/auth/users/',
    { email, password: PASSWORD, role, sales_access: salesAccess },
    { token: admin.access },
  );
  if (created.status !== 201) throw new Error(`add member failed: ${created.status} ${created.text}`);
  const login = await api.post('/api/auth/login/', { email, password: PASSWORD });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  return { profileId: created.body.id, email, access: login.body.access, refresh: login.body.refresh };
}

/** Polls until `check` returns a value that is not undefined, or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A new API token of `member` with `scopes` (its secret, shown once). */
export async function apiTokenOf(api: ApiClient, member: { access: string }, scopes: string[], name = 'ci'): Promise<string> {
  const created = await api.post('/api/auth/api-tokens/', { name, scopes }, { token: member.access });
  if (created.status !== 201) throw new Error(`API token creation failed: ${created.status} ${created.text}`);
  return created.body.token;
}

/** What the server adds to a record `creator` created in `admin`'s tenant (no custom fields yet). */
export const serverDerived = (admin: TenantAdmin, creator: { profileId: string }) => ({
  id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
  custom_fields: {},
  org: admin.orgId,
  created_by: creator.profileId,
  created_at: expect.stringMatching(ISO_TIMESTAMP),
  updated_at: expect.stringMatching(ISO_TIMESTAMP),
});
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
