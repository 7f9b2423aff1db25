import { type Db } from '@crm/platform';
import { replicaStore, type Replica } from '@crm/records';

/**
 * The contacts service's copy of the accounts of accounts-opportunities (architecture §1): enough to check a
 * contact's `account_id` (an account of the tenant the caller may open) and to show `account {id, name}`.
 * This file is its storage; `account-changes.ts` applies the account events and lookups to it. A deleted
 * account's row goes (its id stays in `account_tombstones`), so `contacts.account_id`'s foreign key clears
 * any link the handler did not.
 */
const ACCOUNTS = replicaStore({ table: 'accounts', fields: ['name'], ownership: true, deletions: { tombstones: 'account_tombstones' } });

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

/**
 * Inserts the account, or updates it when `version` is newer than the copy (see `ReplicaStore.upsert`).
 * Answers whether the replica holds the account afterwards, and whether its name changed (contacts linked
 * to it show another name). Call it inside a transaction.
 */
export async function upsertAccountReplica(db: Db, account: AccountReplica): Promise<{ held: boolean; renamed: boolean }> {
  const { id, tenantId, name, version, createdBy, ownerId } = account;
  const { changed, previous } = await ACCOUNTS.upsert(db, tenantId, { id, version, ownership: { createdBy, ownerId }, fields: { name } });
  const held = changed || (await ACCOUNTS.held(db, tenantId, [id])).get(id)?.deleted === false;
  return { held, renamed: previous !== undefined && previous.name !== name };
}

/** The account is gone for good; `unlink` first clears the contacts linked to it (see `ReplicaStore.markDeleted`). */
export const forgetAccount = (db: Db, tenantId: string, account: { id: string; version: number }, unlink: () => Promise<void>): Promise<void> =>
  ACCOUNTS.markDeleted(db, tenantId, account, unlink);

/** `{id, name}` of each account id found in the tenant's replica. */
export async function accountRefs(db: Db, tenantId: string, ids: (string | null)[]): Promise<Map<string, AccountRef>> {
  const unique = [...new Set(ids.filter((id): id is string => id !== null))];
  if (unique.length === 0) return new Map();
  const names = await ACCOUNTS.fields(db, tenantId, unique);
  return new Map([...names].map(([id, { name }]) => [id, { id, name: name as string }]));
}

/**
 * What the replica holds of accounts, for a write's check of the `account_id` it names (`refusedIds`) and
 * the views. With `lock`, the live rows are key-share-locked until commit, as the foreign key does.
 */
export const heldAccountsOf: Pick<Replica, 'held'> = { held: ACCOUNTS.held };
