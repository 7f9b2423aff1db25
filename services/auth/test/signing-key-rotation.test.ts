import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { loadConfig } from '@crm/platform';
import { authConfig, rotateSigningKey } from '@crm/auth';
import { AuthTestService } from './support/auth-service';
import { runAuthMain } from './support/auth-main';

const PUBLISH_AHEAD_SECONDS = 60;
const ACCESS_TOKEN_TTL_SECONDS = 900;
const SETTINGS = {
  SIGNING_KEY_PUBLISH_AHEAD_SECONDS: String(PUBLISH_AHEAD_SECONDS),
  ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_TTL_SECONDS),
};
/** Longer than a process keeps the keys it loaded: a rotation made elsewhere has reached it after this. */
const RELOAD_SECONDS = 6;

// The clock only moves forward in this file: each test rotates again from where the last one left off.
let auth: AuthTestService;
beforeAll(async () => {
  auth = await AuthTestService.start(SETTINGS);
});
afterAll(async () => {
  // The next file's services start as on a fresh database: one key, made when they start.
  await auth.sql('DELETE FROM signing_keys');
  await auth.stop();
});

const rotate = () => rotateSigningKey(auth.service.dataSource, loadConfig(authConfig, { ...process.env, ...SETTINGS }), auth.clock.now());
const kidOf = (token: string) => decodeProtectedHeader(token).kid;
const signingKid = async () => kidOf((await auth.register()).access);
const jwks = async (): Promise<JSONWebKeySet> => (await auth.anonymous('GET', '/api/auth/.well-known/jwks.json')).body;
const publishedKids = async () => (await jwks()).keys.map((key) => key.kid);
/** What the gateway does, at the service's time. */
const verify = async (token: string, keys: JSONWebKeySet) =>
  jwtVerify(token, createLocalJWKSet(keys), {
    algorithms: ['EdDSA'],
    issuer: 'crm-auth',
    audience: 'crm-api',
    currentDate: auth.clock.now(),
  });

describe('rotating the signing key', () => {
  it('when `main.js rotate-signing-key` runs, then it makes a key the running service publishes', async () => {
    const run = await runAuthMain(SETTINGS, ['rotate-signing-key']);
    expect(run.served).toBe(false);
    expect(run.code).toBe(0);
    const rotated = run.lines.find((line) => line.msg === 'signing key rotated');
    expect(rotated).toMatchObject({ kid: expect.any(String), activates_at: expect.any(String) });
    auth.clock.advance(RELOAD_SECONDS);
    expect(await publishedKids()).toContain(rotated!.kid);
  });

  it('when the key is rotated, then the JWKS publishes the new key beside the old one while the old one still signs', async () => {
    const oldKid = await signingKid();
    const { kid: newKid } = await rotate();
    auth.clock.advance(RELOAD_SECONDS);
    expect(await publishedKids()).toEqual(expect.arrayContaining([oldKid, newKid]));
    expect(await signingKid()).toBe(oldKid);
  });

  it('when the publish-ahead time has passed, then the new key signs and tokens of both keys verify', async () => {
    const before = await auth.register();
    const { kid: newKid } = await rotate();
    auth.clock.advance(PUBLISH_AHEAD_SECONDS + RELOAD_SECONDS);
    const after = await auth.register();
    expect(kidOf(after.access)).toBe(newKid);
    expect(kidOf(before.access)).not.toBe(newKid);
    const keys = await jwks();
    await expect(verify(before.access, keys)).resolves.toBeDefined();
    await expect(verify(after.access, keys)).resolves.toBeDefined();
  });

  it('when every token the old key signed has expired, then the JWKS publishes the new key only', async () => {
    const oldKid = await signingKid();
    const { kid: newKid } = await rotate();
    // The old key signs until the new one takes over; its last token lives one access-token lifetime more.
    auth.clock.advance(PUBLISH_AHEAD_SECONDS + ACCESS_TOKEN_TTL_SECONDS);
    expect(await publishedKids()).toEqual(expect.arrayContaining([oldKid, newKid]));
    auth.clock.advance(120);
    expect(await publishedKids()).toEqual([newKid]);
  });
});
