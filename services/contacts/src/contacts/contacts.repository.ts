import { exportQueryOf, insertMany, queryOne, queryRows, type Db, type ExportQuery } from '@crm/shared';
import type { ContactOrderingField } from './contacts.schemas';

/** A contact as stored (the columns a client can write, plus what the server derives). */
export interface ContactRecord {
  id: string;
  tenantId: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  title: string | null;
  accountId: string | null;
  linkedinUrl: string | null;
  tags: string[];
  ownerId: string;
  createdBy: string;
  customFields: Record<string, unknown>;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

/** The writable part of a contact, complete: what an insert or an update stores. */
export type ContactValues = Pick<
  ContactRecord,
  'firstName' | 'lastName' | 'email' | 'phone' | 'title' | 'accountId' | 'linkedinUrl' | 'tags' | 'ownerId' | 'customFields'
>;

const COLUMNS = `id, tenant_id, first_name, last_name, email, phone, title, account_id, linkedin_url, tags, owner_id,
  created_by, custom_fields, version, created_at, updated_at`;

/** A contact as its table holds it (the columns `COLUMNS` reads); an export's cells read it directly. */
export interface ContactRow {
  id: string;
  tenant_id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  title: string | null;
  account_id: string | null;
  linkedin_url: string | null;
  tags: string[];
  owner_id: string;
  created_by: string;
  custom_fields: Record<string, unknown>;
  version: number;
  created_at: Date;
  updated_at: Date;
}

const toRecord = (row: ContactRow): ContactRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  phone: row.phone,
  title: row.title,
  accountId: row.account_id,
  linkedinUrl: row.linkedin_url,
  tags: row.tags,
  ownerId: row.owner_id,
  createdBy: row.created_by,
  customFields: row.custom_fields,
  version: row.version,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const valueParams = (values: ContactValues): unknown[] => [
  values.firstName,
  values.lastName,
  values.email,
  values.phone,
  values.title,
  values.accountId,
  values.linkedinUrl,
  values.tags,
  values.ownerId,
  JSON.stringify(values.customFields),
];

/** A contact to insert: its values and what the server derives. */
export type NewContactRow = { id: string; tenantId: string; createdBy: string; now: Date } & ContactValues;

/** The stored columns of a new contact and their SQL types. */
const INSERT_COLUMNS = {
  id: 'uuid',
  tenant_id: 'uuid',
  first_name: 'text',
  last_name: 'text',
  email: 'text',
  phone: 'text',
  title: 'text',
  account_id: 'uuid',
  linkedin_url: 'text',
  tags: 'text[]',
  owner_id: 'uuid',
  created_by: 'uuid',
  custom_fields: 'jsonb',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

/** Inserts contacts in one statement (an import too); answers them in order. */
export async function insertContacts(db: Db, contacts: readonly NewContactRow[]): Promise<ContactRecord[]> {
  const rows = await insertMany<ContactRow>(
    db,
    'contacts',
    INSERT_COLUMNS,
    contacts.map((contact) => ({
      id: contact.id,
      tenant_id: contact.tenantId,
      first_name: contact.firstName,
      last_name: contact.lastName,
      email: contact.email,
      phone: contact.phone,
      title: contact.title,
      account_id: contact.accountId,
      linkedin_url: contact.linkedinUrl,
      tags: contact.tags,
      owner_id: contact.ownerId,
      created_by: contact.createdBy,
      custom_fields: contact.customFields,
      created_at: contact.now,
      updated_at: contact.now,
    })),
    { returning: COLUMNS },
  );
  return rows.map(toRecord);
}

export async function insertContact(db: Db, contact: NewContactRow): Promise<ContactRecord> {
  const [inserted] = await insertContacts(db, [contact]);
  return inserted!;
}

/** Replaces every writable column and bumps the version. */
export async function updateContact(db: Db, id: string, values: ContactValues, now: Date): Promise<ContactRecord> {
  const row = await queryOne<ContactRow>(
    db,
    `UPDATE contacts SET first_name = $1, last_name = $2, email = $3, phone = $4, title = $5, account_id = $6,
       linkedin_url = $7, tags = $8, owner_id = $9, custom_fields = $10::jsonb, version = version + 1, updated_at = $12
     WHERE id = $11
     RETURNING ${COLUMNS}`,
    [...valueParams(values), id, now],
  );
  return toRecord(row!);
}

/** The tenant's contacts among `ids` (others are left out). */
export async function findContacts(db: Db, tenantId: string, ids: readonly string[]): Promise<ContactRecord[]> {
  const rows = await queryRows<ContactRow>(db, `SELECT ${COLUMNS} FROM contacts WHERE tenant_id = $1 AND id = ANY($2::uuid[])`, [tenantId, ids]);
  return rows.map(toRecord);
}

/**
 * Contacts of the tenant another record's change reaches (their account renamed or deleted, a linked
 * lead deleted), changed as any change is: version + 1 and `updated_at`, so a client syncing by
 * `updated_at` sees them. `clearAccount` also unlinks them from the account. `$1` is the tenant, `$2`
 * the time; `which` is the condition on the contacts, its parameters from `$3` on.
 */
export async function touchContacts(
  db: Db,
  tenantId: string,
  now: Date,
  which: { condition: string; params: unknown[]; clearAccount?: boolean },
): Promise<ContactRecord[]> {
  const rows = await queryRows<ContactRow>(
    db,
    `UPDATE contacts SET ${which.clearAccount ? 'account_id = NULL, ' : ''}version = version + 1, updated_at = $2
     WHERE tenant_id = $1 AND ${which.condition}
     RETURNING ${COLUMNS}`,
    [tenantId, now, ...which.params],
  );
  return rows.map(toRecord);
}

export async function deleteContact(db: Db, id: string): Promise<void> {
  await db.query(`DELETE FROM contacts WHERE id = $1`, [id]);
}

/**
 * The contact with that id in the tenant, or undefined. `forUpdate` locks the row for the rest of the
 * transaction, so concurrent changes to one contact apply one after the other.
 */
export async function findContact(db: Db, tenantId: string, id: string, forUpdate = false): Promise<ContactRecord | undefined> {
  const row = await queryOne<ContactRow>(
    db,
    `SELECT ${COLUMNS} FROM contacts WHERE tenant_id = $1 AND id = $2${forUpdate ? ' FOR UPDATE' : ''}`,
    [tenantId, id],
  );
  return row && toRecord(row);
}

/** A list query already reduced to SQL: the WHERE conditions with their parameters. */
export interface ContactListFilter {
  conditions: string[];
  params: unknown[];
}

export async function countContacts(db: Db, filter: ContactListFilter): Promise<number> {
  const row = await queryOne<{ count: number }>(
    db,
    `SELECT count(*)::int AS count FROM contacts WHERE ${filter.conditions.join(' AND ')}`,
    filter.params,
  );
  return row!.count;
}

/** A list's order: the field, then the id, both in the same direction (a stable order). */
export interface ContactOrder {
  field: ContactOrderingField;
  descending: boolean;
}

const orderBy = (order: ContactOrder): string => {
  const direction = order.descending ? 'DESC' : 'ASC';
  return `ORDER BY contacts.${order.field} ${direction}, contacts.id ${direction}`;
};

/** A page of contacts. */
export async function listContacts(
  db: Db,
  filter: ContactListFilter,
  order: ContactOrder,
  page: { offset: number; limit: number },
): Promise<ContactRecord[]> {
  const params = [...filter.params, page.limit, page.offset];
  const rows = await queryRows<ContactRow>(
    db,
    `SELECT ${COLUMNS} FROM contacts WHERE ${filter.conditions.join(' AND ')} ${orderBy(order)}
     LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return rows.map(toRecord);
}

/** Every contact of a list, unpaged, as an export reads them (`ContactRow`s). */
export function allContactsQuery(filter: ContactListFilter, order: ContactOrder): ExportQuery {
  return exportQueryOf({ table: 'contacts', columns: COLUMNS, where: filter.conditions.join(' AND '), params: filter.params, orderBy: orderBy(order) });
}

