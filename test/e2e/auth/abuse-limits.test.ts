import { setTimeout as sleep } from 'node:timers/promises';
import { startTestSystem, type TestSystem } from '../../support/system';
import { PASSWORD, registerTenant, uniqueEmail, type TenantAdmin } from '../../support/tenants';

/**
 * api-contract §10.6 and the last rule of §10.5, through the gateway: failed logins slow down and then
 * refuse the (address, account) pair and the address, never the account for an address that has not
 * failed; the password-hashing queue is bounded (503 at once past it); the rate limits count per user,
 * every API token of theirs included, with at most 50 live tokens a user; and no answer carrying a secret
 * is kept for an Idempotency-Key or replayed.
 */
const READ_LIMIT = 12;
const FAILURES_PER_PAIR = 3;
const FAILURES_BEFORE_DELAY = 2;
const FAILURES_PER_ADDRESS = 5;
const HASH_QUEUE = 1;
const WINDOW_SECONDS = 900;

let system: TestSystem;
beforeAll(async () => {
  system = await startTestSystem({
    THROTTLE_RATES: `read=${READ_LIMIT}/hour,write=100000/hour,anon=100000/minute,unauthenticated=100000/minute`,
    // As behind one ingress controller: the X-Forwarded-For each request sends is the client address it would add.
    TRUST_PROXY: '1',
    LOGIN_FAILURES_PER_ADDRESS_AND_ACCOUNT: String(FAILURES_PER_PAIR),
    LOGIN_FAILURES_BEFORE_DELAY: String(FAILURES_BEFORE_DELAY),
    LOGIN_FAILURES_PER_ADDRESS: String(FAILURES_PER_ADDRESS),
    PASSWORD_HASH_QUEUE: String(HASH_QUEUE),
    // Hashes slow enough (32 MiB, tens of milliseconds each) that a burst of logins finds the queue full.
    PASSWORD_HASH_COST: '15',
  });
});
afterAll(async () => {
  await system.stop();
});

let addressSeed = 0;
/** A client address no other request of the run came from (TEST-NET-1: no other suite uses it; the worker's database and Redis outlive a file). */
const freshAddress = () => `192.0.2.${(addressSeed += 1)}`;
const from = (address: string) => system.api.withHeaders({ 'x-forwarded-for': address });
const login = (address: string, email: string, password: string, headers: Record<string, string> = {}) =>
  from(address).post('/api/auth/login/', { email, password }, { headers });
const me = (token: string) => system.api.get('/api/auth/me/', { token });
const createToken = (admin: { access: string }, name: string, extra: Record<string, unknown> = {}) =>
  system.api.post('/api/auth/api-tokens/', { name, scopes: ['leads:read'], ...extra }, { token: admin.access });
const keptFor = (key: string) => system.services.auth!.dataSource.query('SELECT 1 FROM idempotency_keys WHERE key = $1', [key]);

describe('failed logins limit the address, never the account', () => {
  let owner: TenantAdmin;
  beforeAll(async () => {
    owner = await registerTenant(system.api);
  });

  it('when one address guesses at an account, then it is slowed and then refused, the right password too, while the owner logs in from an address that has not failed', async () => {
    const attacker = freshAddress();
    for (let i = 0; i < FAILURES_BEFORE_DELAY; i += 1) expect((await login(attacker, owner.email, 'wrong guess 1')).status).toBe(401);
    const slowed = await login(attacker, owner.email, PASSWORD);
    expect([slowed.status, slowed.body]).toEqual([429, { detail: expect.any(String), retry_after: 1 }]);
    expect(slowed.headers.get('retry-after')).toBe('1');
    expect(slowed.headers.get('ratelimit-policy')).toBe(`"login_failures";q=${FAILURES_PER_PAIR};w=${WINDOW_SECONDS}`);
    expect((await login(freshAddress(), owner.email, PASSWORD)).status).toBe(200);

    await sleep(1_100);
    expect((await login(attacker, owner.email, 'wrong guess 2')).status).toBe(401);
    await sleep(2_100); // past the delay of that failure too: now it is the limit that refuses
    const refused = await login(attacker, owner.email, PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body.retry_after).toBeGreaterThan(WINDOW_SECONDS - 10);
    expect(refused.headers.get('ratelimit')).toBe(`"login_failures";r=0;t=${refused.body.retry_after}`);
    expect((await login(freshAddress(), owner.email, PASSWORD)).status).toBe(200);
  });

  it('when one address fails at many accounts, then every login from it is refused, while those accounts log in from elsewhere', async () => {
    const attacker = freshAddress();
    for (let i = 0; i < FAILURES_PER_ADDRESS; i += 1) expect((await login(attacker, uniqueEmail('guess'), 'wrong guess')).status).toBe(401);
    const refused = await login(attacker, owner.email, PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('ratelimit-policy')).toBe(`"login_failures_per_address";q=${FAILURES_PER_ADDRESS};w=${WINDOW_SECONDS}`);
    expect((await login(freshAddress(), owner.email, PASSWORD)).status).toBe(200);
  });
});

