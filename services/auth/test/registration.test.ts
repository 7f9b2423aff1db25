import { AuthTestService, PASSWORD, uniqueEmail } from './support/auth-service';

let auth: AuthTestService;
beforeAll(async () => (auth = await AuthTestService.start()));
afterAll(() => auth.stop());

const register = (body: unknown) => auth.anonymous('POST', '/api/auth/register/', body);

describe('registering an organisation', () => {
  it('when an organisation registers, then it gets a tenant, its admin with sales access and a token pair', async () => {
    const email = uniqueEmail('founder');
    const res = await register({ org_name: 'Globex', email, password: PASSWORD });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      org: { id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Globex' },
      user: { id: expect.stringMatching(/^[0-9a-f-]{36}$/), email, email_verified: false },
      profile: { id: expect.stringMatching(/^[0-9a-f-]{36}$/), role: 'admin', sales_access: true },
      access: expect.any(String),
      refresh: expect.any(String),
    });
    const login = await auth.anonymous('POST', '/api/auth/login/', { email, password: PASSWORD });
    expect(login.status).toBe(200);
  });

  it('when the e-mail has capitals and spaces, then it is stored trimmed and lower-cased', async () => {
    const email = uniqueEmail('mixed');
    const res = await register({ org_name: 'Initech', email: `  ${email.toUpperCase()} `, password: PASSWORD });
    expect(res.status).toBe(201);
    expect(res.body.user.email).toBe(email);
    const [row] = await auth.sql('SELECT email FROM users WHERE id = $1', [res.body.user.id]);
    expect(row.email).toBe(email);
  });

  it('when the password is stored, then only its scrypt hash is kept', async () => {
    const admin = await auth.register();
    const [row] = await auth.sql('SELECT password_hash FROM users WHERE id = $1', [admin.userId]);
    expect(row.password_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/);
    expect(row.password_hash).not.toContain(PASSWORD);
  });

  it('when the e-mail is already registered and verified, in any case, then 409 on email and no second tenant', async () => {
    const admin = await auth.register();
    await auth.verifyEmail(admin.email);
    const before = await auth.sql('SELECT count(*)::int AS n FROM orgs');
    const again = await register({ org_name: 'Other', email: admin.email.toUpperCase(), password: PASSWORD });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: expect.any(String), error: true, errors: { email: expect.any(String) } });
    const after = await auth.sql('SELECT count(*)::int AS n FROM orgs');
    expect(after[0].n).toBe(before[0].n);
  });

  it('when registrations race for one unverified e-mail, then each either takes it from the one before (201) or loses the race (409), and one account holds it in the end', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all([1, 2, 3].map((n) => register({ org_name: `Race ${n}`, email, password: PASSWORD })));
    expect(results.map((r) => r.status)).toContain(201);
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const holders = await auth.sql('SELECT id FROM users WHERE lower(email) = $1 AND released_at IS NULL', [email]);
    expect(holders).toHaveLength(1);
    const released = await auth.sql('SELECT id FROM users WHERE lower(email) = $1 AND released_at IS NOT NULL', [email]);
    expect(released).toHaveLength(results.filter((r) => r.status === 201).length - 1);
  });

  it('when registrations race for a verified e-mail, then every one gets 409', async () => {
    const admin = await auth.register();
    await auth.verifyEmail(admin.email);
    const results = await Promise.all([1, 2, 3].map((n) => register({ org_name: `Race ${n}`, email: admin.email, password: PASSWORD })));
    expect(results.map((r) => r.status)).toEqual([409, 409, 409]);
  });

  it('when the fields are blank or invalid, then 400 with an error on each field', async () => {
    const res = await register({ org_name: '   ', email: 'not-an-email', password: 'short' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: true,
      errors: { org_name: expect.any(String), email: expect.any(String), password: expect.any(String) },
    });
  });

  it('when the fields are missing, then 400 saying each is required', async () => {
    const res = await register({});
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      org_name: 'This field is required.',
      email: 'This field is required.',
      password: 'This field is required.',
    });
  });

  it('when the password has fewer than 10 characters, then 400 on password in plain words', async () => {
    const res = await register({ org_name: 'Short', email: uniqueEmail(), password: '9-chars!x' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ password: 'Use at least 10 characters.' });
  });

  it('when the password is a common one or the e-mail address, then 400 on password and nothing is written', async () => {
    const email = uniqueEmail('rules');
    const common = await register({ org_name: 'Common', email, password: 'Password123' });
    expect([common.status, common.body.errors]).toEqual([400, { password: 'This password is too common: choose another.' }]);
    const own = await register({ org_name: 'Own', email, password: email.toUpperCase() });
    expect([own.status, own.body.errors]).toEqual([400, { password: 'Your password must not be your e-mail address.' }]);
    expect(await auth.sql('SELECT 1 FROM users WHERE email = $1', [email])).toHaveLength(0);
  });

  it('when the body has an unknown field, then 400 naming it', async () => {
    const res = await register({ org_name: 'Extra', email: uniqueEmail(), password: PASSWORD, role: 'member' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ role: 'Unknown field.' });
  });

  it('when the body is not JSON or not an object, then 400 rather than a server error', async () => {
    const broken = await auth.call('POST', '/api/auth/register/', { as: null, rawBody: '{"org_name": ' });
    expect(broken.status).toBe(400);
    expect(broken.body.error).toBe(true);
    const list = await auth.call('POST', '/api/auth/register/', { as: null, body: [1, 2] });
    expect(list.status).toBe(400);
    expect(list.body.errors).toEqual({ body: expect.any(String) });
  });

  it('when an organisation registers, then profile.created is in the outbox in the same commit', async () => {
    const admin = await auth.register();
    const rows = await auth.sql(`SELECT type, subject, tenant_id, payload FROM auth.outbox WHERE subject = $1`, [
      admin.profileId,
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'profile.created', subject: admin.profileId, tenant_id: admin.orgId });
    expect(rows[0].payload).toEqual({
      specversion: '1.0',
      id: expect.any(String),
      source: 'auth',
      type: 'profile.created',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      subject: admin.profileId,
      tenantid: admin.orgId,
      actor: { user_id: admin.userId, profile_id: admin.profileId },
      datacontenttype: 'application/json',
      data: { id: admin.profileId, user_id: admin.userId, email: admin.email, role: 'admin', sales_access: true, version: 1 },
    });
  });

  it('when registration fails, then nothing of it is written', async () => {
    const email = uniqueEmail('nothing');
    await register({ org_name: 'Nothing', email, password: 'short' });
    expect(await auth.sql('SELECT 1 FROM users WHERE email = $1', [email])).toHaveLength(0);
  });
});
