import { AuthTestService, PASSWORD, uniqueEmail, type Registered, onePage } from './support/auth-service';

let auth: AuthTestService;
beforeAll(async () => (auth = await AuthTestService.start()));
afterAll(() => auth.stop());

const listUsers = (admin: Registered, query = '') => auth.call('GET', `/api/auth/users/${query}`, { as: admin.caller });
const addUser = (admin: Registered, body: unknown) => auth.call('POST', '/api/auth/users/', { as: admin.caller, body });
const patchUser = (admin: Registered, profileId: string, body: unknown) =>
  auth.call('PATCH', `/api/auth/users/${profileId}/`, { as: admin.caller, body });
const outboxOf = (profileId: string) =>
  auth.sql(`SELECT type, payload FROM auth.outbox WHERE subject = $1 ORDER BY seq`, [profileId]);

async function apiTokenCaller(owner: Registered) {
  const created = await auth.call('POST', '/api/auth/api-tokens/', {
    as: owner.caller,
    body: { name: `t-${crypto.randomUUID()}`, scopes: ['leads:read'] },
  });
  const resolved = await auth.call('POST', '/internal/api-tokens/resolve', { as: null, body: { token: created.body.token } });
  return resolved.body.caller;
}

describe('listing users', () => {
  it('when an admin lists users, then the tenant’s profiles come in the list envelope, newest first', async () => {
    const admin = await auth.register();
    const member = await auth.addUser(admin.caller, { salesAccess: false });
    const res = await listUsers(admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      onePage([
        { id: member.profileId, email: member.email, role: 'member', sales_access: false, is_active: true, email_verified: false },
        { id: admin.profileId, email: admin.email, role: 'admin', sales_access: true, is_active: true, email_verified: false },
      ]),
    );
  });

  it('when the list is paged, then next and previous link the pages and a page past the end is empty', async () => {
    const admin = await auth.register();
    await auth.addUser(admin.caller);
    await auth.addUser(admin.caller);
    const first = await listUsers(admin, '?page_size=2');
    expect(first.body.count).toBe(3);
    expect(first.body.results).toHaveLength(2);
    expect(first.body.previous).toBeNull();
    expect(Object.fromEntries(new URL(first.body.next).searchParams)).toEqual({ page_size: '2', page: '2', cursor: expect.any(String) });
    const second = await listUsers(admin, '?page_size=2&page=2');
    expect(second.body.results).toHaveLength(1);
    expect(second.body.next).toBeNull();
    expect(Object.fromEntries(new URL(second.body.previous).searchParams)).toEqual({ page_size: '2', cursor: expect.any(String) });
    const beyond = await listUsers(admin, '?page=9');
    expect(beyond.status).toBe(200);
    expect(beyond.body.results).toEqual([]);
  });

  it('when the query has a bad page or an unknown parameter, then 400 on it', async () => {
    const admin = await auth.register();
    expect((await listUsers(admin, '?page=0')).body.errors).toEqual({ page: expect.any(String) });
    expect((await listUsers(admin, '?page_size=101')).body.errors).toEqual({ page_size: expect.any(String) });
    expect((await listUsers(admin, '?role=admin')).body).toEqual({ error: true, errors: { role: 'Unknown field.' } });
  });

  it('when an admin lists users, then only their own tenant appears', async () => {
    const one = await auth.register();
    const two = await auth.register();
    await auth.addUser(two.caller);
    const res = await listUsers(one);
    expect(res.body.count).toBe(1);
    expect(res.body.results[0].email).toBe(one.email);
  });
});

describe('who may manage users', () => {
  it('when a member calls the users endpoints, then 403 with a detail, before the body is looked at', async () => {
    const admin = await auth.register();
    const member = await auth.addUser(admin.caller, { salesAccess: true });
    expect((await listUsers(member)).status).toBe(403);
    const add = await addUser(member, { email: 'not-even-valid' });
    expect(add.status).toBe(403);
    expect(add.body).toEqual({ detail: expect.any(String) });
    expect((await patchUser(member, member.profileId, { role: 'admin' })).status).toBe(403);
  });

  it('when an admin acts through an API token, then users cannot be managed (403)', async () => {
    const admin = await auth.register();
    const tokenCaller = await apiTokenCaller(admin);
    expect(tokenCaller.role).toBe('admin');
    expect((await auth.call('GET', '/api/auth/users/', { as: tokenCaller })).status).toBe(403);
    const add = await auth.call('POST', '/api/auth/users/', {
      as: tokenCaller,
      body: { email: uniqueEmail(), password: PASSWORD, role: 'member', sales_access: true },
    });
    expect(add.status).toBe(403);
  });

  it('when an admin has been demoted, then their still-valid access token no longer manages users', async () => {
    const admin = await auth.register();
    const second = await auth.addUser(admin.caller, { role: 'admin' });
    expect((await patchUser(second, admin.profileId, { role: 'member' })).status).toBe(200);
    expect(admin.caller.role).toBe('admin');
    expect((await listUsers(admin)).status).toBe(403);
  });
});

