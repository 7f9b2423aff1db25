import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { DataSource } from '@crm/shared';
import { activeSigningKeys, insertSigningKey, lockSigningKeys, type StoredSigningKey } from './signing-keys.repository';

export const SIGNING_ALGORITHM = 'EdDSA';

/** The key access tokens are signed with, and the public keys the JWKS publishes. */
export interface SigningKeyRing {
  current: { kid: string; key: CryptoKey | Uint8Array };
  jwks: { keys: JWK[] };
}

async function generateSigningKey(): Promise<Pick<StoredSigningKey, 'kid' | 'algorithm' | 'publicJwk' | 'privateJwk'>> {
  const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { crv: 'Ed25519', extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const privateJwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  return { kid, algorithm: SIGNING_ALGORITHM, publicJwk, privateJwk };
}

const publishedJwk = (key: StoredSigningKey): JWK => {
  const { kty, crv, x } = key.publicJwk;
  return { kty, crv, x, kid: key.kid, alg: key.algorithm, use: 'sig' };
};

/**
 * Loads the signing keys, generating and storing an Ed25519 key on the very first start (under a lock,
 * so replicas starting together agree on one key).
 */
export async function loadSigningKeys(dataSource: DataSource): Promise<SigningKeyRing> {
  const keys = await dataSource.transaction(async (manager) => {
    await lockSigningKeys(manager);
    const existing = await activeSigningKeys(manager);
    if (existing.length > 0) return existing;
    await insertSigningKey(manager, await generateSigningKey());
    return activeSigningKeys(manager);
  });
  const newest = keys[0]!;
  return {
    current: { kid: newest.kid, key: await importJWK(newest.privateJwk, newest.algorithm) },
    jwks: { keys: keys.map(publishedJwk) },
  };
}
