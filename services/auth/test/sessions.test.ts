import { decodeJwt } from 'jose';
import { AuthTestService, PASSWORD, uniqueEmail } from './support/auth-service';

const FAILURE_LIMIT = 3;

/** 401 with a detail (and what else the refusal says). */
const expectRefused = (res: { status: number; body: unknown }, more: Record<string, unknown> = {}) =>
  expect([res.status, res.body]).toEqual([401, { detail: expect.any(String), ...more }]);
const FAILURE_WINDOW_SECONDS = 60;
const REFRESH_TTL_SECONDS = 3600;
const SESSION_MAX_AGE_SECONDS = 3 * 3600;

let auth: AuthTestService;
beforeAll(async () => {
  auth = await AuthTestService.start({
    LOGIN_FAILURES_PER_EMAIL: String(FAILURE_LIMIT),
    LOGIN_FAILURE_WINDOW_SECONDS: String(FAILURE_WINDOW_SECONDS),
    REFRESH_TOKEN_TTL_SECONDS: String(REFRESH_TTL_SECONDS),
    REFRESH_SESSION_MAX_AGE: '3h',
  });
});
afterAll(async () => {
  await auth.stop();
});
afterEach(() => {
  auth.clock.reset();
});

const login = (email: string, password: string) => auth.anonymous('POST', '/api/auth/login/', { email, password });
const refresh = (token: string) => auth.anonymous('POST', '/api/auth/refresh-token/', { refresh: token });
const logout = (token: string) => auth.anonymous('POST', '/api/auth/logout/', { refresh: token });

describe('logging in', () => {
  it('when the password is right, then login answers an access and a refresh token', async () => {
    const admin = await auth.register();
    const res = await login(admin.email, PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ access: expect.any(String), refresh: expect.any(String) });
    expect(decodeJwt(res.body.access)).toMatchObject({ sub: admin.userId, pid: admin.profileId, tid: admin.orgId });
  });

  it('when the e-mail is typed in another case, then the account is still found', async () => {
    const admin = await auth.register();
    expect((await login(`  ${admin.email.toUpperCase()}`, PASSWORD)).status).toBe(200);
  });

  it('when the password is wrong, then 401 with only a detail', async () => {
    const admin = await auth.register();
    const res = await login(admin.email, 'wrong password');
    expectRefused(res);
  });

  it('when the e-mail is unknown, then the answer is the same as for a wrong password', async () => {
    const admin = await auth.register();
    const wrongPassword = await login(admin.email, 'wrong password');
    const unknownEmail = await login(uniqueEmail('nobody'), 'wrong password');
    expect(unknownEmail.status).toBe(401);
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });

  it('when fields are missing, malformed or unknown, then 400 on those fields', async () => {
    const missing = await auth.anonymous('POST', '/api/auth/login/', {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ email: 'This field is required.', password: 'This field is required.' });
    const malformed = await auth.anonymous('POST', '/api/auth/login/', { email: 'nope', password: 12345678, otp: '1' });
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.body.errors).sort()).toEqual(['email', 'otp', 'password']);
  });
});

