import { createHash } from 'node:crypto';
import type { Caller } from '@crm/platform';
import { AuthTestService, type Registered, onePage } from './support/auth-service';

let auth: AuthTestService;
beforeAll(async () => (auth = await AuthTestService.start()));
afterAll(() => auth.stop());

const createToken = (as: Caller, body: unknown) => auth.call('POST', '/api/auth/api-tokens/', { as, body });
const listTokens = (as: Caller, query = '') => auth.call('GET', `/api/auth/api-tokens/${query}`, { as });
const deleteToken = (as: Caller, id: string) => auth.call('DELETE', `/api/auth/api-tokens/${id}/`, { as });
const resolve = (token: unknown) => auth.call('POST', '/internal/api-tokens/resolve', { as: null, body: { token } });

async function tokenOf(owner: Registered, scopes = ['leads:read']) {
  const res = await createToken(owner.caller, { name: `token-${crypto.randomUUID()}`, scopes });
  expect(res.status).toBe(201);
  return res.body as { id: string; name: string; scopes: string[]; token: string; created_at: string; expires_at: string; last_used_at: string | null };
}

describe('creating API tokens', () => {
  it('when a user creates a token, then 201 with the secret shown once, and only its hash is stored', async () => {
    const admin = await auth.register();
    const res = await createToken(admin.caller, { name: 'ci', scopes: ['leads:write', 'leads:read'] });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'ci',
      scopes: ['leads:read', 'leads:write'],
      token: expect.stringMatching(/^crm_pat_[A-Za-z0-9_-]{43}$/),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      expires_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      last_used_at: null,
      owner: admin.profileId,
    });
    const [row] = await auth.sql('SELECT token_hash FROM api_tokens WHERE id = $1', [res.body.id]);
    expect(row.token_hash).toBe(createHash('sha256').update(res.body.token).digest('hex'));
  });

  it('when the same scope is asked for twice, then it is granted once', async () => {
    const admin = await auth.register();
    const res = await createToken(admin.caller, { name: 'dupes', scopes: ['audit:read', 'audit:read'] });
    expect(res.body.scopes).toEqual(['audit:read']);
  });

  it('when a token asks for a scope its creator lacks, then 400 on scopes', async () => {
    const admin = await auth.register();
    const member = await auth.addUser(admin.caller, { salesAccess: true });
    const res = await createToken(member.caller, { name: 'x', scopes: ['leads:read', 'audit:read'] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: true, errors: { scopes: expect.stringContaining('audit:read') } });
  });

  it('when a member without sales access asks for any scope, then 400 on scopes', async () => {
    const admin = await auth.register();
    const member = await auth.addUser(admin.caller, { salesAccess: false });
    expect((await createToken(member.caller, { name: 'x', scopes: ['leads:read'] })).body.errors).toEqual({
      scopes: expect.any(String),
    });
  });

  it('when the scopes are empty, unknown or not a list, then 400 on scopes', async () => {
    const admin = await auth.register();
    for (const scopes of [[], ['leads:delete'], 'leads:read', [1], undefined]) {
      const res = await createToken(admin.caller, { name: 'x', scopes });
      expect({ scopes, status: res.status, errors: res.body.errors }).toEqual({
        scopes,
        status: 400,
        errors: { scopes: expect.anything() },
      });
    }
  });

  it('when the name is blank, too long or the body has other fields, then 400', async () => {
    const admin = await auth.register();
    expect((await createToken(admin.caller, { name: ' ', scopes: ['leads:read'] })).body.errors).toEqual({ name: expect.any(String) });
    expect((await createToken(admin.caller, { name: 'n'.repeat(101), scopes: ['leads:read'] })).status).toBe(400);
    expect((await createToken(admin.caller, { name: 'n', scopes: ['leads:read'], token: 'x' })).body.errors).toEqual({
      token: 'Unknown field.',
    });
  });

  it('when the name is taken by one of the caller’s tokens, then 409 on name; another user may use it', async () => {
    const admin = await auth.register();
    const member = await auth.addUser(admin.caller);
    const body = { name: 'twice', scopes: ['leads:read'] };
    expect((await createToken(admin.caller, body)).status).toBe(201);
    const again = await createToken(admin.caller, body);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: expect.any(String), error: true, errors: { name: expect.any(String) } });
    expect((await createToken(member.caller, body)).status).toBe(201);
  });

  it('when a token is deleted, then its name may be used again', async () => {
    const admin = await auth.register();
    const first = await createToken(admin.caller, { name: 'reuse', scopes: ['leads:read'] });
    expect((await deleteToken(admin.caller, first.body.id)).status).toBe(204);
    expect((await createToken(admin.caller, { name: 'reuse', scopes: ['leads:read'] })).status).toBe(201);
  });
});