describe('the password-hashing queue', () => {
  it('when more logins arrive than two hashes and PASSWORD_HASH_QUEUE can take, then the rest are refused at once with 503 and Retry-After', async () => {
    const admin = await registerTenant(system.api);
    const started = performance.now();
    const burst = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const res = await login(freshAddress(), i === 0 ? admin.email : uniqueEmail('burst'), i === 0 ? PASSWORD : 'wrong guess');
        return { res, ms: performance.now() - started };
      }),
    );
    const refused = burst.filter(({ res }) => res.status === 503);
    const checked = burst.filter(({ res }) => res.status !== 503);
    // Two hash and one waits; arrivals spread over a few milliseconds may find a slot freed meanwhile.
    expect(refused.length).toBeGreaterThanOrEqual(6);
    expect(checked.every(({ res }) => [200, 401].includes(res.status))).toBe(true);
    for (const { res } of refused) {
      expect(res.body).toEqual({ detail: expect.any(String) });
      expect(res.headers.get('retry-after')).toBe('1');
    }
    // Refused without waiting for a hash: before the last of the checked ones, which waited for theirs.
    expect(Math.max(...refused.map(({ ms }) => ms))).toBeLessThan(Math.max(...checked.map(({ ms }) => ms)));
    // Once the burst is answered the queue has room again.
    expect((await login(freshAddress(), admin.email, PASSWORD)).status).toBe(200);
  });
});

describe('rate limits count per user', () => {
  it("when two API tokens of one user are used, then they and the user's access token spend one bucket, and another user keeps theirs", async () => {
    const admin = await registerTenant(system.api);
    const other = await registerTenant(system.api);
    const [one, two] = await Promise.all(['one', 'two'].map(async (name) => (await createToken(admin, name)).body.token as string));
    for (let i = 0; i < READ_LIMIT / 2; i += 1) expect([(await me(one!)).status, (await me(two!)).status]).toEqual([200, 200]);
    const refused = await Promise.all([one!, two!, admin.access].map(me));
    expect(refused.map((res) => res.status)).toEqual([429, 429, 429]);
    expect(refused[0]!.headers.get('ratelimit-policy')).toBe(`"read";q=${READ_LIMIT};w=3600`);
    expect((await me(other.access)).status).toBe(200);
  });
});

describe('API tokens per user', () => {
  it('when a user holds 50 live API tokens, then a 51st is refused with 409 until one is revoked or expires', async () => {
    const admin = await registerTenant(system.api);
    const colleague = await registerTenant(system.api);
    const expiresSoon = new Date(Date.now() + 3_000).toISOString();
    const created: string[] = [];
    for (let i = 0; i < 50; i += 1) {
      const res = await createToken(admin, `token ${i}`, i === 0 ? { expires_at: expiresSoon } : {});
      expect(res.status).toBe(201);
      created.push(res.body.id);
    }
    const tooMany = await createToken(admin, 'token 50');
    expect([tooMany.status, tooMany.body]).toEqual([409, { detail: expect.stringContaining('50 live API tokens') }]);
    expect((await createToken(colleague, 'token 50')).status).toBe(201);

    expect((await system.api.delete(`/api/auth/api-tokens/${created[1]}/`, { token: admin.access })).status).toBe(204);
    expect((await createToken(admin, 'token 50')).status).toBe(201);
    expect((await createToken(admin, 'token 51')).status).toBe(409);
    await sleep(Math.max(0, Date.parse(expiresSoon) - Date.now()) + 100);
    expect((await createToken(admin, 'token 51')).status).toBe(201);
  });
});

describe('answers carrying a secret are never kept for an Idempotency-Key', () => {
  it('when a refresh is repeated with its Idempotency-Key, then the repeat is a reuse: 401, the family revoked, and nothing kept for the key', async () => {
    const admin = await registerTenant(system.api);
    const key = `refresh-${admin.orgId}`;
    const refresh = (token: string) => system.api.post('/api/auth/refresh-token/', { refresh: token }, { headers: { 'Idempotency-Key': key } });
    const first = await refresh(admin.refresh);
    expect(first.status).toBe(200);
    const repeat = await refresh(admin.refresh);
    expect([repeat.status, repeat.headers.get('idempotent-replayed')]).toEqual([401, null]);
    expect((await system.api.post('/api/auth/refresh-token/', { refresh: first.body.refresh })).status).toBe(401);
    expect(await keptFor(key)).toEqual([]);
  });

  it('when register, login or API-token creation is repeated with its key, then each is served afresh, never replayed, and nothing is kept', async () => {
    const email = uniqueEmail('keyed');
    const keyed = (key: string) => ({ headers: { 'Idempotency-Key': key } });
    const registerKey = `register-${email}`;
    const register = () => system.api.post('/api/auth/register/', { org_name: 'Keyed', email, password: PASSWORD }, keyed(registerKey));
    const registered = await register();
    const registeredAgain = await register();
    // Registered afresh: the address, never verified, goes to the second registration (api-contract §10.4).
    expect([registered.status, registeredAgain.status, registeredAgain.headers.get('idempotent-replayed')]).toEqual([201, 201, null]);
    expect(registeredAgain.body.org.id).not.toBe(registered.body.org.id);

    const loginKey = `login-${email}`;
    const address = freshAddress();
    const [one, two] = [await login(address, email, PASSWORD, keyed(loginKey).headers), await login(address, email, PASSWORD, keyed(loginKey).headers)];
    expect([one.status, two.status, two.headers.get('idempotent-replayed')]).toEqual([200, 200, null]);
    expect(two.body.refresh).not.toBe(one.body.refresh);

    const tokenKey = `api-token-${email}`;
    const create = () => system.api.post('/api/auth/api-tokens/', { name: 'ci', scopes: ['leads:read'] }, { token: one.body.access, ...keyed(tokenKey) });
    const created = await create();
    const createdAgain = await create();
    expect([created.status, createdAgain.status, createdAgain.headers.get('idempotent-replayed')]).toEqual([201, 409, null]);
    expect(createdAgain.text).not.toContain(created.body.token);

    for (const key of [registerKey, loginKey, tokenKey]) expect(await keptFor(key)).toEqual([]);
  });
});
