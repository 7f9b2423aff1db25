import { startTestSystem, type TestSystem } from '../support/system';
import { registerTenant, uniqueEmail, type TenantAdmin } from '../support/tenants';

const READ_LIMIT = 30;
const WRITE_LIMIT = 5;
const ANON_LIMIT = 4;
/** Failed logins of one address at one e-mail: fewer than its anon bucket takes, so that rate is the one that refuses. */
const LOGIN_FAILURES = ANON_LIMIT - 1;

let system: TestSystem;
beforeAll(async () => {
  system = await startTestSystem({
    THROTTLE_RATES: `read=${READ_LIMIT}/hour,write=${WRITE_LIMIT}/hour,anon=${ANON_LIMIT}/minute`,
    LOGIN_FAILURES_PER_ADDRESS_AND_ACCOUNT: String(LOGIN_FAILURES),
    // No slowing down before the limit: the refusal tested below is the limit's.
    LOGIN_FAILURES_BEFORE_DELAY: String(LOGIN_FAILURES),
    // As behind one ingress controller: the X-Forwarded-For each test sends is what the controller would add.
    TRUST_PROXY: '1',
  });
});
afterAll(async () => {
  await system.stop();
});

/** Each registration counts against the anon bucket of one client address; give each test its own. */
let addressSeed = 1;
function clientAddress(): string {
  addressSeed += 1;
  return `198.51.100.${addressSeed}`;
}

async function freshAdmin(): Promise<TenantAdmin> {
  const address = clientAddress();
  return registerTenant(system.api.withHeaders({ 'x-forwarded-for': address }));
}

const me = (token: string) => system.api.get('/api/auth/me/', { token });
const write = (token: string) => system.api.post('/api/auth/api-tokens/', { name: `t${Math.random()}`, scopes: ['leads:read'] }, { token });

describe('read and write limits per credential', () => {
  it('when requests succeed, then they carry RateLimit-Policy and RateLimit headers of their bucket', async () => {
    const admin = await freshAdmin();
    const res = await me(admin.access);
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-policy')).toBe(`"read";q=${READ_LIMIT};w=3600`);
    expect(res.headers.get('ratelimit')).toMatch(new RegExp(`^"read";r=${READ_LIMIT - 1};t=\\d+$`));
  });

  it('when the read bucket is spent, then 429 with retry_after and an equal Retry-After header', async () => {
    const admin = await freshAdmin();
    for (let i = 0; i < READ_LIMIT; i += 1) expect((await me(admin.access)).status).toBe(200);
    const limited = await me(admin.access);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ detail: expect.stringMatching(/\d+ seconds?/), retry_after: expect.any(Number) });
    expect(Number.isInteger(limited.body.retry_after)).toBe(true);
    expect(limited.body.retry_after).toBeGreaterThan(0);
    expect(limited.body.retry_after).toBeLessThanOrEqual(3600);
    expect(limited.headers.get('retry-after')).toBe(String(limited.body.retry_after));
  });

  it('when the read bucket is spent, then writes still pass: the buckets are separate', async () => {
    const admin = await freshAdmin();
    for (let i = 0; i < READ_LIMIT; i += 1) await me(admin.access);
    expect((await me(admin.access)).status).toBe(429);
    const created = await write(admin.access);
    expect(created.status).toBe(201);
    expect(created.headers.get('ratelimit-policy')).toBe(`"write";q=${WRITE_LIMIT};w=3600`);
  });

  it('when one credential is limited, then another user is not', async () => {
    const limited = await freshAdmin();
    const other = await freshAdmin();
    for (let i = 0; i < WRITE_LIMIT; i += 1) expect((await write(limited.access)).status).toBe(201);
    expect((await write(limited.access)).status).toBe(429);
    expect((await write(other.access)).status).toBe(201);
  });

  it('when a user refreshes their token, then the new token shares the old one’s bucket', async () => {
    const admin = await freshAdmin();
    for (let i = 0; i < READ_LIMIT; i += 1) await me(admin.access);
    const refreshed = await system.api.withHeaders({ 'x-forwarded-for': clientAddress() }).post('/api/auth/refresh-token/', { refresh: admin.refresh });
    expect(refreshed.status).toBe(200);
    expect((await me(refreshed.body.access)).status).toBe(429);
  });

  it('when an API token is used, then it spends its creator’s bucket, not one of its own', async () => {
    const admin = await freshAdmin();
    const created = await write(admin.access);
    for (let i = 0; i < READ_LIMIT; i += 1) await me(admin.access);
    expect((await me(admin.access)).status).toBe(429);
    expect((await me(created.body.token)).status).toBe(429);
  });

  it('when 100 requests arrive at once with 10 left, then exactly 10 pass', async () => {
    const admin = await freshAdmin();
    for (let i = 0; i < READ_LIMIT - 10; i += 1) expect((await me(admin.access)).status).toBe(200);
    const burst = await Promise.all(Array.from({ length: 100 }, () => me(admin.access)));
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(90);
  });
});

describe('unauthenticated endpoints', () => {
  it('when one client address calls login too often, then 429, while another address is served', async () => {
    const address = clientAddress();
    const api = system.api.withHeaders({ 'x-forwarded-for': address });
    // Each at an e-mail of its own: the failures of no (address, e-mail) pair come near their limit.
    const attempt = () => api.post('/api/auth/login/', { email: uniqueEmail('nobody'), password: 'whatever1' });
    for (let i = 0; i < ANON_LIMIT; i += 1) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.body.retry_after).toBeGreaterThan(0);
    const other = await system.api
      .withHeaders({ 'x-forwarded-for': clientAddress() })
      .post('/api/auth/login/', { email: 'nobody@example.test', password: 'whatever1' });
    expect(other.status).toBe(401);
  });

  it('when an address has failed too many logins at an e-mail, then the 429 names the rate that refused it, with nothing left, not the address’s anon bucket', async () => {
    const admin = await freshAdmin();
    const api = system.api.withHeaders({ 'x-forwarded-for': clientAddress() });
    const attempt = () => api.post('/api/auth/login/', { email: admin.email, password: 'wrong password 1' });
    for (let i = 0; i < LOGIN_FAILURES; i += 1) expect((await attempt()).status).toBe(401);
    const refused = await attempt();
    expect(refused.status).toBe(429);
    const retryAfter = refused.headers.get('retry-after');
    expect(refused.headers.get('ratelimit-policy')).toBe(`"login_failures";q=${LOGIN_FAILURES};w=900`);
    expect(refused.headers.get('ratelimit')).toBe(`"login_failures";r=0;t=${retryAfter}`);
    expect(refused.body.retry_after).toBe(Number(retryAfter));
  });
});