describe('listing and deleting API tokens', () => {
  it('when a user lists tokens, then only their own come back, newest first, without secrets', async () => {
    const admin = await auth.register();
    const member = await auth.addUser(admin.caller);
    const older = await tokenOf(admin);
    const newer = await tokenOf(admin, ['audit:read']);
    await tokenOf(member);
    const res = await listTokens(admin.caller);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      onePage([
        { id: newer.id, name: newer.name, scopes: ['audit:read'], owner: admin.profileId, created_at: newer.created_at, expires_at: newer.expires_at, last_used_at: null },
        { id: older.id, name: older.name, scopes: ['leads:read'], owner: admin.profileId, created_at: older.created_at, expires_at: older.expires_at, last_used_at: null },
      ]),
    );
    expect(JSON.stringify(res.body)).not.toContain('crm_pat_');
    expect((await listTokens(admin.caller, '?page=0')).status).toBe(400);
    expect((await listTokens(admin.caller, '?name=x')).status).toBe(400);
  });

  it('when a user deletes their token, then 204 with no body, it is gone from the list and no longer resolves', async () => {
    const admin = await auth.register();
    const token = await tokenOf(admin);
    const res = await deleteToken(admin.caller, token.id);
    expect(res.status).toBe(204);
    expect(res.body).toBe('');
    expect((await listTokens(admin.caller)).body.count).toBe(0);
    expect((await resolve(token.token)).status).toBe(401);
    expect((await deleteToken(admin.caller, token.id)).status).toBe(404);
  });

  it('when a member deletes a token of another profile, another tenant, unknown or malformed, then 404 and it keeps working', async () => {
    const admin = await auth.register();
    const member = await auth.addUser(admin.caller);
    const stranger = await auth.register();
    const admins = await tokenOf(admin);
    const strangers = await tokenOf(stranger);
    for (const id of [admins.id, strangers.id, crypto.randomUUID(), 'nope', admins.id.toUpperCase()]) {
      const res = await deleteToken(member.caller, id);
      expect({ id, status: res.status, body: res.body }).toEqual({ id, status: 404, body: { detail: 'Not found.' } });
    }
    expect((await resolve(admins.token)).status).toBe(200);
    expect((await resolve(strangers.token)).status).toBe(200);
  });

  it('when an admin revokes a member’s token, then 204 and it no longer resolves; another tenant’s admin gets 404', async () => {
    const admin = await auth.register();
    const member = await auth.addUser(admin.caller);
    const stranger = await auth.register();
    const members = await tokenOf(member);
    expect((await deleteToken(stranger.caller, members.id)).status).toBe(404);
    expect((await resolve(members.token)).status).toBe(200);
    expect((await deleteToken(admin.caller, members.id)).status).toBe(204);
    expect((await resolve(members.token)).status).toBe(401);
  });

  it('when the caller is an API token, then it may not list, create or delete API tokens (403)', async () => {
    const admin = await auth.register();
    const token = await tokenOf(admin);
    const { caller } = (await resolve(token.token)).body;
    expect((await listTokens(caller)).status).toBe(403);
    const create = await createToken(caller, { name: 'child', scopes: ['leads:read'] });
    expect(create.status).toBe(403);
    expect(create.body).toEqual({ detail: expect.any(String) });
    expect((await deleteToken(caller, token.id)).status).toBe(403);
  });
});

