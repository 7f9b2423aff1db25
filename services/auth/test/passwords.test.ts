import { loadConfig } from '@crm/platform';
import { authConfig } from '@crm/auth';
import { HashQueueFullError, passwordHashing } from '../src/passwords/passwords';
import { AuthTestService, PASSWORD } from './support/auth-service';

/** The cost the suites run with (test/support/test-env.ts lowers OWASP's for speed). */
const TEST_COST = Number(process.env.PASSWORD_HASH_COST);

let auth: AuthTestService;
beforeAll(async () => (auth = await AuthTestService.start()));
afterAll(() => auth.stop());

const storedHash = async (userId: string): Promise<string> =>
  (await auth.sql('SELECT password_hash FROM users WHERE id = $1', [userId]))[0].password_hash;
const login = (email: string) => auth.anonymous('POST', '/api/auth/login/', { email, password: PASSWORD });
const scryptPrefix = (log2N: number) => `scrypt$${2 ** log2N}$8$1$`;

/** A user whose password was hashed by a service running with another cost. */
async function registeredWithCost(log2N: number) {
  const other = await AuthTestService.start({ PASSWORD_HASH_COST: String(log2N) });
  try {
    return await other.register();
  } finally {
    await other.stop();
  }
}

describe('password hashes', () => {
  it('when PASSWORD_HASH_COST is unset, then the cost is OWASP’s: scrypt N=2^17, r=8, p=1', () => {
    expect(loadConfig(authConfig, {}).PASSWORD_HASH_COST).toBe(17);
  });

  it('when a password is stored, then its hash names the scrypt parameters it was made with', async () => {
    const admin = await auth.register();
    expect(await storedHash(admin.userId)).toMatch(new RegExp(`^${scryptPrefix(TEST_COST).replaceAll('$', '\\$')}[\\w-]{22}\\$[\\w-]{43}$`));
  });

  it('when a stored hash has a weaker cost than the configured one, then the next login rehashes it', async () => {
    const user = await registeredWithCost(TEST_COST - 2);
    const weak = await storedHash(user.userId);
    expect(weak.startsWith(scryptPrefix(TEST_COST - 2))).toBe(true);
    expect((await login(user.email)).status).toBe(200);
    const rehashed = await storedHash(user.userId);
    expect(rehashed.startsWith(scryptPrefix(TEST_COST))).toBe(true);
    expect((await login(user.email)).status).toBe(200);
    expect(await storedHash(user.userId)).toBe(rehashed);
  });

  it('when a stored hash has a stronger cost, then a login leaves it as it is', async () => {
    const user = await registeredWithCost(TEST_COST + 1);
    const strong = await storedHash(user.userId);
    expect((await login(user.email)).status).toBe(200);
    expect(await storedHash(user.userId)).toBe(strong);
  });

  it('when a login fails, then the stored hash is left as it is', async () => {
    const user = await registeredWithCost(TEST_COST - 2);
    const weak = await storedHash(user.userId);
    expect((await auth.anonymous('POST', '/api/auth/login/', { email: user.email, password: 'wrong password' })).status).toBe(401);
    expect(await storedHash(user.userId)).toBe(weak);
  });

  it('when the service runs at OWASP’s cost, then passwords are hashed with N=2^17 within the memory scrypt needs', async () => {
    const owasp = await AuthTestService.start({ PASSWORD_HASH_COST: '' });
    try {
      const admin = await owasp.register();
      expect(await owasp.sql('SELECT password_hash FROM users WHERE id = $1', [admin.userId])).toEqual([
        { password_hash: expect.stringMatching(/^scrypt\$131072\$8\$1\$/) },
      ]);
      expect((await owasp.anonymous('POST', '/api/auth/login/', { email: admin.email, password: PASSWORD })).status).toBe(200);
    } finally {
      await owasp.stop();
    }
  }, 60_000);
});

describe('the hashing queue', () => {
  /** Slow enough (16 MiB, tens of ms a hash) that the first ones still run while the rest are asked for. */
  const SLOW_COST = 14;
  const QUEUE = 3;
  /** Two hashes run at once (per process); `QUEUE` more wait. */
  const ADMITTED = 2 + QUEUE;

  /** Settles to 'done' or to the refusal, with when it settled. */
  const timed = (work: Promise<unknown>) =>
    work.then(
      () => ({ outcome: 'done' as const, at: performance.now() }),
      (error: unknown) => ({ outcome: error, at: performance.now() }),
    );

  it('when two hashes run and PASSWORD_HASH_QUEUE more wait, then one more is refused at once with 503 and Retry-After, before any hash', async () => {
    const hashing = await passwordHashing(SLOW_COST, QUEUE);
    expect(hashing.hasRoom()).toBe(true);
    const admitted = Array.from({ length: ADMITTED }, (_, i) => timed(hashing.hash(`password ${i}`)));
    expect(hashing.hasRoom()).toBe(false);
    const refused = await Promise.all([timed(hashing.hash('one too many')), timed(hashing.check('one too many', undefined))]);
    const firstDone = Math.min(...(await Promise.all(admitted)).map(({ at }) => at));
    for (const { outcome, at } of refused) {
      expect(outcome).toBeInstanceOf(HashQueueFullError);
      expect(outcome).toMatchObject({ status: 503, headers: { 'Retry-After': '1' } });
      expect((outcome as HashQueueFullError).body()).toEqual({ detail: expect.any(String) });
      // Refused before even the first admitted hash was done: it never waited for a slot.
      expect(at).toBeLessThan(firstDone);
    }
    expect((await Promise.all(admitted)).map(({ outcome }) => outcome)).toEqual(Array(ADMITTED).fill('done'));
    expect(hashing.hasRoom()).toBe(true);
  });

  it('when the queue has room again, then hashes and checks are taken again', async () => {
    const hashing = await passwordHashing(SLOW_COST, QUEUE);
    await Promise.all(Array.from({ length: ADMITTED }, (_, i) => hashing.hash(`password ${i}`)));
    const stored = await hashing.hash(PASSWORD);
    expect(await hashing.check(PASSWORD, stored)).toEqual({ matches: true, weakerThanConfigured: false });
  });

  it('when PASSWORD_HASH_QUEUE is 0, then only the two running hashes are taken', async () => {
    const hashing = await passwordHashing(SLOW_COST, 0);
    const running = [hashing.hash('a'), hashing.hash('b')];
    await expect(hashing.hash('c')).rejects.toBeInstanceOf(HashQueueFullError);
    await Promise.all(running);
  });

  it('when PASSWORD_HASH_QUEUE is unset, then 8 hashes may wait', () => {
    expect(loadConfig(authConfig, {}).PASSWORD_HASH_QUEUE).toBe(8);
  });
});
