import { type Db } from '@crm/platform';
import { insertRecord, type NewRecord, type AssignedValues, type RecordTable, type StoredRecord } from '@crm/records';
import type { OpportunityOrderingField, OpportunityStage } from './opportunities.schemas';

/** An opportunity's values, named as the API and the columns name them. */
export interface OpportunityValues extends AssignedValues {
  name: string;
  account_id: string | null;
  contact_ids: string[];
  /** The lead it was converted from; set by conversion only. */
  lead_id: string | null;
  /** A decimal string with two places (`"1250.00"`). */
  amount: string | null;
  currency: string;
  stage: OpportunityStage;
  probability: number | null;
  /** `YYYY-MM-DD`. */
  close_date: string | null;
}

export type OpportunityRecord = StoredRecord<OpportunityValues>;

export const OPPORTUNITIES: RecordTable<OpportunityValues, OpportunityOrderingField> = {
  name: 'opportunities',
  owner: 'assigned_to',
  columns: [
    'name',
    'account_id',
    'contact_ids',
    'lead_id',
    'amount',
    'currency',
    'stage',
    'probability',
    'close_date',
    'assigned_to',
    'tags',
    'custom_fields',
  ],
  readAs: { amount: 'amount::text', close_date: `to_char(close_date, 'YYYY-MM-DD')` },
  orderColumns: {
    created_at: 'created_at',
    updated_at: 'updated_at',
    name: 'name',
    amount: 'amount',
    close_date: 'close_date',
    stage: 'stage_rank',
  },
  totals: true,
};

/** A new opportunity's values before a body applies (a PUT keeps the owner and the converted lead). */
export const opportunityDefaults = (owner: string, leadId: string | null): Omit<OpportunityValues, 'name'> => ({
  account_id: null,
  contact_ids: [],
  lead_id: leadId,
  amount: null,
  currency: 'USD',
  stage: 'prospecting',
  probability: null,
  close_date: null,
  assigned_to: owner,
  tags: [],
  custom_fields: {},
});

/**
 * For lead conversion (api-contract §4), inside the transaction that handles `lead.converted`: creates the
 * opportunity under the id the leads service allocated (a redelivered message is skipped by the inbox
 * before it gets here). References are taken as given (the account is created in the same transaction;
 * the contact by the contacts service). The caller announces it (`opportunity.created`, see
 * `publishRecords`), in the same transaction.
 */
export async function insertOpportunity(
  db: Db,
  opportunity: NewRecord & Pick<OpportunityValues, 'name' | 'assigned_to'> & Partial<OpportunityValues>,
): Promise<OpportunityRecord> {
  const { id, tenantId, createdBy, now, ...values } = opportunity;
  return insertRecord(db, OPPORTUNITIES, { id, tenantId, createdBy, now }, { ...opportunityDefaults(values.assigned_to, null), ...values });
}
