import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { DataSource, Db } from '@crm/platform';
import type { SigningKeyCipher } from './signing-key-cipher';
import {
  clearTextSigningKeys,
  insertSigningKey,
  liveSigningKeys,
  lockSigningKeys,
  replaceWithSealed,
  type StoredSigningKey,
} from './signing-keys.repository';

export const SIGNING_ALGORITHM = 'EdDSA';

/**
 * How long a process goes on with the keys it loaded: a rotation made elsewhere (the command, another
 * replica) reaches it within this. SIGNING_KEY_PUBLISH_AHEAD_SECONDS allows for it.
 */
const RELOAD_AFTER_MS = 5_000;

export interface SigningKey {
  kid: string;
  key: CryptoKey | Uint8Array;
}

/** The keys of access tokens as this process knows them. */
export interface SigningKeyRing {
  /** The newest key active at `now`: the one access tokens are signed with. */
  signingKey(now: Date): Promise<SigningKey>;
  /** The public keys published at `now`: the signing one, any older one whose tokens may not have expired, any newer one published ahead. */
  jwks(now: Date): Promise<{ keys: JWK[] }>;
}

/** A new Ed25519 key, its private part sealed, signing from `activatesAt`. */
export async function generateSigningKey(
  cipher: SigningKeyCipher,
  activatesAt: Date,
): Promise<Omit<StoredSigningKey, 'retiredAt'>> {
  const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { crv: 'Ed25519', extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  const sealedPrivateJwk = cipher.seal(kid, await exportJWK(privateKey));
  return { kid, algorithm: SIGNING_ALGORITHM, publicJwk, sealedPrivateJwk, activatesAt };
}

/** Seals the keys a version before encryption at rest stored in clear; inside a transaction holding the lock. */
export async function sealClearTextKeys(db: Db, cipher: SigningKeyCipher): Promise<void> {
  for (const { kid, privateJwk } of await clearTextSigningKeys(db)) {
    await replaceWithSealed(db, kid, cipher.seal(kid, privateJwk));
  }
}

const publishedJwk = (key: StoredSigningKey): JWK => {
  const { kty, crv, x } = key.publicJwk;
  return { kty, crv, x, kid: key.kid, alg: key.algorithm, use: 'sig' };
};

/**
 * The ring, on start: keys still in clear are sealed, and on the very first start an Ed25519 key is
 * made that signs at once (under the lock, so replicas starting together agree on one key). Fails when
 * the keys do not open with the secret.
 */
export async function openSigningKeyRing(dataSource: DataSource, cipher: SigningKeyCipher, now: Date): Promise<SigningKeyRing> {
  await dataSource.transaction(async (manager) => {
    await lockSigningKeys(manager);
    await sealClearTextKeys(manager, cipher);
    if ((await liveSigningKeys(manager, now)).length === 0) await insertSigningKey(manager, await generateSigningKey(cipher, now));
  });
  const ring = signingKeyRing(dataSource, cipher);
  await ring.signingKey(now); // opens every key: a wrong SIGNING_KEY_SECRET stops the start here
  return ring;
}

interface OpenedKey {
  stored: StoredSigningKey;
  privateKey: CryptoKey | Uint8Array;
}

function signingKeyRing(dataSource: DataSource, cipher: SigningKeyCipher): SigningKeyRing {
  let loaded: { at: number; keys: OpenedKey[] } | undefined;
  let loading: Promise<OpenedKey[]> | undefined;

  const load = async (now: Date): Promise<OpenedKey[]> => {
    const stored = await liveSigningKeys(dataSource, now);
    const keys = await Promise.all(
      stored.map(async (key) => ({ stored: key, privateKey: await importJWK(cipher.open(key.kid, key.sealedPrivateJwk), key.algorithm) })),
    );
    loaded = { at: now.getTime(), keys };
    return keys;
  };

  const publishedAt = async (now: Date): Promise<OpenedKey[]> => {
    const keys =
      loaded && Math.abs(now.getTime() - loaded.at) < RELOAD_AFTER_MS
        ? loaded.keys
        : await (loading ??= load(now).finally(() => (loading = undefined)));
    return keys.filter(({ stored }) => stored.retiredAt === null || stored.retiredAt > now);
  };

  return {
    async signingKey(now) {
      const published = await publishedAt(now);
      // Before any is active (a replica whose clock is behind the one that made the very first key): the first to activate.
      const current = published.find(({ stored }) => stored.activatesAt <= now) ?? published.at(-1);
      if (!current) throw new Error('auth has no published signing key');
      return { kid: current.stored.kid, key: current.privateKey };
    },
    async jwks(now) {
      return { keys: (await publishedAt(now)).map(({ stored }) => publishedJwk(stored)) };
    },
  };
}

/**
 * The key access tokens are signed with at `now`, opened: for the suites that forge tokens exactly as
 * auth would sign them (a bug accepting a forged claim must not hide behind a bad signature).
 */
export async function openedSigningKey(db: Db, cipher: SigningKeyCipher, now: Date): Promise<{ kid: string; privateJwk: JWK }> {
  const signing = (await liveSigningKeys(db, now)).find((key) => key.activatesAt <= now);
  if (!signing) throw new Error('auth has no signing key');
  return { kid: signing.kid, privateJwk: cipher.open(signing.kid, signing.sealedPrivateJwk) };
}
