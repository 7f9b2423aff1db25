import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import { ConfigError, productionSecretProblems } from '@crm/platform';
import type { JWK } from 'jose';

/** SIGNING_KEY_SECRET when unset: for `npm start` and the tests only, refused when NODE_ENV=production. */
export const DEV_SIGNING_KEY_SECRET = 'dev-only-signing-key-secret-change-me';

const SCHEME = 'aes-256-gcm';
const IV_BYTES = 12;
/**
 * The AES key is derived from the secret once per process. scrypt, so that a secret chosen by a person
 * is costly to guess from a stolen table; the salt only sets this use of the secret apart from any other.
 * Changing any of this changes the scheme: keys sealed before would no longer open.
 */
const KEY_DERIVATION = { salt: 'crm-auth:signing-keys', N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

export interface SigningKeyCipher {
  /** `aes-256-gcm$iv$ciphertext$tag` (base64url, a random IV per key), bound to `kid`: it opens for that key only. */
  seal(kid: string, privateJwk: JWK): string;
  open(kid: string, sealed: string): JWK;
}

export interface SigningKeySecretSettings {
  NODE_ENV: 'development' | 'test' | 'production';
  SIGNING_KEY_SECRET: string;
}

/** Encryption at rest of the private signing keys. Production must not run on the development secret, nor a weak one. */
export async function signingKeyCipher(settings: SigningKeySecretSettings): Promise<SigningKeyCipher> {
  if (settings.NODE_ENV === 'production') {
    const problems = productionSecretProblems({ SIGNING_KEY_SECRET: settings.SIGNING_KEY_SECRET }, { SIGNING_KEY_SECRET: DEV_SIGNING_KEY_SECRET });
    if (problems.length > 0) throw new ConfigError(problems);
  }
  const key = await deriveKey(settings.SIGNING_KEY_SECRET);
  return {
    seal(kid, privateJwk) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(SCHEME, key, iv).setAAD(Buffer.from(kid, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(JSON.stringify(privateJwk), 'utf8'), cipher.final()]);
      const parts = [iv, ciphertext, cipher.getAuthTag()].map((part) => part.toString('base64url'));
      return [SCHEME, ...parts].join('$');
    },
    open(kid, sealed) {
      const [scheme, iv, ciphertext, tag] = sealed.split('$');
      if (scheme !== SCHEME || !iv || !ciphertext || !tag) throw new Error(`signing key ${kid}: not a sealed private key`);
      try {
        const decipher = createDecipheriv(SCHEME, key, Buffer.from(iv, 'base64url'))
          .setAAD(Buffer.from(kid, 'utf8'))
          .setAuthTag(Buffer.from(tag, 'base64url'));
        const plain = Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]);
        return JSON.parse(plain.toString('utf8')) as JWK;
      } catch (error) {
        throw new Error(`signing key ${kid} does not open with SIGNING_KEY_SECRET: it was sealed with another secret`, { cause: error });
      }
    },
  };
}

function deriveKey(secret: string): Promise<Buffer> {
  const { salt, ...cost } = KEY_DERIVATION;
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, 32, cost, (error, key) => (error ? reject(error) : resolve(key)));
  });
}