describe('failed logins per e-mail address', () => {
  it('when the failures pass the limit, then 429 with retry_after and an equal Retry-After, even for the right password', async () => {
    const admin = await auth.register();
    for (let i = 0; i < FAILURE_LIMIT; i += 1) expect((await login(admin.email, 'wrong password')).status).toBe(401);
    const limited = await login(admin.email, PASSWORD);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ detail: expect.any(String), retry_after: expect.any(Number) });
    expect(limited.body.retry_after).toBeGreaterThan(0);
    expect(limited.body.retry_after).toBeLessThanOrEqual(FAILURE_WINDOW_SECONDS);
    expect(limited.headers.get('retry-after')).toBe(String(limited.body.retry_after));
  });

  it('when the window is over, then the address may log in again', async () => {
    const admin = await auth.register();
    for (let i = 0; i < FAILURE_LIMIT; i += 1) await login(admin.email, 'wrong password');
    expect((await login(admin.email, PASSWORD)).status).toBe(429);
    auth.clock.advance(FAILURE_WINDOW_SECONDS + 1);
    expect((await login(admin.email, PASSWORD)).status).toBe(200);
  });

  it('when a login succeeds, then the failures before it are forgotten', async () => {
    const admin = await auth.register();
    for (let i = 0; i < FAILURE_LIMIT - 1; i += 1) await login(admin.email, 'wrong password');
    expect((await login(admin.email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < FAILURE_LIMIT - 1; i += 1) expect((await login(admin.email, 'wrong password')).status).toBe(401);
    expect((await login(admin.email, PASSWORD)).status).toBe(200);
  });

  it('when one address is locked, then other addresses are not', async () => {
    const locked = await auth.register();
    const other = await auth.register();
    for (let i = 0; i <= FAILURE_LIMIT; i += 1) await login(locked.email, 'wrong password');
    expect((await login(locked.email, PASSWORD)).status).toBe(429);
    expect((await login(other.email, PASSWORD)).status).toBe(200);
  });

  it('when an unknown address is guessed at, then it is limited the same way', async () => {
    const email = uniqueEmail('ghost');
    for (let i = 0; i < FAILURE_LIMIT; i += 1) expect((await login(email, 'wrong password')).status).toBe(401);
    expect((await login(email, 'wrong password')).status).toBe(429);
  });

  it('when many guesses arrive at once, then no more than the limit are checked', async () => {
    const admin = await auth.register();
    const results = await Promise.all(Array.from({ length: 8 }, () => login(admin.email, 'wrong password')));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(FAILURE_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(8 - FAILURE_LIMIT);
  });
});

describe('refreshing a session', () => {
  it('when a refresh token is used, then it is rotated and the new pair works', async () => {
    const admin = await auth.register();
    const first = await refresh(admin.refresh);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ access: expect.any(String), refresh: expect.any(String) });
    expect(first.body.refresh).not.toBe(admin.refresh);
    expect(decodeJwt(first.body.access)).toMatchObject({ sub: admin.userId, pid: admin.profileId });
    expect((await refresh(first.body.refresh)).status).toBe(200);
  });

  it('when a refresh token is reused, then it is refused and its whole family revoked', async () => {
    const admin = await auth.register();
    const first = await refresh(admin.refresh);
    const reuse = await refresh(admin.refresh);
    expectRefused(reuse);
    const descendant = await refresh(first.body.refresh);
    expectRefused(descendant);
  });

  it('when one session is revoked for reuse, then the user’s other sessions keep working', async () => {
    const admin = await auth.register();
    const otherSession = await login(admin.email, PASSWORD);
    await refresh(admin.refresh);
    await refresh(admin.refresh);
    expect((await refresh(otherSession.body.refresh)).status).toBe(200);
  });

  it('when the same refresh token is sent twice at once, then only one request gets a new pair', async () => {
    const admin = await auth.register();
    const results = await Promise.all([refresh(admin.refresh), refresh(admin.refresh)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('when a refresh token is unknown, then 401 with code token_not_valid', async () => {
    const res = await refresh('not-a-real-refresh-token');
    expectRefused(res, { code: 'token_not_valid' });
  });

  it('when a refresh token has expired, then 401 with code token_not_valid', async () => {
    const admin = await auth.register();
    auth.clock.advance(REFRESH_TTL_SECONDS + 1);
    const res = await refresh(admin.refresh);
    expectRefused(res, { code: 'token_not_valid' });
  });

  it('when a refresh token is used just before it expires, then the new one lives a full lifetime', async () => {
    const admin = await auth.register();
    auth.clock.advance(REFRESH_TTL_SECONDS - 10);
    const next = await refresh(admin.refresh);
    expect(next.status).toBe(200);
    auth.clock.advance(REFRESH_TTL_SECONDS - 10);
    expect((await refresh(next.body.refresh)).status).toBe(200);
  });

  it('when the profile changed since login, then the refreshed access token carries the current role', async () => {
    const admin = await auth.register();
    const member = await auth.addUser(admin.caller, { salesAccess: true });
    await auth.call('PATCH', `/api/auth/users/${member.profileId}/`, { as: admin.caller, body: { sales_access: false } });
    const next = await refresh(member.refresh);
    expect(decodeJwt(next.body.access)).toMatchObject({ role: 'member', sales: false, scope: '' });
  });

  it('when refresh tokens are stored, then only their SHA-256 is kept', async () => {
    const admin = await auth.register();
    const rows = await auth.sql(`SELECT token_hash FROM refresh_tokens WHERE profile_id = $1`, [admin.profileId]);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].token_hash).not.toBe(admin.refresh);
  });

  it('when the body is missing the token or has other fields, then 400', async () => {
    expect((await auth.anonymous('POST', '/api/auth/refresh-token/', {})).body.errors).toEqual({
      refresh: 'This field is required.',
    });
    const extra = await auth.anonymous('POST', '/api/auth/refresh-token/', { refresh: 'x', access: 'y' });
    expect(extra.status).toBe(400);
    expect(extra.body.errors).toEqual({ access: 'Unknown field.' });
  });
});

describe('the absolute lifetime of a session', () => {
  it('when a session is refreshed again and again, then it still ends REFRESH_SESSION_MAX_AGE after its login', async () => {
    const admin = await auth.register();
    let token = admin.refresh;
    for (let elapsed = 0; elapsed + REFRESH_TTL_SECONDS < SESSION_MAX_AGE_SECONDS; elapsed += REFRESH_TTL_SECONDS - 600) {
      auth.clock.advance(REFRESH_TTL_SECONDS - 600);
      const next = await refresh(token);
      expect(next.status).toBe(200);
      token = next.body.refresh;
    }
    auth.clock.reset();
    auth.clock.advance(SESSION_MAX_AGE_SECONDS + 1);
    const res = await refresh(token);
    expectRefused(res, { code: 'token_not_valid' });
  });

  it('when the user logs in again, then the new session gets a full lifetime of its own', async () => {
    const admin = await auth.register();
    auth.clock.advance(SESSION_MAX_AGE_SECONDS - 60);
    const again = await login(admin.email, PASSWORD);
    auth.clock.advance(REFRESH_TTL_SECONDS - 60);
    expect((await refresh(again.body.refresh)).status).toBe(200);
  });
});

describe('logging out', () => {
  it('when a session logs out, then 204 and none of its refresh tokens refreshes any more', async () => {
    const admin = await auth.register();
    const rotated = await refresh(admin.refresh);
    const res = await logout(rotated.body.refresh);
    expect(res.status).toBe(204);
    expect(res.body).toBe('');
    const after = await refresh(rotated.body.refresh);
    expectRefused(after);
  });

  it('when a user logs out of one session, then their other sessions go on', async () => {
    const admin = await auth.register();
    const otherSession = await login(admin.email, PASSWORD);
    expect((await logout(admin.refresh)).status).toBe(204);
    expect((await refresh(otherSession.body.refresh)).status).toBe(200);
  });

  it('when the session has logged out already, then 401 with a detail', async () => {
    const admin = await auth.register();
    await logout(admin.refresh);
    const again = await logout(admin.refresh);
    expectRefused(again);
  });

  it('when the refresh token was used already, then 401 and its session is revoked as for any reuse', async () => {
    const admin = await auth.register();
    const rotated = await refresh(admin.refresh);
    const res = await logout(admin.refresh);
    expectRefused(res);
    expect((await refresh(rotated.body.refresh)).status).toBe(401);
  });

  it('when the refresh token is unknown or expired, then 401 with code token_not_valid', async () => {
    const admin = await auth.register();
    auth.clock.advance(REFRESH_TTL_SECONDS + 1);
    for (const token of ['not-a-real-refresh-token', admin.refresh]) {
      const res = await logout(token);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: expect.any(String), code: 'token_not_valid' });
    }
  });

  it('when the body is missing the token or has other fields, then 400', async () => {
    const missing = await auth.anonymous('POST', '/api/auth/logout/', {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ refresh: 'This field is required.' });
    const extra = await auth.anonymous('POST', '/api/auth/logout/', { refresh: 'x', access: 'y' });
    expect(extra.status).toBe(400);
    expect(extra.body.errors).toEqual({ access: 'Unknown field.' });
  });
});

describe('answers that carry credentials', () => {
  // That register, login, refresh and API-token creation answer no-store is shown through the gateway (test/e2e/auth-flows).
  it('when a refusal answers one of those routes, then it is not stored either', async () => {
    const res = await refresh('not-a-real-refresh-token');
    expect([res.status, res.headers.get('cache-control')]).toEqual([401, 'no-store']);
  });
});

describe('housekeeping', () => {
  it('when refresh tokens and failure counts are long past use, then a later login deletes them', async () => {
    const admin = await auth.register();
    const ghost = uniqueEmail('ghost');
    await login(ghost, 'wrong password');
    auth.clock.advance(2 * REFRESH_TTL_SECONDS + 120);
    expect((await login(admin.email, PASSWORD)).status).toBe(200);
    const tokens = await auth.sql(`SELECT expires_at FROM refresh_tokens WHERE profile_id = $1`, [admin.profileId]);
    expect(tokens).toHaveLength(1);
    expect(await auth.sql(`SELECT 1 FROM login_failures WHERE email = $1`, [ghost])).toHaveLength(0);
  });
});
