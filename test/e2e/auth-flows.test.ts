import { createRemoteJWKSet, jwtVerify } from 'jose';
import { tokenIn, VERIFICATION_MAIL } from '../support/mailbox';
import { startTestSystem, type TestSystem } from '../support/system';
import { addMember, PASSWORD, registerTenant, uniqueEmail } from '../support/tenants';

let system: TestSystem;
beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(async () => {
  await system.stop();
});

describe('registration', () => {
  it('when an organisation registers, then it gets a tenant, an admin profile and working tokens', async () => {
    const email = uniqueEmail('founder');
    const res = await system.api.post('/api/auth/register/', { org_name: 'Globex', email, password: PASSWORD });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      org: { id: expect.any(String), name: 'Globex' },
      user: { id: expect.any(String), email, email_verified: false },
      profile: { id: expect.any(String), role: 'admin', sales_access: true },
      access: expect.any(String),
      refresh: expect.any(String),
    });
    // What was made is read at `me/` with the answer's token: no other URL shows a tenant.
    expect(res.headers.get('location')).toBe('/api/auth/me/');
    const me = await system.api.get(res.headers.get('location')!, { token: res.body.access });
    expect(me.status).toBe(200);
    expect(me.body.org).toEqual(res.body.org);
    expect(me.body.user).toEqual(res.body.user);
    expect(me.body.profile).toEqual(res.body.profile);
    expect(me.body.scopes).toEqual(expect.arrayContaining(['leads:read', 'leads:write', 'audit:read']));
  });

  it('when the e-mail is already registered and verified, then 409 and no second tenant', async () => {
    const admin = await registerTenant(system.api);
    const verification = await system.mailbox.waitFor(admin.email, VERIFICATION_MAIL);
    expect((await system.api.post('/api/auth/verify-email/', { token: tokenIn(verification) })).status).toBe(204);
    const again = await system.api.post('/api/auth/register/', { org_name: 'Other', email: admin.email, password: PASSWORD });
    expect(again.status).toBe(409);
  });

  it('when the body is invalid, then 400 with field errors', async () => {
    const res = await system.api.post('/api/auth/register/', { org_name: '', email: 'not-an-email', password: 'short' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(true);
    expect(Object.keys(res.body.errors)).toEqual(expect.arrayContaining(['org_name', 'email', 'password']));
  });

  it('when the body is not JSON, then 400 rather than a server error', async () => {
    const res = await system.api.post('/api/auth/register/', undefined, {
      rawBody: '{"org_name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(true);
  });
});

describe('login and refresh', () => {
  it('when the password is right, then login returns an access and a refresh token', async () => {
    const admin = await registerTenant(system.api);
    const res = await system.api.post('/api/auth/login/', { email: admin.email, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ access: expect.any(String), refresh: expect.any(String) });
  });

  it('when the password is wrong, then 401 with a detail', async () => {
    const admin = await registerTenant(system.api);
    const res = await system.api.post('/api/auth/login/', { email: admin.email, password: 'wrong password' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: expect.any(String) });
  });

  it('when a refresh token is used, then it is rotated and the new pair works', async () => {
    const admin = await registerTenant(system.api);
    const res = await system.api.post('/api/auth/refresh-token/', { refresh: admin.refresh });
    expect(res.status).toBe(200);
    expect(res.body.refresh).not.toBe(admin.refresh);
    expect((await system.api.get('/api/auth/me/', { token: res.body.access })).status).toBe(200);
    const next = await system.api.post('/api/auth/refresh-token/', { refresh: res.body.refresh });
    expect(next.status).toBe(200);
  });

  it('when a refresh token is reused, then it is refused and its whole family is revoked', async () => {
    const admin = await registerTenant(system.api);
    const first = await system.api.post('/api/auth/refresh-token/', { refresh: admin.refresh });
    expect(first.status).toBe(200);
    const reuse = await system.api.post('/api/auth/refresh-token/', { refresh: admin.refresh });
    expect(reuse.status).toBe(401);
    expect(reuse.body.detail).toEqual(expect.any(String));
    const descendant = await system.api.post('/api/auth/refresh-token/', { refresh: first.body.refresh });
    expect(descendant.status).toBe(401);
  });

  it('when an unknown refresh token is sent, then 401', async () => {
    const res = await system.api.post('/api/auth/refresh-token/', { refresh: 'not-a-real-refresh-token' });
    expect(res.status).toBe(401);
  });
});

describe('logging out', () => {
  it('when a client logs out, then 204 and the refresh token of that session no longer works', async () => {
    const admin = await registerTenant(system.api);
    const res = await system.api.post('/api/auth/logout/', { refresh: admin.refresh });
    expect(res.status).toBe(204);
    const after = await system.api.post('/api/auth/refresh-token/', { refresh: admin.refresh });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ detail: expect.any(String) });
  });

  it('when logout gets an unknown refresh token, then 401 with a detail', async () => {
    const res = await system.api.post('/api/auth/logout/', { refresh: 'not-a-real-refresh-token' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: expect.any(String), code: 'token_not_valid' });
  });
});

