import { queryOne, queryRows, type Db } from '../database';

/**
 * The keys of api-contract §6, in the schema of the service that does the write (each service's frozen
 * migrations create `idempotency_keys`). A key is the caller's (`scope`: tenant, profile and credential),
 * so one key never answers another caller.
 */

/** A stored key, as a repeat of its request finds it. */
export interface StoredKey {
  fingerprint: string;
  holder: string;
  leaseOver: boolean;
  committed: boolean;
  /** What the committed write returned, and the status it was to be answered with. */
  result: { status: number | null; body: unknown } | null;
  answer: StoredAnswer | null;
}

export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer | null;
}

interface KeyRow {
  fingerprint: string;
  holder: string;
  lease_over: boolean;
  committed: boolean;
  result: unknown;
  result_status: number | null;
  status: number | null;
  headers: Record<string, string> | null;
  body: Buffer | null;
}

export interface KeyId {
  scope: string;
  key: string;
}

/**
 * The bookkeeping statements below commit without waiting for the disk (each is its own transaction, in
 * which this sets `synchronous_commit` off): what they write is safe to lose in a crash. The write's
 * own commit, later, flushes them too (the log is written in order), and without it a lost claim or
 * answer leaves what a repeat handles anyway (a lease that runs out; the mark of the committed write).
 */
const UNFLUSHED = `(SELECT set_config('synchronous_commit', 'off', true)) AS unflushed`;

/** Takes the key for the request `holder`, unless it is held (an expired key is taken anew); true when taken. */
export async function takeKey(db: Db, id: KeyId, holder: string, fingerprint: string, leaseMs: number, ttlMs: number): Promise<boolean> {
  const taken = await queryOne(
    db,
    `INSERT INTO idempotency_keys (scope, key, fingerprint, holder, lease_until, expires_at)
     SELECT $1, $2, $3, $4, now() + make_interval(secs => $5 / 1000.0), now() + make_interval(secs => $6 / 1000.0) FROM ${UNFLUSHED}
     ON CONFLICT (scope, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, holder = EXCLUDED.holder, lease_until = EXCLUDED.lease_until,
       committed = false, result = NULL, result_status = NULL, status = NULL, headers = NULL, body = NULL, expires_at = EXCLUDED.expires_at
       WHERE idempotency_keys.expires_at < now()
     RETURNING 1`,
    [id.scope, id.key, fingerprint, holder, leaseMs, ttlMs],
  );
  return taken !== undefined;
}

export async function findKey(db: Db, id: KeyId): Promise<StoredKey | undefined> {
  const row = await queryOne<KeyRow>(
    db,
    `SELECT fingerprint, holder, lease_until < now() AS lease_over, committed, result, result_status, status, headers, body
     FROM idempotency_keys WHERE scope = $1 AND key = $2`,
    [id.scope, id.key],
  );
  if (!row) return undefined;
  const answer = row.status === null ? null : { status: row.status, headers: row.headers ?? {}, body: row.body };
  const result = row.committed ? { status: row.result_status, body: row.result } : null;
  return { fingerprint: row.fingerprint, holder: row.holder, leaseOver: row.lease_over, committed: row.committed, result, answer };
}

/** Takes over, for `holder`, the key of a request whose holder (`dead`) stopped renewing it before its write committed. */
export async function takeOverKey(db: Db, id: KeyId, dead: string, holder: string, leaseMs: number): Promise<boolean> {
  const taken = await queryOne(
    db,
    `UPDATE idempotency_keys SET holder = $4, lease_until = now() + make_interval(secs => $5 / 1000.0) FROM ${UNFLUSHED}
     WHERE scope = $1 AND key = $2 AND holder = $3 AND lease_until < now() AND NOT committed AND status IS NULL RETURNING 1`,
    [id.scope, id.key, dead, holder, leaseMs],
  );
  return taken !== undefined;
}

export async function renewLease(db: Db, id: KeyId, holder: string, leaseMs: number): Promise<void> {
  await db.query(
    `UPDATE idempotency_keys SET lease_until = now() + make_interval(secs => $4 / 1000.0) FROM ${UNFLUSHED} WHERE scope = $1 AND key = $2 AND holder = $3`,
    [id.scope, id.key, holder, leaseMs],
  );
}

/** In the write's own transaction: its effect is committed with it, and what it returned. */
export async function markCommitted(db: Db, id: KeyId, result: unknown, status: number): Promise<void> {
  await db.query(`UPDATE idempotency_keys SET committed = true, result = $3::jsonb, result_status = $4 WHERE scope = $1 AND key = $2`, [
    id.scope,
    id.key,
    result === undefined ? null : JSON.stringify(result),
    status,
  ]);
}

export async function storeAnswer(db: Db, id: KeyId, answer: StoredAnswer): Promise<void> {
  await db.query(`UPDATE idempotency_keys SET status = $3, headers = $4::jsonb, body = $5 FROM ${UNFLUSHED} WHERE scope = $1 AND key = $2`, [
    id.scope,
    id.key,
    answer.status,
    JSON.stringify(answer.headers),
    answer.body,
  ]);
}

/** Lets go of a key whose request failed before doing anything: a repeat runs afresh. */
export async function releaseKey(db: Db, id: KeyId): Promise<void> {
  await db.query(`DELETE FROM idempotency_keys USING ${UNFLUSHED} WHERE scope = $1 AND key = $2 AND NOT committed`, [id.scope, id.key]);
}

/** Deletes up to `limit` expired keys; answers how many. */
export async function pruneExpiredKeys(db: Db, limit = 10_000): Promise<number> {
  const rows = await queryRows(
    db,
    `DELETE FROM idempotency_keys WHERE ctid IN (SELECT ctid FROM idempotency_keys WHERE expires_at < now() LIMIT $1) RETURNING 1`,
    [limit],
  );
  return rows.length;
}
