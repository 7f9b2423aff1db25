import { ALL_SCOPES } from '@crm/auth';
import { AuthTestService } from './support/auth-service';

let auth: AuthTestService;
beforeAll(async () => (auth = await AuthTestService.start()));
afterAll(() => auth.stop());

describe('who am I', () => {
  it('when an admin asks, then the user, org, profile and the access token’s scopes come back', async () => {
    const admin = await auth.register('me', 'Umbrella');
    const res = await auth.call('GET', '/api/auth/me/', { as: admin.caller });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      user: { id: admin.userId, email: admin.email, email_verified: false },
      org: { id: admin.orgId, name: 'Umbrella' },
      profile: { id: admin.profileId, role: 'admin', sales_access: true },
      scopes: [...ALL_SCOPES],
    });
  });

  it('when a member without sales access asks, then the scopes are empty', async () => {
    const admin = await auth.register();
    const member = await auth.addUser(admin.caller, { salesAccess: false });
    const res = await auth.call('GET', '/api/auth/me/', { as: member.caller });
    expect(res.body.profile).toEqual({ id: member.profileId, role: 'member', sales_access: false });
    expect(res.body.scopes).toEqual([]);
  });

  it('when an API token asks, then the scopes are the token’s', async () => {
    const admin = await auth.register();
    const created = await auth.call('POST', '/api/auth/api-tokens/', {
      as: admin.caller,
      body: { name: 'reader', scopes: ['leads:read'] },
    });
    const resolved = await auth.call('POST', '/internal/api-tokens/resolve', { as: null, body: { token: created.body.token } });
    const res = await auth.call('GET', '/api/auth/me/', { as: resolved.body.caller });
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({ id: admin.userId, email: admin.email, email_verified: false });
    expect(res.body.scopes).toEqual(['leads:read']);
  });

  it('when the profile changed after the token was issued, then me shows it as it is now', async () => {
    const admin = await auth.register();
    const member = await auth.addUser(admin.caller, { salesAccess: true });
    await auth.call('PATCH', `/api/auth/users/${member.profileId}/`, { as: admin.caller, body: { role: 'admin' } });
    const res = await auth.call('GET', '/api/auth/me/', { as: member.caller });
    expect(res.body.profile.role).toBe('admin');
  });

  it('when the caller’s profile does not exist, then 401', async () => {
    const admin = await auth.register();
    const res = await auth.call('GET', '/api/auth/me/', { as: { ...admin.caller, profileId: crypto.randomUUID() } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: expect.any(String) });
  });
});
