import { queryRows, type Db } from '@crm/shared';
import type { JWK } from 'jose';

export interface StoredSigningKey {
  kid: string;
  algorithm: string;
  publicJwk: JWK;
  privateJwk: JWK;
  createdAt: Date;
}

interface SigningKeyRow {
  kid: string;
  algorithm: string;
  public_jwk: JWK;
  private_jwk: JWK;
  created_at: Date;
}

const toKey = (row: SigningKeyRow): StoredSigningKey => ({
  kid: row.kid,
  algorithm: row.algorithm,
  publicJwk: row.public_jwk,
  privateJwk: row.private_jwk,
  createdAt: row.created_at,
});

/** Serialises key creation across replicas starting at once (held until the transaction ends). */
export async function lockSigningKeys(db: Db): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtext('crm-auth:signing-keys'))`);
}

/** Keys not retired, newest first: the first signs, all of them are published. */
export async function activeSigningKeys(db: Db): Promise<StoredSigningKey[]> {
  const rows = await queryRows<SigningKeyRow>(
    db,
    `SELECT kid, algorithm, public_jwk, private_jwk, created_at
       FROM signing_keys WHERE retired_at IS NULL ORDER BY created_at DESC, kid`,
  );
  return rows.map(toKey);
}

export async function insertSigningKey(
  db: Db,
  key: Pick<StoredSigningKey, 'kid' | 'algorithm' | 'publicJwk' | 'privateJwk'>,
): Promise<void> {
  await db.query(`INSERT INTO signing_keys (kid, algorithm, public_jwk, private_jwk) VALUES ($1, $2, $3, $4)`, [
    key.kid,
    key.algorithm,
    JSON.stringify(key.publicJwk),
    JSON.stringify(key.privateJwk),
  ]);
}
