import { batchedLookup, queryOne, queryPrepared, type DataSource, type Db } from '@crm/platform';
import { recordFromRow, recordSelectList, type AssignedValues, type CustomFieldDefinitionView, type RecordTable, type StoredRecord } from '@crm/records';
import { leadCustomFields } from '../custom-fields/lead-custom-fields';
import { convertedStatusLocked } from './lead-values';
import type { LeadOrderingField, LeadStatus } from './leads.schemas';

/** A lead's values, named as the API and the columns name them. */
export interface LeadValues extends AssignedValues {
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
  board_position: number;
}

export type LeadRecord = StoredRecord<LeadValues>;

export const LEADS: RecordTable<LeadValues, LeadOrderingField> = {
  name: 'leads',
  owner: 'assigned_to',
  columns: [
    'title',
    'first_name',
    'last_name',
    'email',
    'phone',
    'company_name',
    'status',
    'source',
    'opportunity_amount',
    'currency',
    'tags',
    'board_position',
    'assigned_to',
    'custom_fields',
  ],
  readAs: { opportunity_amount: 'opportunity_amount::text' },
  /**
   * Values that would take a converted lead's status away are refused by the database (the trigger of
   * migration LeadStaysConverted): 422, as the domain's own check answers.
   */
  checkRefusals: { leads_converted_stays_converted: convertedStatusLocked },
  phone: 'phone',
  totals: true,
  orderColumns: {
    created_at: 'created_at',
    updated_at: 'updated_at',
    first_name: 'first_name',
    last_name: 'last_name',
    email: 'email',
    status: 'status',
    board_position: 'board_position',
    opportunity_amount: 'opportunity_amount',
  },
};

/** What a lead's detail shows besides the lead: its owner's e-mail (null when the replica has none), the tenant's custom-field definitions. */
export interface LeadDetail {
  lead: LeadRecord;
  ownerEmail: string | null;
  definitions: CustomFieldDefinitionView[];
}

/**
 * A lead with everything its detail shows, in one prepared query shared with the other details asked
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
    const rows = await queryPrepared<Record<string, unknown> & { owner_email: string | null; definitions: unknown }>(
      dataSource,
      'lead_details',
      `SELECT ${recordSelectList(LEADS)},
         (SELECT email FROM profiles WHERE profiles.tenant_id = leads.tenant_id AND profiles.id = leads.assigned_to) AS owner_email,
         ${leadCustomFields.definitionsColumn('leads.tenant_id', 'definitions')}
       FROM leads WHERE (tenant_id, id) IN (SELECT * FROM unnest($1::uuid[], $2::uuid[]))`,
      [keys.map((key) => key.tenantId), keys.map((key) => key.id)],
    );
    return new Map(
      rows.map((row) => {
        const lead = recordFromRow(LEADS, row);
        return [leadKeyText(lead), { lead, ownerEmail: row.owner_email, definitions: leadCustomFields.definitionsOf(row.definitions) }];
      }),
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
