import { visibleRecordsCondition, canDelete } from '../records/record-ownership';
import { type Caller } from '@crm/platform';
import { queryRows, type Db } from '@crm/platform';
import { z } from 'zod';
import { MATCH_KINDS, type DuplicateCriteria, type MatchedOn } from './duplicate-criteria';
import { displayName } from './duplicate-criteria';

/**
 * Where an entity's duplicates are searched: its table, the column naming its owner, whether it has a
 * company (where the entity has one) and the condition for an "open" record (one not closed by the service). The search reads the
 * indexes of the migrations DuplicatesNewestFirst (`<table>_duplicate_*_newest`), partial on that condition:
 * it and `phoneKeySql` must stay as those frozen indexes were written, or the search stops using them.
 */
export interface DuplicateTable {
  name: string;
  ownerColumn: string;
  companyColumn?: string;
  /** SQL condition on the table's own columns; also the predicate of its duplicate indexes. */
  openCondition?: string;
}

/** The phone's last 10 digits when it has at least 7 (as `phoneKey`): the expression of the `<table>_duplicate_phone_newest` indexes. */
export const phoneKeySql = (column: string): string =>
  `(CASE WHEN length(regexp_replace(${column}, '[^0-9]', '', 'g')) >= 7 ` +
  `THEN right(regexp_replace(${column}, '[^0-9]', '', 'g'), 10) END)`;

/** A duplicate match entry (api-contract §4): exactly these six fields (the schema documents the answer). */
export const duplicateEntrySchema = z.strictObject({
  id: z.uuid(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  matched_on: z.array(z.enum(MATCH_KINDS)),
  can_delete: z.boolean(),
});
export type DuplicateEntry = z.infer<typeof duplicateEntrySchema>;

interface CandidateRow {
  id: string;
  tenant_id: string;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  email: string | null;
  phone: string | null;
  created_by: string;
  owner_id: string | null;
  email_match: boolean;
  phone_match: boolean;
  name_match: boolean;
  company_match: boolean;
}

export const MAX_DUPLICATES = 10;

/**
 * Up to 10 open records the caller may open that match the criteria, newest first, never `excludeId`
 * (a record is not its own duplicate). Hidden records are filtered in SQL, so they are neither listed
 * nor counted. What matched is decided by PostgreSQL too, with the very comparisons that found the row.
 */
export async function findDuplicates(
  db: Db,
  table: DuplicateTable,
  caller: Caller,
  criteria: DuplicateCriteria,
  excludeId?: string,
): Promise<DuplicateEntry[]> {
  const params: unknown[] = [];
  const param = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const t = table.name;
  const tests: Record<MatchedOn, string | null> = {
    email: criteria.email === null ? null : `${t}.email = ${param(criteria.email)}`,
    phone: criteria.phoneKey === null ? null : `${phoneKeySql(`${t}.phone`)} = ${param(criteria.phoneKey)}`,
    name:
      criteria.name === null
        ? null
        : `(lower(${t}.first_name) = lower(${param(criteria.name.first)}) AND lower(${t}.last_name) = lower(${param(criteria.name.last)}))`,
    company: criteria.company === null || !table.companyColumn ? null : `lower(${t}.${table.companyColumn}) = lower(${param(criteria.company)})`,
  };
  const present = Object.values(tests).filter((test): test is string => test !== null);
  if (present.length === 0) return [];
  const conditions = [visibleRecordsCondition(caller, table.ownerColumn, params)];
  if (table.openCondition) conditions.push(table.openCondition);
  if (excludeId) conditions.push(`${t}.id <> ${param(excludeId)}`);
  const newest = `ORDER BY ${t}.created_at DESC, ${t}.id DESC LIMIT ${MAX_DUPLICATES}`;
  // Each test's newest ten, from its own index (migration DuplicatesNewestFirst), then the newest ten of those:
  // one query with the tests OR-ed and ordered by age may walk the tenant's records newest first and
  // test each, which with few matches reads a big tenant whole (7.8 s at 2,000,000 records).
  const newestPerTest = present.map((test) => `(SELECT ${t}.id FROM ${t} WHERE ${[...conditions, test].join(' AND ')} ${newest})`);
  const matchColumn = (key: MatchedOn) => `coalesce(${tests[key] ?? 'false'}, false) AS ${key}_match`;
  const rows = await queryRows<CandidateRow>(
    db,
    `SELECT id, tenant_id, first_name, last_name, ${table.companyColumn ? `${table.companyColumn} AS company_name` : 'NULL AS company_name'},
       email, phone, created_by, ${table.ownerColumn} AS owner_id,
       ${(['email', 'phone', 'name', 'company'] as const).map(matchColumn).join(', ')}
     FROM ${t} WHERE ${t}.id IN (${newestPerTest.join(' UNION ')})
     ${newest}`,
    params,
  );
  return rows.map((row) => duplicateEntry(caller, row));
}

function duplicateEntry(caller: Caller, row: CandidateRow): DuplicateEntry {
  const matched: MatchedOn[] = [];
  if (row.email_match) matched.push('email');
  if (row.phone_match) matched.push('phone');
  if (row.name_match) matched.push('name');
  if (row.company_match) matched.push('company');
  return {
    id: row.id,
    name: displayName(row),
    email: row.email,
    phone: row.phone,
    matched_on: matched,
    can_delete: canDelete(caller, { tenantId: row.tenant_id, createdBy: row.created_by, ownerId: row.owner_id }),
  };
}