describe('answers that carry credentials', () => {
  it('when register, login, refresh-token or API-token creation answer, then Cache-Control is no-store', async () => {
    const email = uniqueEmail('no-store');
    const registered = await system.api.post('/api/auth/register/', { org_name: 'Acme', email, password: PASSWORD });
    const loggedIn = await system.api.post('/api/auth/login/', { email, password: PASSWORD });
    const refreshed = await system.api.post('/api/auth/refresh-token/', { refresh: loggedIn.body.refresh });
    const apiToken = await system.api.post('/api/auth/api-tokens/', { name: 'ci', scopes: ['leads:read'] }, { token: refreshed.body.access });
    const answers = [registered, loggedIn, refreshed, apiToken].map((res) => [res.status, res.headers.get('cache-control')]);
    expect(answers).toEqual([
      [201, 'no-store'],
      [200, 'no-store'],
      [200, 'no-store'],
      [201, 'no-store'],
    ]);
  });

  it('when such a request is repeated with its Idempotency-Key, then it is served afresh, never replayed, and no-store too', async () => {
    const admin = await registerTenant(system.api);
    const keyed = { token: admin.access, headers: { 'Idempotency-Key': `api-token-${admin.orgId}` } };
    const first = await system.api.post('/api/auth/api-tokens/', { name: 'ci', scopes: ['leads:read'] }, keyed);
    const again = await system.api.post('/api/auth/api-tokens/', { name: 'ci', scopes: ['leads:read'] }, keyed);
    // Created afresh, so refused: the name is taken by the first (api-contract §6, §10.6).
    expect([first.status, again.status, again.headers.get('idempotent-replayed')]).toEqual([201, 409, null]);
    expect([first.headers.get('cache-control'), again.headers.get('cache-control')]).toEqual(['no-store', 'no-store']);
  });
});

describe('users', () => {
  it('when an admin adds a member, then the member can log in and is listed with role and sales access', async () => {
    const admin = await registerTenant(system.api);
    const member = await addMember(system.api, admin, true);
    const list = await system.api.get('/api/auth/users/', { token: admin.access });
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(2);
    expect(list.body.results).toEqual(
      expect.arrayContaining([{ id: member.profileId, email: member.email, role: 'member', sales_access: true, is_active: true, email_verified: false }]),
    );
    const me = await system.api.get('/api/auth/me/', { token: member.access });
    expect(me.body.profile).toEqual({ id: member.profileId, role: 'member', sales_access: true });
    expect(me.body.scopes).not.toContain('audit:read');
  });

  it('when an admin adds a member, then Location names the member, where the admin changes it (members are read in their list)', async () => {
    const admin = await registerTenant(system.api);
    const added = await system.api.post('/api/auth/users/', { email: uniqueEmail(), password: PASSWORD, role: 'member', sales_access: false }, { token: admin.access });
    expect(added.status).toBe(201);
    expect(added.headers.get('location')).toBe(`/api/auth/users/${added.body.id}/`);
    const changed = await system.api.patch(added.headers.get('location')!, { sales_access: true }, { token: admin.access });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: added.body.id, sales_access: true });
  });

  it('when a member lists or adds users, then 403', async () => {
    const admin = await registerTenant(system.api);
    const member = await addMember(system.api, admin, true);
    expect((await system.api.get('/api/auth/users/', { token: member.access })).status).toBe(403);
    const add = await system.api.post(
      '/api/auth/users/',
      { email: uniqueEmail(), password: PASSWORD, role: 'admin', sales_access: true },
      { token: member.access },
    );
    expect(add.status).toBe(403);
    expect(add.body).toEqual({ detail: expect.any(String) });
  });

  it('when an admin lists users, then only their own tenant appears', async () => {
    const one = await registerTenant(system.api);
    const two = await registerTenant(system.api);
    await addMember(system.api, two, false);
    const list = await system.api.get('/api/auth/users/', { token: one.access });
    expect(list.body.count).toBe(1);
    expect(list.body.results[0].email).toBe(one.email);
  });
});

