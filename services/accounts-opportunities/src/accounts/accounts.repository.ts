import { queryRows, type Db } from '@crm/platform';
import { insertRecord, type HeldRecord, type NewRecord, type AssignedValues, type RecordTable, type StoredRecord } from '@crm/records';
import type { AccountOrderingField } from './accounts.schemas';

/** An account's writable values, named as the API and the columns name them. */
export interface AccountValues extends AssignedValues {
  name: string;
  industry: string | null;
  website: string | null;
  email: string | null;
  phone: string | null;
  billing_city: string | null;
  billing_country: string | null;
}

export type AccountRecord = StoredRecord<AccountValues>;

export const ACCOUNTS: RecordTable<AccountValues, AccountOrderingField> = {
  name: 'accounts',
  owner: 'assigned_to',
  columns: ['name', 'industry', 'website', 'email', 'phone', 'billing_city', 'billing_country', 'assigned_to', 'tags', 'custom_fields'],
  orderColumns: { created_at: 'created_at', updated_at: 'updated_at', name: 'name' },
  phone: 'phone',
  totals: true,
};

/** An account with nothing but its name, owner and what the server sets filled in (the rest null or empty). */
export const accountDefaults = (owner: string): Omit<AccountValues, 'name'> => ({
  industry: null,
  website: null,
  email: null,
  phone: null,
  billing_city: null,
  billing_country: null,
  assigned_to: owner,
  tags: [],
  custom_fields: {},
});

/**
 * For lead conversion (api-contract §4), inside the transaction that handles `lead.converted`: creates the
 * account under the id the leads service allocated (a redelivered message is skipped by the inbox before
 * it gets here). The caller announces it (`account.created`, see `publishRecords`), in the same transaction.
 */
export async function insertAccount(db: Db, account: NewRecord & Pick<AccountValues, 'name' | 'assigned_to'> & Partial<AccountValues>): Promise<AccountRecord> {
  const { id, tenantId, createdBy, now, ...values } = account;
  return insertRecord(db, ACCOUNTS, { id, tenantId, createdBy, now }, { ...accountDefaults(values.assigned_to), ...values });
}

/** `{id, name}` of the tenant's accounts among `ids`, for the records that point to them. */
export async function accountRefs(db: Db, tenantId: string, ids: (string | null)[]): Promise<Map<string, { id: string; name: string }>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await queryRows<{ id: string; name: string }>(
    db,
    `SELECT id, name FROM accounts WHERE tenant_id = $1 AND id = ANY($2::uuid[])`,
    [tenantId, wanted],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** Who may open each of the tenant's accounts among `ids` (creator and owner), as a replica would say. */
export async function accountOwnership(db: Db, tenantId: string, ids: readonly string[]): Promise<Map<string, HeldRecord>> {
  const rows = await queryRows<{ id: string; created_by: string; assigned_to: string | null }>(
    db,
    `SELECT id, created_by, assigned_to FROM accounts WHERE tenant_id = $1 AND id = ANY($2::uuid[])`,
    [tenantId, ids],
  );
  return new Map(rows.map((row) => [row.id, { deleted: false, ownership: { createdBy: row.created_by, ownerId: row.assigned_to } }]));
}
