import type { Client } from 'pg';
import type { BenchTenant } from './seed-leads';

/**
 * What a list request must answer, read straight from PostgreSQL beforehand, so that a broken filter,
 * order or page cannot pass for a fast one: the count and the page's ids in order.
 */

export type Role = 'admin' | 'member';

/** An entity's table as the checks read it. */
export interface RecordsSql {
  table: string;
  /** Its list's path through the gateway. */
  path: string;
  /** Who owns a record; with `created_by`, who of the members may open it. */
  ownerColumn: string;
  /** What a search looks in (api-contract §3: name, e-mail, phone, and a lead's company), written independently of the service's `search_text`. */
  searchedText: string;
}

export const LEAD_RECORDS: RecordsSql = {
  table: 'leads.leads',
  path: '/api/leads/',
  ownerColumn: 'assigned_to',
  searchedText: `concat_ws(' ', first_name, last_name, email, phone, company_name)`,
};

export const CONTACT_RECORDS: RecordsSql = {
  table: 'contacts.contacts',
  path: '/api/contacts/',
  ownerColumn: 'owner_id',
  searchedText: `concat_ws(' ', first_name, last_name, email, phone)`,
};

/** What `search=<?>` matches: the text, in any case, anywhere in what a search looks in. */
export const searchMatch = (records: RecordsSql): string => `position(lower(?) in lower(${records.searchedText})) > 0`;

export const PAGE_SIZE = 20;

/** What one list request asks (`query`) and the same selection in plain SQL: `where` with `?` for `values`, and the order. */
export interface Selection {
  query: string;
  where?: string;
  values?: unknown[];
  order?: string;
}

/** The answer a list request must give: the total count and the page's ids in order. */
export interface ExpectedPage {
  path: string;
  count: number;
  ids: string[];
}

/** The records the caller may open (an admin: the tenant's; a member: those they created or own), narrowed by `where` (`?` for `values`). */
export function visibleWhere(records: RecordsSql, tenant: BenchTenant, role: Role, where?: string, values: unknown[] = []): { where: string; params: unknown[] } {
  const params: unknown[] = role === 'admin' ? [tenant.orgId] : [tenant.orgId, tenant.member.profileId];
  const visible = role === 'admin' ? 'tenant_id = $1' : `tenant_id = $1 AND (created_by = $2 OR ${records.ownerColumn} = $2)`;
  if (!where) return { where: visible, params };
  let next = params.length;
  return { where: `${visible} AND (${where.replaceAll('?', () => `$${(next += 1)}`)})`, params: [...params, ...values] };
}

/** How many records the caller may open match `selection`. */
export async function expectedCount(db: Client, records: RecordsSql, tenant: BenchTenant, role: Role, selection: Selection): Promise<number> {
  const { where, params } = visibleWhere(records, tenant, role, selection.where, selection.values);
  const { rows } = await db.query(`SELECT count(*)::int AS n FROM ${records.table} WHERE ${where}`, params);
  return rows[0].n;
}

/** The expected page `page` (1 unless given: then the path asks it with `page=`) of `selection` for the caller, read straight from the table. */
export async function expectedPage(db: Client, records: RecordsSql, tenant: BenchTenant, role: Role, selection: Selection, page = 1): Promise<ExpectedPage> {
  const count = await expectedCount(db, records, tenant, role, selection);
  if (count === 0) throw new Error(`the seed has no records in ${records.table} for ${selection.query} (${role}): the list would measure nothing`);
  const { where, params } = visibleWhere(records, tenant, role, selection.where, selection.values);
  const { rows } = await db.query(
    `SELECT id FROM ${records.table} WHERE ${where} ORDER BY ${selection.order ?? 'created_at DESC, id DESC'} LIMIT ${PAGE_SIZE} OFFSET ${(page - 1) * PAGE_SIZE}`,
    params,
  );
  const query = [selection.query, page > 1 ? `page=${page}` : ''].filter(Boolean).join('&');
  return { path: `${records.path}${query ? `?${query}` : ''}`, count, ids: rows.map((row) => row.id) };
}