describe('resolving API tokens (gateway, internal)', () => {
  it('when a valid token is resolved, then the caller it acts as comes back with the token’s scopes', async () => {
    const admin = await auth.register();
    const token = await tokenOf(admin, ['leads:read', 'audit:read']);
    const res = await resolve(token.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      caller: {
        userId: admin.userId,
        tenantId: admin.orgId,
        profileId: admin.profileId,
        role: 'admin',
        salesAccess: true,
        scopes: ['leads:read', 'audit:read'],
        credential: { kind: 'api_token', id: token.id },
      },
      expires_at: expect.any(String),
    });
  });

  it('when the token is unknown, revoked or not a token at all, then 401 with a detail', async () => {
    const admin = await auth.register();
    const token = await tokenOf(admin);
    await deleteToken(admin.caller, token.id);
    for (const candidate of [token.token, `crm_pat_${'x'.repeat(43)}`, 'Bearer something']) {
      const res = await resolve(candidate);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: expect.any(String) });
    }
  });

  it('when the body is not a token, then 400 on token', async () => {
    expect((await resolve(undefined)).body.errors).toEqual({ token: 'This field is required.' });
    expect((await resolve(42)).body.errors).toEqual({ token: expect.any(String) });
  });

  it('when the profile lost rights since the token was made, then the scopes shrink to what the role allows now', async () => {
    const admin = await auth.register();
    const member = await auth.addUser(admin.caller, { salesAccess: true });
    const token = await tokenOf(member, ['leads:read', 'contacts:write']);
    await auth.call('PATCH', `/api/auth/users/${member.profileId}/`, { as: admin.caller, body: { sales_access: false } });
    const res = await resolve(token.token);
    expect(res.body.caller).toMatchObject({ role: 'member', salesAccess: false, scopes: [] });
    await auth.call('PATCH', `/api/auth/users/${member.profileId}/`, { as: admin.caller, body: { sales_access: true } });
    expect((await resolve(token.token)).body.caller.scopes).toEqual(['leads:read', 'contacts:write']);
  });
});

describe('API tokens that end', () => {
  it('when no expiry is asked, then the token ends API_TOKEN_MAX_AGE (365 days) after it was made, and resolving it says so', async () => {
    const admin = await auth.register();
    const token = await tokenOf(admin);
    const lifetimeMs = Date.parse(token.expires_at) - Date.parse(token.created_at);
    expect(lifetimeMs).toBe(365 * 24 * 60 * 60 * 1000);
    const resolved = await resolve(token.token);
    expect(resolved.body.expires_at).toBe(token.expires_at);
  });

  it('when the expiry is past, now, beyond the maximum or not a date-time, then 400 on expires_at and nothing is made', async () => {
    const admin = await auth.register();
    const yearAndADay = new Date(Date.now() + 366 * 24 * 60 * 60 * 1000).toISOString();
    for (const expires_at of ['2020-01-01T00:00:00Z', new Date().toISOString(), yearAndADay, 'tomorrow', '2030-01-01']) {
      const res = await createToken(admin.caller, { name: 'x', scopes: ['leads:read'], expires_at });
      expect({ expires_at, status: res.status, errors: res.body.errors }).toEqual({ expires_at, status: 400, errors: { expires_at: expect.any(String) } });
    }
    expect((await listTokens(admin.caller)).body.count).toBe(0);
  });

  it('when a token reaches its expiry, then it no longer resolves nor is listed', async () => {
    const admin = await auth.register();
    const soon = new Date(Date.now() + 1_500).toISOString();
    const created = await createToken(admin.caller, { name: 'brief', scopes: ['leads:read'], expires_at: soon });
    expect(created.status).toBe(201);
    expect(created.body.expires_at).toBe(soon);
    expect((await resolve(created.body.token)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect((await resolve(created.body.token)).status).toBe(401);
    expect((await listTokens(admin.caller)).body.count).toBe(0);
  });

  it('when a token is used, then last_used_at shows it', async () => {
    const admin = await auth.register();
    const token = await tokenOf(admin);
    expect(token.last_used_at).toBeNull();
    const before = Date.now();
    await resolve(token.token);
    const [listed] = (await listTokens(admin.caller)).body.results;
    expect(Date.parse(listed.last_used_at)).toBeGreaterThanOrEqual(before - 1_000);
  });

  it('when an admin lists a member’s tokens, then they come back; a member asking for another’s gets 403, an unknown owner 400', async () => {
    const admin = await auth.register();
    const member = await auth.addUser(admin.caller);
    const stranger = await auth.register();
    const members = await tokenOf(member);
    const listed = await listTokens(admin.caller, `?owner=${member.profileId}`);
    expect(listed.status).toBe(200);
    expect(listed.body.results.map((token: { id: string; owner: string }) => [token.id, token.owner])).toEqual([[members.id, member.profileId]]);
    expect((await listTokens(member.caller, `?owner=${admin.profileId}`)).status).toBe(403);
    expect((await listTokens(admin.caller, `?owner=${stranger.profileId}`)).body.errors).toEqual({ owner: expect.any(String) });
    expect((await listTokens(admin.caller, '?owner=nope')).body.errors).toEqual({ owner: expect.any(String) });
  });
});
