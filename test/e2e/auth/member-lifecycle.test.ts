import { createLead } from '../../support/leads';
import { startTestSystem, type TestSystem } from '../../support/system';
import { addMember, apiTokenOf, eventually, PASSWORD, registerTenant, type Member, type TenantAdmin } from '../../support/tenants';

/**
 * api-contract §10.1 and §10.5 through the gateway: a deactivated member's every credential answers 401
 * from the next request while their records keep them as owner; a reactivation leaves the old credentials
 * dead; logout ends the session's access token; admins see and revoke members' API tokens.
 */
let system: TestSystem;
beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(async () => {
  await system.stop();
});

const deactivate = (admin: { access: string }, profileId: string) => system.api.post(`/api/auth/users/${profileId}/deactivate/`, {}, { token: admin.access });
const reactivate = (admin: { access: string }, profileId: string) => system.api.post(`/api/auth/users/${profileId}/reactivate/`, {}, { token: admin.access });
const login = (email: string) => system.api.post('/api/auth/login/', { email, password: PASSWORD });
const refresh = (token: string) => system.api.post('/api/auth/refresh-token/', { refresh: token });
const leads = (token: string, query = '') => system.api.get(`/api/leads/${query}`, { token });

async function auditTypes(admin: TenantAdmin, type: string): Promise<number> {
  const res = await system.api.get(`/api/audit-logs/?type=${type}`, { token: admin.access });
  return res.body.count;
}

describe('deactivating a member', () => {
  let admin: TenantAdmin;
  let member: Member;
  let apiToken: string;
  let leadId: string;
  beforeAll(async () => {
    admin = await registerTenant(system.api);
    member = await addMember(system.api, admin, true);
    apiToken = await apiTokenOf(system.api, member, ['leads:read']);
    leadId = (await createLead(system.api, member.access, { first_name: 'Kept' })).id;
    // Every credential works, and is verified or cached by the gateway, before the change.
    expect((await leads(member.access)).status).toBe(200);
    expect((await leads(apiToken)).status).toBe(200);
  });

  it('when an admin deactivates them, then 200 with is_active false, and from the next request every credential of theirs is 401', async () => {
    const res = await deactivate(admin, member.profileId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: member.profileId, email: member.email, role: 'member', sales_access: true, is_active: false, email_verified: expect.any(Boolean) });
    expect((await leads(member.access)).status).toBe(401);
    expect((await leads(apiToken)).status).toBe(401);
    expect((await refresh(member.refresh)).status).toBe(401);
    const refused = await login(member.email);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ detail: expect.any(String), code: 'account_disabled' });
  });

  it('then the wrong password still answers as any wrong password does', async () => {
    const res = await system.api.post('/api/auth/login/', { email: member.email, password: 'not the password at all' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBeUndefined();
  });

  it('then their records keep them as owner, shown and filterable', async () => {
    const lead = await system.api.get(`/api/leads/${leadId}/`, { token: admin.access });
    expect(lead.body.assigned_to).toEqual({ id: member.profileId, email: member.email });
    const filtered = await leads(admin.access, `?assigned_to=${member.profileId}`);
    expect(filtered.body.results.map((found: { id: string }) => found.id)).toEqual([leadId]);
  });

  it('then the users list shows them with ?is_active=false and not with ?is_active=true', async () => {
    const inactive = await system.api.get('/api/auth/users/?is_active=false', { token: admin.access });
    expect(inactive.body.results.map((profile: { id: string }) => profile.id)).toEqual([member.profileId]);
    const active = await system.api.get('/api/auth/users/?is_active=true', { token: admin.access });
    expect(active.body.results.map((profile: { id: string }) => profile.id)).toEqual([admin.profileId]);
    expect((await system.api.get('/api/auth/users/?is_active=maybe', { token: admin.access })).status).toBe(400);
  });

  it('then a profile.deactivated event is written; deactivating again changes nothing', async () => {
    await eventually(async () => ((await auditTypes(admin, 'profile.deactivated')) === 1 ? true : undefined), 10_000, 'profile.deactivated');
    expect((await deactivate(admin, member.profileId)).body.is_active).toBe(false);
    expect(await auditTypes(admin, 'profile.deactivated')).toBe(1);
  });

  it('when they are reactivated, then 200 with is_active true, their old credentials stay dead and a new login works', async () => {
    const res = await reactivate(admin, member.profileId);
    expect(res.status).toBe(200);
    expect(res.body.is_active).toBe(true);
    expect((await leads(member.access)).status).toBe(401);
    expect((await leads(apiToken)).status).toBe(401);
    expect((await refresh(member.refresh)).status).toBe(401);
    const again = await login(member.email);
    expect(again.status).toBe(200);
    expect((await leads(again.body.access)).status).toBe(200);
    await eventually(async () => ((await auditTypes(admin, 'profile.reactivated')) === 1 ? true : undefined), 10_000, 'profile.reactivated');
  });
});

