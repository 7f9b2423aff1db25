import { decodeJwt } from 'jose';
import { createLead } from '../support/leads';
import { ApiClient } from '../support/api-client';
import { startTestSystem, type TestSystem } from '../support/system';
import { addMember, apiTokenOf, registerTenant, type Member, type TenantAdmin } from '../support/tenants';

/**
 * A change of a member's role or sales access reaches every credential of theirs at once (finding 18.9):
 * their API tokens act with the new role on the next request, and an access token issued before the
 * change is refused (401 `token_not_valid`) so the client refreshes into one carrying the new role.
 * Each credential is used once before the change, so the gateway holds it in its caches.
 */
let system: TestSystem;
beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(async () => {
  await system.stop();
});

const TOKEN_NOT_VALID = { detail: expect.any(String), code: 'token_not_valid' };

const changeMember = (admin: TenantAdmin, member: Member, changes: { role?: string; sales_access?: boolean }) =>
  system.api.patch(`/api/auth/users/${member.profileId}/`, changes, { token: admin.access });

/** The member's refresh token traded for a new access token, with its claims and what `me` answers with it. */
async function refreshed(api: ApiClient, member: Member) {
  const res = await api.post('/api/auth/refresh-token/', { refresh: member.refresh });
  expect(res.status).toBe(200);
  const me = await api.get('/api/auth/me/', { token: res.body.access });
  return { access: res.body.access as string, claims: decodeJwt(res.body.access), me };
}

describe('a change of role or sales access applies to every credential of the member at once', () => {
  it('when an admin is demoted to a member without sales access, then their API token can no longer delete another’s lead or read the audit log (403), their access token is refused (401) and a refreshed one carries the new role', async () => {
    const owner = await registerTenant(system.api);
    const demoted = await addMember(system.api, owner, true, 'admin');
    const apiToken = await apiTokenOf(system.api, demoted, ['leads:read', 'leads:write', 'audit:read']);
    const othersLead = await createLead(system.api, owner.access, { first_name: 'Not Theirs' });
    expect((await system.api.get('/api/audit-logs/', { token: apiToken })).status).toBe(200);
    expect((await system.api.get('/api/audit-logs/', { token: demoted.access })).status).toBe(200);

    expect((await changeMember(owner, demoted, { role: 'member', sales_access: false })).status).toBe(200);

    const deleted = await system.api.delete(`/api/leads/${othersLead.id}/`, { token: apiToken });
    expect(deleted.status).toBe(403);
    expect((await system.api.get('/api/audit-logs/', { token: apiToken })).status).toBe(403);
    const withOldAccess = await system.api.get('/api/audit-logs/', { token: demoted.access });
    expect([withOldAccess.status, withOldAccess.body]).toEqual([401, TOKEN_NOT_VALID]);
    expect(withOldAccess.headers.get('www-authenticate')).toBe('Bearer realm="api", error="invalid_token"');

    const fresh = await refreshed(system.api, demoted);
    expect(fresh.claims).toMatchObject({ role: 'member', sales: false, scope: '' });
    expect([fresh.me.status, fresh.me.body.profile]).toEqual([200, { id: demoted.profileId, role: 'member', sales_access: false }]);
    expect((await system.api.get('/api/audit-logs/', { token: fresh.access })).status).toBe(403);
    expect((await system.api.get(`/api/leads/${othersLead.id}/`, { token: owner.access })).status).toBe(200);
  });

  it('when sales access is taken from a member, then their API token can no longer read or delete their own lead (403), their access token is refused (401) and a refreshed one has no sales access', async () => {
    const owner = await registerTenant(system.api);
    const seller = await addMember(system.api, owner, true);
    const apiToken = await apiTokenOf(system.api, seller, ['leads:read', 'leads:write']);
    const ownLead = await createLead(system.api, seller.access, { first_name: 'Mine' });
    expect((await system.api.get(`/api/leads/${ownLead.id}/`, { token: apiToken })).status).toBe(200);

    expect((await changeMember(owner, seller, { sales_access: false })).status).toBe(200);

    expect((await system.api.get(`/api/leads/${ownLead.id}/`, { token: apiToken })).status).toBe(403);
    expect((await system.api.delete(`/api/leads/${ownLead.id}/`, { token: apiToken })).status).toBe(403);
    const withOldAccess = await system.api.get(`/api/leads/${ownLead.id}/`, { token: seller.access });
    expect([withOldAccess.status, withOldAccess.body]).toEqual([401, TOKEN_NOT_VALID]);

    const fresh = await refreshed(system.api, seller);
    expect(fresh.claims).toMatchObject({ role: 'member', sales: false });
    expect(fresh.me.body.profile).toEqual({ id: seller.profileId, role: 'member', sales_access: false });
    expect((await system.api.get(`/api/leads/${ownLead.id}/`, { token: fresh.access })).status).toBe(403);
  });

  it('when a member is promoted to admin, then their old access token is refused and a refreshed one opens the audit log', async () => {
    const owner = await registerTenant(system.api);
    const promoted = await addMember(system.api, owner, false);
    expect((await system.api.get('/api/audit-logs/', { token: promoted.access })).status).toBe(403);

    expect((await changeMember(owner, promoted, { role: 'admin' })).status).toBe(200);

    expect((await system.api.get('/api/auth/me/', { token: promoted.access })).status).toBe(401);
    const fresh = await refreshed(system.api, promoted);
    expect(fresh.claims).toMatchObject({ role: 'admin' });
    expect((await system.api.get('/api/audit-logs/', { token: fresh.access })).status).toBe(200);
  });

  it('when a change leaves role and sales access as they were, then the member’s credentials keep working', async () => {
    const owner = await registerTenant(system.api);
    const seller = await addMember(system.api, owner, true);
    const apiToken = await apiTokenOf(system.api, seller, ['leads:read']);

    expect((await changeMember(owner, seller, { role: 'member', sales_access: true })).status).toBe(200);

    expect((await system.api.get('/api/leads/', { token: seller.access })).status).toBe(200);
    expect((await system.api.get('/api/leads/', { token: apiToken })).status).toBe(200);
  });

  it('when another member changes, then nobody else’s credentials are refused', async () => {
    const owner = await registerTenant(system.api);
    const bystander = await addMember(system.api, owner, true);
    const demoted = await addMember(system.api, owner, true);

    expect((await changeMember(owner, demoted, { sales_access: false })).status).toBe(200);

    expect((await system.api.get('/api/leads/', { token: bystander.access })).status).toBe(200);
    expect((await system.api.get('/api/audit-logs/', { token: owner.access })).status).toBe(200);
  });
});
