import { isUuid, queryOne, queryRows, type CrmEvent, type Db, type EntityManager } from '@crm/shared';

/**
 * The contacts service's copy of the accounts of accounts-opportunities (DESIGN §1): enough to check a
 * contact's `account_id` and to show `account {id, name}`, fed by `account.created|updated|deleted`.
 * Delivery is at least once and unordered, so a change applies only when its version is newer, and a
 * deleted account leaves a tombstone that no older event can undo.
 */
export const ACCOUNT_EVENT_TYPES = {
  created: 'account.created',
  updated: 'account.updated',
  deleted: 'account.deleted',
} as const;

export interface AccountReplica {
  id: string;
  tenantId: string;
  name: string;
  version: number;
}

export interface AccountRef {
  id: string;
  name: string;
}

/** One account's changes apply one after the other (an upsert racing a delete cannot resurrect it). */
async function lockAccount(db: Db, id: string): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtextextended('contacts.accounts:' || $1, 0))`, [id]);
}

/**
 * Inserts the account, or updates its name when `version` is newer than the copy; an account deleted
 * before (a tombstone) stays deleted. Answers whether the replica holds the account afterwards, so a
 * caller (lead conversion) knows whether a contact may point to it. Call it inside a transaction.
 */
export async function upsertAccountReplica(db: Db, account: AccountReplica): Promise<boolean> {
  await lockAccount(db, account.id);
  await db.query(
    `INSERT INTO accounts (id, tenant_id, name, version)
     SELECT $1, $2, $3, $4 WHERE NOT EXISTS (SELECT 1 FROM account_tombstones WHERE id = $1)
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, version = EXCLUDED.version
       WHERE accounts.version < EXCLUDED.version`,
    [account.id, account.tenantId, account.name, account.version],
  );
  return (await queryOne(db, `SELECT 1 FROM accounts WHERE tenant_id = $1 AND id = $2`, [account.tenantId, account.id])) !== undefined;
}

/**
 * The account is gone: a tombstone, the replica row deleted and every contact of the tenant linked to
 * it made standalone (`account_id = null`). Those contacts keep their version and `updated_at` and no
 * `contact.updated` is emitted: the link was to another service's record, which announced its own end.
 */
export async function deleteAccountReplica(db: Db, account: { id: string; tenantId: string; version: number }): Promise<void> {
  await lockAccount(db, account.id);
  await db.query(
    `INSERT INTO account_tombstones (id, tenant_id, version) VALUES ($1, $2, $3)
     ON CONFLICT (id) DO UPDATE SET version = greatest(account_tombstones.version, EXCLUDED.version)`,
    [account.id, account.tenantId, account.version],
  );
  await db.query(`UPDATE contacts SET account_id = NULL WHERE tenant_id = $1 AND account_id = $2`, [account.tenantId, account.id]);
  await db.query(`DELETE FROM accounts WHERE tenant_id = $1 AND id = $2`, [account.tenantId, account.id]);
}

interface AccountEventData {
  id: string;
  name?: unknown;
  version: number;
}

function isAccountEventData(data: unknown): data is AccountEventData {
  const candidate = data as Partial<AccountEventData>;
  return isUuid(candidate?.id) && Number.isInteger(candidate.version);
}

/** `account.created` / `account.updated`; an event without an id, a name or an integer version is ignored. */
export async function applyAccountChanged(manager: EntityManager, event: CrmEvent): Promise<void> {
  const data = event.data;
  if (!isAccountEventData(data) || typeof data.name !== 'string') return;
  await upsertAccountReplica(manager, { id: data.id, tenantId: event.tenantid, name: data.name, version: data.version });
}

/** `account.deleted` (`{id, version, assigned_to}`). */
export async function applyAccountDeleted(manager: EntityManager, event: CrmEvent): Promise<void> {
  const data = event.data;
  if (!isAccountEventData(data)) return;
  await deleteAccountReplica(manager, { id: data.id, tenantId: event.tenantid, version: data.version });
}

/**
 * Checks that an account of the tenant is in the replica and key-share-locks it until commit, so it
 * cannot be deleted between this check and the write that links a contact to it.
 */
export async function lockAccountOfTenant(db: Db, tenantId: string, id: string): Promise<boolean> {
  return (await accountsNotInTenant(db, tenantId, [id])).size === 0;
}

/** `lockAccountOfTenant` for many ids at once (an import): the ids that are not accounts of the tenant. */
export async function accountsNotInTenant(db: Db, tenantId: string, ids: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(
    db,
    `SELECT id FROM accounts WHERE tenant_id = $1 AND id = ANY($2::uuid[]) ORDER BY id FOR KEY SHARE`,
    [tenantId, unique],
  );
  const found = new Set(rows.map((row) => row.id));
  return new Set(unique.filter((id) => !found.has(id)));
}

/** `{id, name}` of each account id found in the tenant's replica. */
export async function accountRefs(db: Db, tenantId: string, ids: (string | null)[]): Promise<Map<string, AccountRef>> {
  const unique = [...new Set(ids.filter((id): id is string => id !== null))];
  if (unique.length === 0) return new Map();
  const rows = await queryRows<AccountRef>(db, `SELECT id, name FROM accounts WHERE tenant_id = $1 AND id = ANY($2::uuid[])`, [tenantId, unique]);
  return new Map(rows.map((row) => [row.id, { id: row.id, name: row.name }]));
}
