import { calculateJwkThumbprint, decodeProtectedHeader, exportJWK, generateKeyPair, importJWK, jwtVerify } from 'jose';
import { loadConfig } from '@crm/platform';
import { authConfig, signingKeyCipher } from '@crm/auth';
import { AuthTestService } from './support/auth-service';
import { runAuthMain } from './support/auth-main';
import { productionInternalKeys } from '@crm/testing';

let auth: AuthTestService;
beforeAll(async () => {
  auth = await AuthTestService.start();
});
afterAll(async () => {
  // The next file's services start as on a fresh database: one key, made when they start.
  await auth.sql('DELETE FROM signing_keys');
  await auth.stop();
});

const SEALED = /^aes-256-gcm\$[\w-]{16}\$[\w-]+\$[\w-]{22}$/;

describe('signing keys at rest', () => {
  it('when a key is stored, then its private part is sealed with AES-256-GCM and no column holds it in clear', async () => {
    const rows = await auth.sql<{ key: Record<string, any> }>(`SELECT to_jsonb(k) AS key FROM signing_keys k`);
    expect(rows.length).toBeGreaterThan(0);
    const cipher = await signingKeyCipher(loadConfig(authConfig, process.env));
    for (const { key } of rows) {
      expect(key.private_jwk).toBeNull();
      expect(key.sealed_private_jwk).toMatch(SEALED);
      expect(JSON.stringify(key)).not.toContain('"d"');
      // It opens, with the service's secret and for its own kid only, to the private half of the published key.
      expect(cipher.open(key.kid, key.sealed_private_jwk)).toMatchObject({ kty: 'OKP', crv: 'Ed25519', x: key.public_jwk.x, d: expect.any(String) });
      expect(() => cipher.open(`${key.kid}x`, key.sealed_private_jwk)).toThrow(/does not open/);
    }
  });

  it('when a key was stored in clear before, then the service seals it on start and goes on signing with it', async () => {
    const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const publicJwk = await exportJWK(publicKey);
    const kid = await calculateJwkThumbprint(publicJwk);
    await auth.sql('DELETE FROM signing_keys');
    await auth.sql(`INSERT INTO signing_keys (kid, algorithm, public_jwk, private_jwk) VALUES ($1, 'EdDSA', $2, $3)`, [
      kid,
      JSON.stringify(publicJwk),
      JSON.stringify(await exportJWK(privateKey)),
    ]);

    const upgraded = await AuthTestService.start();
    try {
      const [row] = await upgraded.sql(`SELECT private_jwk, sealed_private_jwk FROM signing_keys WHERE kid = $1`, [kid]);
      expect(row).toEqual({ private_jwk: null, sealed_private_jwk: expect.stringMatching(SEALED) });
      const admin = await upgraded.register();
      expect(decodeProtectedHeader(admin.access).kid).toBe(kid);
      await expect(jwtVerify(admin.access, await importJWK(publicJwk, 'EdDSA'))).resolves.toBeDefined();
    } finally {
      await upgraded.stop();
    }
  });

  it('when the service starts with another SIGNING_KEY_SECRET, then it stops, naming the setting its keys do not open with', async () => {
    const run = await runAuthMain({ SIGNING_KEY_SECRET: 'another-signing-key-secret-0123456789abcdef' });
    expect(run.served).toBe(false);
    expect(run.code).toBe(1);
    expect(JSON.stringify(run.lines)).toMatch(/does not open with SIGNING_KEY_SECRET/);
  });
});

describe('the signing-key secret in production', () => {
  const production = {
    NODE_ENV: 'production',
    ...productionInternalKeys(),
    SIGNING_KEY_SECRET: '',
    // What else production asks of auth (its e-mail), so the signing secret is what it refuses.
    SMTP_URL: 'smtp://127.0.0.1:2525',
    PUBLIC_BASE_URL: 'https://crm.example.com',
  };

  it('when NODE_ENV is production and SIGNING_KEY_SECRET is empty, then the service stops, naming the setting', async () => {
    const run = await runAuthMain(production);
    expect(run.served).toBe(false);
    expect(run.code).toBe(1);
    expect(JSON.stringify(run.lines)).toContain('SIGNING_KEY_SECRET: must be set in production');
  });

  it('when NODE_ENV is production and SIGNING_KEY_SECRET is the Kubernetes dev overlay\'s (published with the code), then the service stops', async () => {
    const run = await runAuthMain({ ...production, SIGNING_KEY_SECRET: 'dev-cluster-signing-key-secret-not-for-production' });
    expect(run.served).toBe(false);
    expect(run.code).toBe(1);
    expect(JSON.stringify(run.lines)).toContain('SIGNING_KEY_SECRET: must be set in production');
  });

  it('when NODE_ENV is production and SIGNING_KEY_SECRET has little entropy (32 equal characters), then the service stops, saying why (issue 35)', async () => {
    const run = await runAuthMain({ ...production, SIGNING_KEY_SECRET: 'a'.repeat(32) });
    expect([run.served, run.code]).toEqual([false, 1]);
    expect(JSON.stringify(run.lines)).toContain('SIGNING_KEY_SECRET: has 1 distinct character (at least 8): not a random secret');
  });

  it('when NODE_ENV is production and SIGNING_KEY_SECRET is empty, then the rotation command refuses too', async () => {
    const run = await runAuthMain(production, ['rotate-signing-key']);
    expect(run.served).toBe(false);
    expect(run.code).toBe(1);
    expect(JSON.stringify(run.lines)).toContain('SIGNING_KEY_SECRET: must be set in production');
  });
});