describe('who may deactivate whom', () => {
  it('when a member tries, then 403; another tenant’s member or an unknown id, 404', async () => {
    const admin = await registerTenant(system.api);
    const member = await addMember(system.api, admin, true);
    const stranger = await registerTenant(system.api);
    expect((await deactivate(member, admin.profileId)).status).toBe(403);
    expect((await reactivate(member, admin.profileId)).status).toBe(403);
    expect((await deactivate(admin, stranger.profileId)).status).toBe(404);
    expect((await deactivate(admin, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await leads(stranger.access)).status).toBe(200);
  });

  it('when the request has a body other than {}, then 400 on body and the member keeps working', async () => {
    const admin = await registerTenant(system.api);
    const member = await addMember(system.api, admin, true);
    const res = await system.api.post(`/api/auth/users/${member.profileId}/deactivate/`, { reason: 'left' }, { token: admin.access });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ body: expect.any(String) });
    expect((await leads(member.access)).status).toBe(200);
  });

  it('when the last active admin is to be deactivated, then 409 and they keep working; with a second admin, it is allowed', async () => {
    const admin = await registerTenant(system.api);
    const refused = await deactivate(admin, admin.profileId);
    expect(refused.status).toBe(409);
    expect((await leads(admin.access)).status).toBe(200);
    const second = await addMember(system.api, admin, true, 'admin');
    expect((await deactivate(second, admin.profileId)).status).toBe(200);
    // Now `second` is the last active admin: neither can they be deactivated, nor demoted.
    expect((await deactivate(second, second.profileId)).status).toBe(409);
    expect((await system.api.patch(`/api/auth/users/${second.profileId}/`, { role: 'member' }, { token: second.access })).status).toBe(422);
  });
});

describe('a member deactivated while paging', () => {
  it('when they follow the next page of a list after the deactivation, then 401', async () => {
    const admin = await registerTenant(system.api);
    const member = await addMember(system.api, admin, true);
    for (let n = 0; n < 3; n += 1) await createLead(system.api, member.access, { first_name: `Page ${n}` });
    const first = await leads(member.access, '?page_size=1');
    expect(first.status).toBe(200);
    expect(first.body.next).toEqual(expect.any(String));
    expect((await deactivate(admin, member.profileId)).status).toBe(200);
    const next = await system.api.get(first.body.next.replace(system.gatewayUrl, ''), { token: member.access });
    expect(next.status).toBe(401);
  });
});

describe('logout', () => {
  it('when a session logs out, then its access token is 401 from the next request; another session of the same member goes on', async () => {
    const admin = await registerTenant(system.api);
    const member = await addMember(system.api, admin, true);
    const other = await login(member.email);
    expect((await leads(member.access)).status).toBe(200);
    expect((await system.api.post('/api/auth/logout/', { refresh: member.refresh })).status).toBe(204);
    expect((await leads(member.access)).status).toBe(401);
    expect((await refresh(member.refresh)).status).toBe(401);
    expect((await leads(other.body.access)).status).toBe(200);
  });
});

describe('API tokens that end, seen by admins', () => {
  it('when an admin lists and revokes a member’s token, then it stops working at once', async () => {
    const admin = await registerTenant(system.api);
    const member = await addMember(system.api, admin, true);
    const token = await apiTokenOf(system.api, member, ['leads:read']);
    expect((await leads(token)).status).toBe(200);
    const listed = await system.api.get(`/api/auth/api-tokens/?owner=${member.profileId}`, { token: admin.access });
    expect(listed.status).toBe(200);
    expect(listed.body.results).toEqual([expect.objectContaining({ owner: member.profileId, last_used_at: expect.any(String), expires_at: expect.any(String) })]);
    expect((await system.api.get(`/api/auth/api-tokens/?owner=${admin.profileId}`, { token: member.access })).status).toBe(403);
    expect((await system.api.delete(`/api/auth/api-tokens/${listed.body.results[0].id}/`, { token: admin.access })).status).toBe(204);
    expect((await leads(token)).status).toBe(401);
  });

  it('when a token is made with a past expiry, then 400 on expires_at', async () => {
    const admin = await registerTenant(system.api);
    const res = await system.api.post('/api/auth/api-tokens/', { name: 'old', scopes: ['leads:read'], expires_at: '2020-01-01T00:00:00Z' }, { token: admin.access });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ expires_at: expect.any(String) });
  });

  it('when a token expires, then the gateway refuses it even while it is cached', async () => {
    const admin = await registerTenant(system.api);
    const created = await system.api.post(
      '/api/auth/api-tokens/',
      { name: 'brief', scopes: ['leads:read'], expires_at: new Date(Date.now() + 1_500).toISOString() },
      { token: admin.access },
    );
    expect(created.status).toBe(201);
    expect((await leads(created.body.token)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    expect((await leads(created.body.token)).status).toBe(401);
  });
});