describe('API tokens', () => {
  it('when an admin creates a token, then its secret is shown once, it works within its scopes and revoking stops it', async () => {
    const admin = await registerTenant(system.api);
    const created = await system.api.post('/api/auth/api-tokens/', { name: 'ci', scopes: ['audit:read'] }, { token: admin.access });
    expect(created.status).toBe(201);
    expect(created.body).toEqual(
      expect.objectContaining({ id: expect.any(String), name: 'ci', scopes: ['audit:read'], token: expect.stringMatching(/^crm_pat_/) }),
    );
    const listed = await system.api.get('/api/auth/api-tokens/', { token: admin.access });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.token);

    const pat = created.body.token as string;
    const me = await system.api.get('/api/auth/me/', { token: pat });
    expect(me.status).toBe(200);
    expect(me.body.scopes).toEqual(['audit:read']);
    expect((await system.api.get('/api/audit-logs/', { token: pat })).status).toBe(200);

    // Its Location is where it is revoked (tokens are read in their list, never with their secret).
    expect(created.headers.get('location')).toBe(`/api/auth/api-tokens/${created.body.id}/`);
    const revoked = await system.api.delete(created.headers.get('location')!, { token: admin.access });
    expect(revoked.status).toBe(204);
    expect((await system.api.get('/api/auth/me/', { token: pat })).status).toBe(401);
  });

  it('when a token asks for a scope its creator lacks, then 400 on scopes', async () => {
    const admin = await registerTenant(system.api);
    const member = await addMember(system.api, admin, true);
    const res = await system.api.post('/api/auth/api-tokens/', { name: 'x', scopes: ['audit:read'] }, { token: member.access });
    expect(res.status).toBe(400);
    expect(res.body.errors.scopes).toBeDefined();
  });

  it('when a token name is taken, then 409', async () => {
    const admin = await registerTenant(system.api);
    const body = { name: 'twice', scopes: ['leads:read'] };
    expect((await system.api.post('/api/auth/api-tokens/', body, { token: admin.access })).status).toBe(201);
    expect((await system.api.post('/api/auth/api-tokens/', body, { token: admin.access })).status).toBe(409);
  });
});

describe('signing keys', () => {
  it('when a client fetches the JWKS through the gateway, then it verifies the access tokens', async () => {
    const admin = await registerTenant(system.api);
    const jwks = createRemoteJWKSet(new URL(`${system.gatewayUrl}/api/auth/.well-known/jwks.json`));
    const { payload, protectedHeader } = await jwtVerify(admin.access, jwks, { audience: 'crm-api', issuer: 'crm-auth' });
    // Public, and it lists the key that signed the token.
    const published = await system.api.get('/api/auth/.well-known/jwks.json');
    expect(published.status).toBe(200);
    expect(published.body.keys.map((key: { kid: string }) => key.kid)).toContain(protectedHeader.kid);
    expect(protectedHeader.alg).toBe('EdDSA');
    expect(protectedHeader.kid).toEqual(expect.any(String));
    expect(payload).toEqual(
      expect.objectContaining({ sub: admin.userId, tid: admin.orgId, pid: admin.profileId, role: 'admin', sales: true }),
    );
  });
});