describe('adding users', () => {
  it('when an admin adds a user, then 201 with the profile and the user can log in', async () => {
    const admin = await auth.register();
    const email = uniqueEmail('new');
    const res = await addUser(admin, { email: email.toUpperCase(), password: PASSWORD, role: 'member', sales_access: true });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), email, role: 'member', sales_access: true, is_active: true, email_verified: false });
    expect((await auth.anonymous('POST', '/api/auth/login/', { email, password: PASSWORD })).status).toBe(200);
  });

  it('when an admin adds a user, then profile.created goes to the outbox with the admin as actor', async () => {
    const admin = await auth.register();
    const res = await addUser(admin, { email: uniqueEmail(), password: PASSWORD, role: 'admin', sales_access: false });
    const events = await outboxOf(res.body.id);
    expect(events).toHaveLength(1);
    expect(events[0].type).toBe('profile.created');
    expect(events[0].payload).toMatchObject({
      source: 'auth',
      subject: res.body.id,
      tenantid: admin.orgId,
      actor: { user_id: admin.userId, profile_id: admin.profileId },
      data: { id: res.body.id, user_id: expect.any(String), email: res.body.email, role: 'admin', sales_access: false, version: 1 },
    });
  });

  it('when the e-mail is taken by a verified account, in this or another tenant, then 409 on email', async () => {
    const admin = await auth.register();
    const other = await auth.register();
    await Promise.all([auth.verifyEmail(admin.email), auth.verifyEmail(other.email)]);
    for (const email of [admin.email, other.email.toUpperCase()]) {
      const res = await addUser(admin, { email, password: PASSWORD, role: 'member', sales_access: true });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ detail: expect.any(String), error: true, errors: { email: expect.any(String) } });
    }
  });

  it('when the body is invalid, then 400 with an error on every bad field', async () => {
    const admin = await auth.register();
    const res = await addUser(admin, { email: 'x@', password: 'short', role: 'owner', sales_access: 'yes', org: 'x' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'org', 'password', 'role', 'sales_access']);
    // In the contract's words for a wrong value and a wrong type (api-contract §2; issue 35.12).
    expect(res.body.errors).toMatchObject({ role: 'Must be one of: admin, member.', sales_access: 'Must be true or false.' });
    const missing = await addUser(admin, {});
    expect(missing.body.errors).toEqual({
      email: 'This field is required.',
      password: 'This field is required.',
      role: 'This field is required.',
      sales_access: 'This field is required.',
    });
  });
});

describe('changing users', () => {
  it('when an admin changes role and sales access, then 200 with the profile and profile.updated with version 2', async () => {
    const admin = await auth.register();
    const member = await auth.addUser(admin.caller, { salesAccess: false });
    const res = await patchUser(admin, member.profileId, { sales_access: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: member.profileId, email: member.email, role: 'member', sales_access: true, is_active: true, email_verified: false });
    const promoted = await patchUser(admin, member.profileId, { role: 'admin' });
    expect(promoted.body).toMatchObject({ role: 'admin', sales_access: true });
    const events = await outboxOf(member.profileId);
    expect(events.map((e) => [e.type, e.payload.data.version])).toEqual([
      ['profile.created', 1],
      ['profile.updated', 2],
      ['profile.updated', 3],
    ]);
    expect(events[2].payload).toMatchObject({
      actor: { user_id: admin.userId, profile_id: admin.profileId },
      data: { id: member.profileId, role: 'admin', sales_access: true, email: member.email },
    });
  });

  it('when nothing actually changes, then 200 and no event', async () => {
    const admin = await auth.register();
    const member = await auth.addUser(admin.caller, { salesAccess: true });
    expect((await patchUser(admin, member.profileId, {})).status).toBe(200);
    expect((await patchUser(admin, member.profileId, { role: 'member', sales_access: true })).status).toBe(200);
    expect(await outboxOf(member.profileId)).toHaveLength(1);
  });

  it('when the profile is of another tenant, unknown or malformed, then 404', async () => {
    const admin = await auth.register();
    const stranger = await auth.register();
    for (const id of [stranger.profileId, crypto.randomUUID(), 'not-an-id', admin.profileId.toUpperCase()]) {
      const res = await patchUser(admin, id, { sales_access: false });
      expect({ id, status: res.status, body: res.body }).toEqual({ id, status: 404, body: { detail: 'Not found.' } });
    }
  });

  it('when the body is invalid or has other fields, then 400', async () => {
    const admin = await auth.register();
    const member = await auth.addUser(admin.caller);
    expect((await patchUser(admin, member.profileId, { role: 'owner' })).body.errors).toEqual({ role: expect.any(String) });
    expect((await patchUser(admin, member.profileId, { email: 'a@b.test' })).body.errors).toEqual({ email: 'Unknown field.' });
    expect((await patchUser(admin, member.profileId, { sales_access: null })).status).toBe(400);
  });

  it('when the last admin would be demoted, then 422 and the tenant keeps its admin', async () => {
    const admin = await auth.register();
    const res = await patchUser(admin, admin.profileId, { role: 'member' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ detail: expect.any(String) });
    expect((await listUsers(admin)).body.results[0].role).toBe('admin');
  });

  it('when two admins demote each other at once, then one of them stays admin', async () => {
    const one = await auth.register();
    const two = await auth.addUser(one.caller, { role: 'admin' });
    const results = await Promise.all([
      patchUser(one, two.profileId, { role: 'member' }),
      patchUser(two, one.profileId, { role: 'member' }),
    ]);
    const admins = await auth.sql(`SELECT count(*)::int AS n FROM profiles WHERE org_id = $1 AND role = 'admin'`, [one.orgId]);
    expect(admins[0].n).toBe(1);
    expect(results.map((r) => r.status).sort()).toEqual([200, expect.any(Number)]);
    expect(results.some((r) => r.status === 403 || r.status === 422)).toBe(true);
  });
});
