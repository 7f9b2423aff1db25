import { decodeProtectedHeader } from 'jose';
import { loadConfig } from '@crm/platform';
import { authConfig, rotateSigningKey } from '@crm/auth';
import { startTestSystem, type TestSystem } from '../support/system';
import { eventually, PASSWORD, registerTenant } from '../support/tenants';

/** The shortest allowed: past the gateway's wait between two key-set fetches (10 s) and auth's key reload (5 s). */
const PUBLISH_AHEAD_SECONDS = 15;
const SETTINGS = { SIGNING_KEY_PUBLISH_AHEAD_SECONDS: String(PUBLISH_AHEAD_SECONDS) };

let system: TestSystem;
beforeAll(async () => {
  system = await startTestSystem(SETTINGS);
});
afterAll(async () => {
  // The next file's services start as on a fresh database: one key, made when they start.
  await system.services.auth!.dataSource.query('DELETE FROM signing_keys');
  await system.stop();
});

const kidOf = (token: string) => decodeProtectedHeader(token).kid;
const login = async (email: string): Promise<string> =>
  (await system.api.post('/api/auth/login/', { email, password: PASSWORD })).body.access;
const meStatus = async (token: string) => (await system.api.get('/api/auth/me/', { token })).status;
const publishedKids = async (): Promise<string[]> =>
  (await system.api.get('/api/auth/.well-known/jwks.json')).body.keys.map((key: { kid: string }) => key.kid);
const sleepUntil = (time: Date) => new Promise((resolve) => setTimeout(resolve, Math.max(0, time.getTime() - Date.now())));

describe('rotating the signing key', () => {
  it('when the key is rotated, then tokens of the old key keep working and tokens of the new key work as soon as it signs', async () => {
    const admin = await registerTenant(system.api);
    const oldKid = kidOf(admin.access);
    const oldTokenShownLater = await login(admin.email);
    // The gateway fetches auth's key set now, moments before the rotation: the case a verifier's refetch
    // cooldown would turn into 401s if the new key signed at once.
    expect(await meStatus(admin.access)).toBe(200);

    const rotation = await rotateSigningKey(
      system.services.auth!.dataSource,
      loadConfig(authConfig, { ...process.env, ...SETTINGS }),
      new Date(),
    );
    await eventually(async () => ((await publishedKids()).includes(rotation.kid) ? true : undefined), 10_000, 'the new key in the JWKS');
    const signedAfterRotation = await login(admin.email);
    expect(kidOf(signedAfterRotation)).toBe(oldKid);
    expect(await meStatus(signedAfterRotation)).toBe(200);

    await sleepUntil(rotation.activatesAt);
    const signedByNewKey = await eventually(
      async () => {
        const token = await login(admin.email);
        return kidOf(token) === rotation.kid ? token : undefined;
      },
      10_000,
      'a token signed by the new key',
    );
    expect(await meStatus(signedByNewKey)).toBe(200);
    expect(await meStatus(oldTokenShownLater)).toBe(200);
    expect(await publishedKids()).toEqual(expect.arrayContaining([oldKid, rotation.kid]));
  }, 90_000);
});
