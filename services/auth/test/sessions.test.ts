import { decodeJwt } from 'jose';
import { AuthTestService, PASSWORD, uniqueEmail } from './support/auth-service';

/** Small limits, reached in a few requests: the tests move the clock through the delays and the windows. */
const FAILURES_PER_PAIR = 4;
const FAILURES_BEFORE_DELAY = 2;
const FAILURES_PER_ADDRESS = 20;

/** 401 with a detail (and what else the refusal says). */
const expectRefused = (res: { status: number; body: unknown }, more: Record<string, unknown> = {}) =>
  expect([res.status, res.body]).toEqual([401, { detail: expect.any(String), ...more }]);
const FAILURE_WINDOW_SECONDS = 60;
const REFRESH_TTL_SECONDS = 3600;
const SESSION_MAX_AGE_SECONDS = 3 * 3600;

let auth: AuthTestService;
beforeAll(async () => {
  auth = await AuthTestService.start({
    LOGIN_FAILURES_PER_ADDRESS_AND_ACCOUNT: String(FAILURES_PER_PAIR),
    LOGIN_FAILURES_BEFORE_DELAY: String(FAILURES_BEFORE_DELAY),
    LOGIN_FAILURES_PER_ADDRESS: String(FAILURES_PER_ADDRESS),
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
/** A client address of its own for each test: the one the gateway would forward in X-Forwarded-For. */
let addressSeed = 0;
const newAddress = () => `203.0.113.${(addressSeed += 1)}`;
const loginFrom = (address: string, email: string, password: string) =>
  auth.call('POST', '/api/auth/login/', { as: null, body: { email, password }, headers: { 'x-forwarded-for': address } });
/** The pair's first `FAILURES_PER_PAIR` failures, waiting out each delay (1 s, 2 s, …) on the movable clock. */
async function failUpToTheLimit(address: string, email: string): Promise<void> {
  for (let failure = 1; failure <= FAILURES_PER_PAIR; failure += 1) {
    expect((await loginFrom(address, email, 'wrong password')).status).toBe(401);
    if (failure >= FAILURES_BEFORE_DELAY) auth.clock.advance(2 ** (failure - FAILURES_BEFORE_DELAY));
  }
}
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

describe('failed logins per client address', () => {
  it('when an address has failed at an e-mail a few times, then its next attempt waits 1 s, then twice as long after each failure, whatever the password', async () => {
    const admin = await auth.register();
    const address = newAddress();
    for (let i = 0; i < FAILURES_BEFORE_DELAY; i += 1) expect((await loginFrom(address, admin.email, 'wrong password')).status).toBe(401);
    const slowed = await loginFrom(address, admin.email, PASSWORD);
    expect([slowed.status, slowed.body]).toEqual([429, { detail: expect.any(String), retry_after: 1 }]);
    expect(slowed.headers.get('retry-after')).toBe('1');
    expect(slowed.headers.get('ratelimit-policy')).toBe(`"login_failures";q=${FAILURES_PER_PAIR};w=${FAILURE_WINDOW_SECONDS}`);
    auth.clock.advance(1);
    expect((await loginFrom(address, admin.email, 'wrong password')).status).toBe(401);
    expect((await loginFrom(address, admin.email, PASSWORD)).body.retry_after).toBe(2);
    auth.clock.advance(2);
    expect((await loginFrom(address, admin.email, PASSWORD)).status).toBe(200);
  });

  it('when a pair has failed its limit, then it is refused until its window ends, the right password too', async () => {
    const admin = await auth.register();
    const address = newAddress();
    await failUpToTheLimit(address, admin.email);
    auth.clock.advance(10);
    const refused = await loginFrom(address, admin.email, PASSWORD);
    expect(refused.status).toBe(429);
    // 1 + 2 + 4 + 10 seconds of the window have gone.
    expect(refused.body.retry_after).toBe(FAILURE_WINDOW_SECONDS - 17);
    expect(refused.headers.get('ratelimit')).toBe(`"login_failures";r=0;t=${FAILURE_WINDOW_SECONDS - 17}`);
    auth.clock.advance(FAILURE_WINDOW_SECONDS - 17);
    expect((await loginFrom(address, admin.email, PASSWORD)).status).toBe(200);
  });

  it('when one address is refused at an account, then the owner logs in from another address, and that address at other accounts', async () => {
    const owner = await auth.register();
    const other = await auth.register();
    const attacker = newAddress();
    await failUpToTheLimit(attacker, owner.email);
    expect((await loginFrom(attacker, owner.email, PASSWORD)).status).toBe(429);
    expect((await loginFrom(newAddress(), owner.email, PASSWORD)).status).toBe(200);
    expect((await login(owner.email, PASSWORD)).status).toBe(200);
    expect((await loginFrom(attacker, other.email, PASSWORD)).status).toBe(200);
  });

  it('when an address fails at many e-mails, then every login from it is refused until its window ends, while other addresses log in', async () => {
    const admin = await auth.register();
    const address = newAddress();
    for (let i = 0; i < FAILURES_PER_ADDRESS; i += 1) expect((await loginFrom(address, uniqueEmail('guess'), 'wrong password')).status).toBe(401);
    const refused = await loginFrom(address, admin.email, PASSWORD);
    // The test clock runs on from where it is moved to: the guesses above may take a second or two.
    expect([refused.status, refused.body.retry_after]).toEqual([429, expect.any(Number)]);
    expect(refused.body.retry_after).toBeGreaterThan(FAILURE_WINDOW_SECONDS - 10);
    expect(refused.body.retry_after).toBeLessThanOrEqual(FAILURE_WINDOW_SECONDS);
    expect(refused.headers.get('ratelimit-policy')).toBe(`"login_failures_per_address";q=${FAILURES_PER_ADDRESS};w=${FAILURE_WINDOW_SECONDS}`);
    expect((await loginFrom(newAddress(), admin.email, PASSWORD)).status).toBe(200);
    auth.clock.advance(FAILURE_WINDOW_SECONDS);
    expect((await loginFrom(address, admin.email, PASSWORD)).status).toBe(200);
  });

  it('when an IPv6 client fails from many addresses of its /64, then they count as one address (docs/security.md §10.6); the next /64 logs in', async () => {
    const admin = await auth.register();
    const network = `2001:db8:${(addressSeed += 1).toString(16)}:1`;
    for (let i = 1; i <= FAILURES_PER_ADDRESS; i += 1) {
      expect((await loginFrom(`${network}::${i.toString(16)}`, uniqueEmail('guess'), 'wrong password')).status).toBe(401);
    }
    const refused = await loginFrom(`${network}:ffff:ffff:ffff:ffff`, admin.email, PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('ratelimit-policy')).toBe(`"login_failures_per_address";q=${FAILURES_PER_ADDRESS};w=${FAILURE_WINDOW_SECONDS}`);
    expect((await loginFrom(`2001:db8:${(addressSeed += 1).toString(16)}:2::1`, admin.email, PASSWORD)).status).toBe(200);
    // An IPv4-mapped address is its IPv4 address.
    const v4 = newAddress();
    await failUpToTheLimit(`::ffff:${v4}`, admin.email);
    expect((await loginFrom(v4, admin.email, PASSWORD)).status).toBe(429);
  });

  it('when logins succeed, then they are not failures of their address, and a pair\'s failures before them are forgotten', async () => {
    const admin = await auth.register();
    const address = newAddress();
    for (let i = 0; i < FAILURES_PER_ADDRESS - 1; i += 1) await loginFrom(address, uniqueEmail('guess'), 'wrong password');
    for (let i = 0; i < 5; i += 1) expect((await loginFrom(address, admin.email, PASSWORD)).status).toBe(200);
    expect((await loginFrom(address, admin.email, 'wrong password')).status).toBe(401);
    expect((await loginFrom(address, admin.email, PASSWORD)).status).toBe(429);
    const pair = newAddress();
    for (let i = 0; i < FAILURES_BEFORE_DELAY; i += 1) await loginFrom(pair, admin.email, 'wrong password');
    auth.clock.advance(1);
    expect((await loginFrom(pair, admin.email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < FAILURES_BEFORE_DELAY; i += 1) expect((await loginFrom(pair, admin.email, 'wrong password')).status).toBe(401);
  });

  it('when an unknown e-mail is guessed at, then the pair is limited the same way', async () => {
    const email = uniqueEmail('ghost');
    const address = newAddress();
    await failUpToTheLimit(address, email);
    expect((await loginFrom(address, email, 'wrong password')).status).toBe(429);
  });

  it('when many guesses of one pair arrive at once, then only those before its first delay are checked', async () => {
    const admin = await auth.register();
    const address = newAddress();
    const results = await Promise.all(Array.from({ length: 8 }, () => loginFrom(address, admin.email, 'wrong password')));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(FAILURES_BEFORE_DELAY);
    expect(statuses.filter((s) => s === 429)).toHaveLength(8 - FAILURES_BEFORE_DELAY);
    // The refused ones were not failures of the address: it has all but two of its own left.
    for (let i = 0; i < FAILURES_PER_ADDRESS - FAILURES_BEFORE_DELAY; i += 1) expect((await loginFrom(address, uniqueEmail('guess'), 'x')).status).toBe(401);
    expect((await loginFrom(address, uniqueEmail('guess'), 'x')).status).toBe(429);
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
    const address = newAddress();
    await loginFrom(address, ghost, 'wrong password');
    auth.clock.advance(2 * REFRESH_TTL_SECONDS + 120);
    expect((await login(admin.email, PASSWORD)).status).toBe(200);
    const tokens = await auth.sql(`SELECT expires_at FROM refresh_tokens WHERE profile_id = $1`, [admin.profileId]);
    expect(tokens).toHaveLength(1);
    expect(await auth.sql(`SELECT 1 FROM login_failures_per_address_and_account WHERE email = $1`, [ghost])).toHaveLength(0);
    expect(await auth.sql(`SELECT 1 FROM login_failures_per_address WHERE address = $1`, [address])).toHaveLength(0);
  });
});
