import { queryRows, type Db } from '@crm/platform';
import type { JWK } from 'jose';

export interface StoredSigningKey {
  kid: string;
  algorithm: string;
  publicJwk: JWK;
  /** The private JWK, sealed by the SigningKeyCipher. */
  sealedPrivateJwk: string;
  /** When it starts signing (a rotated key is published ahead of that). */
  activatesAt: Date;
  /** When it stops being published; null until a newer key is made. */
  retiredAt: Date | null;
}

interface SigningKeyRow {
  kid: string;
  algorithm: string;
  public_jwk: JWK;
  sealed_private_jwk: string;
  activates_at: Date;
  retired_at: Date | null;
}

const toKey = (row: SigningKeyRow): StoredSigningKey => ({
  kid: row.kid,
  algorithm: row.algorithm,
  publicJwk: row.public_jwk,
  sealedPrivateJwk: row.sealed_private_jwk,
  activatesAt: row.activates_at,
  retiredAt: row.retired_at,
});

/** Serialises changes of the keys across replicas and the rotation command (held until the transaction ends). */
export async function lockSigningKeys(db: Db): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtext('crm-auth:signing-keys'))`);
}

/** Keys still published at `now`, the newest to activate first. */
export async function liveSigningKeys(db: Db, now: Date): Promise<StoredSigningKey[]> {
  const rows = await queryRows<SigningKeyRow>(
    db,
    `SELECT kid, algorithm, public_jwk, sealed_private_jwk, activates_at, retired_at
       FROM signing_keys WHERE retired_at IS NULL OR retired_at > $1 ORDER BY activates_at DESC, kid`,
    [now],
  );
  return rows.map(toKey);
}

export async function insertSigningKey(db: Db, key: Omit<StoredSigningKey, 'retiredAt'>): Promise<void> {
  await db.query(
    `INSERT INTO signing_keys (kid, algorithm, public_jwk, sealed_private_jwk, activates_at) VALUES ($1, $2, $3, $4, $5)`,
    [key.kid, key.algorithm, JSON.stringify(key.publicJwk), key.sealedPrivateJwk, key.activatesAt],
  );
}

/** Keys stored before their encryption at rest, private part in clear. */
export async function clearTextSigningKeys(db: Db): Promise<Array<{ kid: string; privateJwk: JWK }>> {
  const rows = await queryRows<{ kid: string; private_jwk: JWK }>(
    db,
    `SELECT kid, private_jwk FROM signing_keys WHERE private_jwk IS NOT NULL`,
  );
  return rows.map((row) => ({ kid: row.kid, privateJwk: row.private_jwk }));
}

export async function replaceWithSealed(db: Db, kid: string, sealedPrivateJwk: string): Promise<void> {
  await db.query(`UPDATE signing_keys SET sealed_private_jwk = $2, private_jwk = NULL WHERE kid = $1`, [kid, sealedPrivateJwk]);
}

/** Every key not yet given a retirement time stops being published at `retiredAt`. */
export async function retireSigningKeys(db: Db, retiredAt: Date): Promise<void> {
  await db.query(`UPDATE signing_keys SET retired_at = $1 WHERE retired_at IS NULL`, [retiredAt]);
}

/** Keys no longer published: every token they signed has expired, nothing needs their private part. */
export async function deleteRetiredSigningKeys(db: Db, now: Date): Promise<void> {
  await db.query(`DELETE FROM signing_keys WHERE retired_at <= $1`, [now]);
}
