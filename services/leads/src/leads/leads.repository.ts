import { batchedLookup, exportQueryOf, insertMany, isCheckViolation, queryOne, queryPrepared, queryRows, type CustomFieldDefinitionView, type DataSource, type Db, type ExportQuery } from '@crm/shared';
import { leadCustomFields } from '../custom-fields/lead-custom-fields';
import { convertedStatusLocked } from './lead-values';
import type { LeadOrderingField, LeadStatus } from './leads.schemas';

/** A lead as stored (the columns a client can write, plus what the server derives). */
export interface LeadRecord {
  id: string;
  tenantId: string;
  title: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  companyName: string | null;
  status: LeadStatus;
  source: string | null;
  opportunityAmount: string | null;
  currency: string;
  tags: string[];
  boardPosition: number;
  assignedTo: string;
  createdBy: string;
  customFields: Record<string, unknown>;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

/** The writable part of a lead, complete: what an insert or an update stores. */
export type LeadValues = Pick<
  LeadRecord,
  | 'title'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'companyName'
  | 'status'
  | 'source'
  | 'opportunityAmount'
  | 'currency'
  | 'tags'
  | 'boardPosition'
  | 'assignedTo'
  | 'customFields'
>;

const COLUMNS = `id, tenant_id, title, first_name, last_name, email, phone, company_name, status, source,
  opportunity_amount::text AS opportunity_amount, currency, tags, board_position, assigned_to, created_by,
  custom_fields, version, created_at, updated_at`;

/** A lead as its table holds it (the columns `COLUMNS` reads); an export's cells read it directly. */
export interface LeadRow {
  id: string;
  tenant_id: string;
  title: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  company_name: string | null;
  status: LeadStatus;
  source: string | null;
  opportunity_amount: string | null;
  currency: string;
  tags: string[];
  board_position: number;
  assigned_to: string;
  created_by: string;
  custom_fields: Record<string, unknown>;
  version: number;
  created_at: Date;
  updated_at: Date;
}

const toRecord = (row: LeadRow): LeadRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  title: row.title,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  phone: row.phone,
  companyName: row.company_name,
  status: row.status,
  source: row.source,
  opportunityAmount: row.opportunity_amount,
  currency: row.currency,
  tags: row.tags,
  boardPosition: row.board_position,
  assignedTo: row.assigned_to,
  createdBy: row.created_by,
  customFields: row.custom_fields,
  version: row.version,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const valueParams = (values: LeadValues): unknown[] => [
  values.title,
  values.firstName,
  values.lastName,
  values.email,
  values.phone,
  values.companyName,
  values.status,
  values.source,
  values.opportunityAmount,
  values.currency,
  values.tags,
  values.boardPosition,
  values.assignedTo,
  JSON.stringify(values.customFields),
];

/** A lead to insert: its values and what the server derives. */
export type NewLeadRow = { id: string; tenantId: string; createdBy: string; now: Date } & LeadValues;

/** The stored columns of a new lead and their SQL types. */
const INSERT_COLUMNS = {
  id: 'uuid',
  tenant_id: 'uuid',
  title: 'text',
  first_name: 'text',
  last_name: 'text',
  email: 'text',
  phone: 'text',
  company_name: 'text',
  status: 'text',
  source: 'text',
  opportunity_amount: 'numeric',
  currency: 'char(3)',
  tags: 'text[]',
  board_position: 'integer',
  assigned_to: 'uuid',
  created_by: 'uuid',
  custom_fields: 'jsonb',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

/** Inserts leads in one statement (an import of 5,000 too); answers them in order. */
export async function insertLeads(db: Db, leads: readonly NewLeadRow[]): Promise<LeadRecord[]> {
  const rows = await insertMany<LeadRow>(
    db,
    'leads',
    INSERT_COLUMNS,
    leads.map((lead) => ({
      id: lead.id,
      tenant_id: lead.tenantId,
      title: lead.title,
      first_name: lead.firstName,
      last_name: lead.lastName,
      email: lead.email,
      phone: lead.phone,
      company_name: lead.companyName,
      status: lead.status,
      source: lead.source,
      opportunity_amount: lead.opportunityAmount,
      currency: lead.currency,
      tags: lead.tags,
      board_position: lead.boardPosition,
      assigned_to: lead.assignedTo,
      created_by: lead.createdBy,
      custom_fields: lead.customFields,
      created_at: lead.now,
      updated_at: lead.now,
    })),
    { returning: COLUMNS },
  );
  return rows.map(toRecord);
}

/** The constraint named by the refusal of the trigger that keeps a converted lead converted (migration LeadStaysConverted). */
const LEAD_STAYS_CONVERTED = 'leads_converted_stays_converted';

/**
 * Replaces every writable column and bumps the version. Values that would take a converted lead's
 * status away are refused by the database: 422, as the domain's own check answers.
 */
export async function updateLead(db: Db, id: string, values: LeadValues, now: Date): Promise<LeadRecord> {
  try {
    const row = await queryOne<LeadRow>(
      db,
      `UPDATE leads SET title = $1, first_name = $2, last_name = $3, email = $4, phone = $5, company_name = $6,
         status = $7, source = $8, opportunity_amount = $9, currency = $10, tags = $11, board_position = $12,
         assigned_to = $13, custom_fields = $14::jsonb, version = version + 1, updated_at = $16
       WHERE id = $15
       RETURNING ${COLUMNS}`,
      [...valueParams(values), id, now],
    );
    return toRecord(row!);
  } catch (error) {
    if (isCheckViolation(error, LEAD_STAYS_CONVERTED)) throw convertedStatusLocked();
    throw error;
  }
}

export async function deleteLead(db: Db, id: string): Promise<void> {
  await db.query(`DELETE FROM leads WHERE id = $1`, [id]);
}

/**
 * The lead with that id in the tenant, or undefined. `forUpdate` locks the row for the rest of the
 * transaction, so concurrent changes to one lead apply one after the other.
 */
export async function findLead(db: Db, tenantId: string, id: string, forUpdate = false): Promise<LeadRecord | undefined> {
  const row = await queryOne<LeadRow>(
    db,
    `SELECT ${COLUMNS} FROM leads WHERE tenant_id = $1 AND id = $2${forUpdate ? ' FOR UPDATE' : ''}`,
    [tenantId, id],
  );
  return row && toRecord(row);
}

/** The tenant's leads among `ids` (others are left out). */
export async function findLeads(db: Db, tenantId: string, ids: readonly string[]): Promise<LeadRecord[]> {
  const rows = await queryRows<LeadRow>(db, `SELECT ${COLUMNS} FROM leads WHERE tenant_id = $1 AND id = ANY($2::uuid[])`, [tenantId, ids]);
  return rows.map(toRecord);
}

/** What a lead's detail shows besides the lead: its owner's e-mail (null when the replica has none), the tenant's custom-field definitions. */
export interface LeadDetail {
  lead: LeadRecord;
  ownerEmail: string | null;
  definitions: CustomFieldDefinitionView[];
}

/**
 * findLead with everything its detail shows, in one prepared query shared with the other details asked
 * for in the same turn: the detail GET is the most frequent request, and each round trip to PostgreSQL,
 * each parse and plan, costs it much of its throughput (bench/src/gateway.ts).
 */
export function findLeadForDetail(dataSource: DataSource, tenantId: string, id: string): Promise<LeadDetail | undefined> {
  return lookUpLeadDetail(dataSource, { tenantId, id });
}

interface LeadKey {
  tenantId: string;
  id: string;
}

/** Ids reach here in lower case, as PostgreSQL writes them (an id in any other form is refused as malformed). */
const leadKeyText = ({ tenantId, id }: LeadKey) => `${tenantId}/${id}`;

/** Details asked for together are read together (one prepared query for up to 100, any tenants). */
const lookUpLeadDetail = batchedLookup<LeadKey, LeadDetail>({
  keyOf: leadKeyText,
  lookUp: async (dataSource, keys) => {
    const rows = await queryPrepared<LeadRow & { owner_email: string | null; definitions: unknown }>(
      dataSource,
      'lead_details',
      `SELECT ${COLUMNS},
         (SELECT email FROM profiles WHERE profiles.tenant_id = leads.tenant_id AND profiles.id = leads.assigned_to) AS owner_email,
         ${leadCustomFields.definitionsColumn('leads.tenant_id', 'definitions')}
       FROM leads WHERE (tenant_id, id) IN (SELECT * FROM unnest($1::uuid[], $2::uuid[]))`,
      [keys.map((key) => key.tenantId), keys.map((key) => key.id)],
    );
    return new Map(
      rows.map((row) => [
        leadKeyText({ tenantId: row.tenant_id, id: row.id }),
        { lead: toRecord(row), ownerEmail: row.owner_email, definitions: leadCustomFields.definitionsOf(row.definitions) },
      ]),
    );
  },
});

/** The next free place at the end of a status column of the board. */
export async function nextBoardPosition(db: Db, tenantId: string, status: string): Promise<number> {
  const row = await queryOne<{ next: number }>(
    db,
    `SELECT coalesce(max(board_position) + 1, 0)::int AS next FROM leads WHERE tenant_id = $1 AND status = $2`,
    [tenantId, status],
  );
  return row!.next;
}

/** A list query already reduced to SQL: the WHERE conditions with their parameters. */
export interface LeadListFilter {
  conditions: string[];
  params: unknown[];
}

/** Qualified with the table where used: the select list turns `opportunity_amount` into text under the same name. */
const ORDER_COLUMNS: Record<LeadOrderingField, string> = {
  created_at: 'created_at',
  updated_at: 'updated_at',
  first_name: 'first_name',
  last_name: 'last_name',
  email: 'email',
  status: 'status',
  board_position: 'board_position',
  opportunity_amount: 'opportunity_amount',
};

export async function countLeads(db: Db, filter: LeadListFilter): Promise<number> {
  const row = await queryOne<{ count: number }>(
    db,
    `SELECT count(*)::int AS count FROM leads WHERE ${filter.conditions.join(' AND ')}`,
    filter.params,
  );
  return row!.count;
}

/** A list's order: the field, then the id, both in the same direction (a stable order). */
export interface LeadOrder {
  field: LeadOrderingField;
  descending: boolean;
}

const orderBy = (order: LeadOrder): string => {
  const direction = order.descending ? 'DESC' : 'ASC';
  return `ORDER BY leads.${ORDER_COLUMNS[order.field]} ${direction}, leads.id ${direction}`;
};

export async function listLeads(
  db: Db,
  filter: LeadListFilter,
  order: LeadOrder,
  page: { offset: number; limit: number },
): Promise<LeadRecord[]> {
  const params = [...filter.params, page.limit, page.offset];
  const rows = await queryRows<LeadRow>(
    db,
    `SELECT ${COLUMNS} FROM leads WHERE ${filter.conditions.join(' AND ')} ${orderBy(order)}
     LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return rows.map(toRecord);
}

/** Every lead of a list, unpaged, as an export reads them (`LeadRow`s). */
export function allLeadsQuery(filter: LeadListFilter, order: LeadOrder): ExportQuery {
  return exportQueryOf({ table: 'leads', columns: COLUMNS, where: filter.conditions.join(' AND '), params: filter.params, orderBy: orderBy(order) });
}

