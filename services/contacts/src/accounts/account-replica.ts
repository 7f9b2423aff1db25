import { queryRows, type Db } from '@crm/platform';
import { type HeldRecord, type Replica } from '@crm/records';

/**
 * The contacts service's copy of the accounts of accounts-opportunities (architecture §1): enough to check a
 * contact's `account_id` (an account of the tenant the caller may open) and to show `account {id, name}`.
 * This file is its storage; `account-changes.ts` applies the account events and lookups to it.
 */
export interface AccountReplica {
  id: string;
  tenantId: string;
  name: string;
  version: number;
  /** Who may open it; null where not known (see the migration). */
  createdBy: string | null;
  ownerId: string | null;
}

export interface AccountRef {
  id: string;
  name: string;
}

/** One account's changes apply one after the other (an upsert racing a delete cannot resurrect it). */
export async function lockAccount(db: Db, id: string): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtextextended('contacts.accounts:' || $1, 0))`, [id]);
}

/**
 * Inserts the account, or updates it when `version` is newer than the copy (or the copy lacks who may
 * open it); an account deleted before (a tombstone) stays deleted. Answers whether the replica holds the
 * account afterwards, and whether its name changed (contacts linked to it show another name). Takes
 * `lockAccount`; call it inside a transaction.
 */
export async function upsertAccountReplica(db: Db, account: AccountReplica): Promise<{ held: boolean; renamed: boolean }> {
  await lockAccount(db, account.id);
  const [before] = await queryRows<{ name: string }>(db, `SELECT name FROM accounts WHERE tenant_id = $1 AND id = $2`, [account.tenantId, account.id]);
  await db.query(
    `INSERT INTO accounts (id, tenant_id, name, version, created_by, owner_id)
     SELECT $1, $2, $3, $4, $5, $6 WHERE NOT EXISTS (SELECT 1 FROM account_tombstones WHERE id = $1)
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, version = EXCLUDED.version,
       created_by = EXCLUDED.created_by, owner_id = EXCLUDED.owner_id
       WHERE accounts.tenant_id = EXCLUDED.tenant_id
         AND (accounts.version < EXCLUDED.version OR (accounts.version = EXCLUDED.version AND accounts.created_by IS NULL))`,
    [account.id, account.tenantId, account.name, account.version, account.createdBy, account.ownerId],
  );
  const [after] = await queryRows<{ name: string }>(db, `SELECT name FROM accounts WHERE tenant_id = $1 AND id = $2`, [account.tenantId, account.id]);
  return { held: after !== undefined, renamed: before !== undefined && after !== undefined && before.name !== after.name };
}

/**
 * Locks the account's row against the contact writes that key-share-lock it (`heldAccounts` with
 * `lock`): once this returns, every write linking a contact to it has committed, and later ones wait.
 * Answers whether the row was there.
 */
export async function lockAccountRow(db: Db, tenantId: string, id: string): Promise<boolean> {
  const rows = await queryRows(db, `SELECT 1 FROM accounts WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [tenantId, id]);
  return rows.length > 0;
}

/** The account is gone for good: a tombstone (no older event brings it back), and its row deleted. */
export async function forgetAccount(db: Db, account: { id: string; tenantId: string; version: number }): Promise<void> {
  await db.query(
    `INSERT INTO account_tombstones (id, tenant_id, version) VALUES ($1, $2, $3)
     ON CONFLICT (id) DO UPDATE SET version = greatest(account_tombstones.version, EXCLUDED.version)`,
    [account.id, account.tenantId, account.version],
  );
  await db.query(`DELETE FROM accounts WHERE tenant_id = $1 AND id = $2`, [account.tenantId, account.id]);
}

/**
 * What the replica holds of `ids` in the tenant, tombstones included. With `lock`, the live rows are
 * key-share-locked until commit, so none can be deleted between the check and the write linking it.
 */
export async function heldAccounts(db: Db, tenantId: string, ids: readonly string[], lock = false): Promise<Map<string, HeldRecord>> {
  const rows = await queryRows<{ id: string; deleted: boolean; created_by: string | null; owner_id: string | null }>(
    db,
    `SELECT id, false AS deleted, created_by, owner_id FROM accounts WHERE tenant_id = $1 AND id = ANY($2::uuid[])
     ${lock ? 'ORDER BY id FOR KEY SHARE' : ''}`,
    [tenantId, ids],
  );
  const tombstones = await queryRows<{ id: string }>(db, `SELECT id FROM account_tombstones WHERE tenant_id = $1 AND id = ANY($2::uuid[])`, [tenantId, ids]);
  const held = new Map<string, HeldRecord>(rows.map((row) => [row.id, { deleted: false, ownership: { createdBy: row.created_by, ownerId: row.owner_id } }]));
  for (const { id } of tombstones) held.set(id, { deleted: true });
  return held;
}

/** `{id, name}` of each account id found in the tenant's replica. */
export async function accountRefs(db: Db, tenantId: string, ids: (string | null)[]): Promise<Map<string, AccountRef>> {
  const unique = [...new Set(ids.filter((id): id is string => id !== null))];
  if (unique.length === 0) return new Map();
  const rows = await queryRows<AccountRef>(db, `SELECT id, name FROM accounts WHERE tenant_id = $1 AND id = ANY($2::uuid[])`, [tenantId, unique]);
  return new Map(rows.map((row) => [row.id, { id: row.id, name: row.name }]));
}

/** What the replica holds of accounts, for a write's check of the `account_id` it names (`refusedIds`). */
export const heldAccountsOf: Pick<Replica, 'held'> = {
  held: (db, tenantId, ids, options) => heldAccounts(db, tenantId, ids, options?.lock),
};
