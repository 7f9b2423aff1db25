import { queryOne, queryRows, type Db } from '@crm/platform';

/** The records a conversion hands out, by type; each is made by its owning service. */
export interface ConversionIds {
  accountId: string;
  contactId: string;
  opportunityId: string | null;
}

export type ConvertedRecordType = 'account' | 'contact' | 'opportunity';

/** The channel a conversion's completion is announced on (payload: the lead's id), per schema. */
export const conversionChannel = (schema: string) => `crm_conversion_${schema}`;

/** A new conversion, `making_records`, with the records it hands out, none ready yet. */
export async function insertConversion(db: Db, tenantId: string, leadId: string, ids: ConversionIds, now: Date): Promise<void> {
  await db.query(`INSERT INTO lead_conversions (lead_id, tenant_id, state, converted_at) VALUES ($1, $2, 'making_records', $3)`, [leadId, tenantId, now]);
  const records: [ConvertedRecordType, string | null][] = [
    ['account', ids.accountId],
    ['contact', ids.contactId],
    ['opportunity', ids.opportunityId],
  ];
  for (const [type, recordId] of records) {
    if (recordId === null) continue;
    await db.query(`INSERT INTO lead_conversion_records (lead_id, record_type, record_id, tenant_id) VALUES ($1, $2, $3, $4)`, [leadId, type, recordId, tenantId]);
  }
}

/**
 * Locks the conversions that handed out `recordId` as a record of `type`, in lead order, and answers
 * their leads: the records of one conversion are announced at once, and whichever is handled last must
 * see the others ready, so they queue on their conversion's row.
 */
export async function lockConversionsHandingOut(db: Db, tenantId: string, type: ConvertedRecordType, recordId: string): Promise<string[]> {
  const rows = await queryRows<{ lead_id: string }>(
    db,
    `SELECT c.lead_id FROM lead_conversions c JOIN lead_conversion_records r ON r.lead_id = c.lead_id
      WHERE r.tenant_id = $1 AND r.record_type = $2 AND r.record_id = $3
      ORDER BY c.lead_id FOR UPDATE OF c`,
    [tenantId, type, recordId],
  );
  return rows.map((row) => row.lead_id);
}

/** The record of `type` of each of `leadIds`' conversions is `recordId` (a merge moved it), made and ready. */
export async function markRecordReady(db: Db, leadIds: readonly string[], type: ConvertedRecordType, recordId: string): Promise<void> {
  await db.query(`UPDATE lead_conversion_records SET record_id = $3, ready = true WHERE lead_id = ANY($1::uuid[]) AND record_type = $2`, [
    leadIds,
    type,
    recordId,
  ]);
}

/**
 * Completes those of `leadIds`' conversions whose records are all ready, and NOTIFYs each completion
 * (delivered on commit, to every replica's waiter); answers the leads completed.
 */
export async function completeConversionsAllReady(db: Db, leadIds: readonly string[]): Promise<string[]> {
  const rows = await queryRows<{ lead_id: string }>(
    db,
    `WITH completed AS (
       UPDATE lead_conversions c SET state = 'completed'
        WHERE c.lead_id = ANY($1::uuid[]) AND c.state = 'making_records'
          AND NOT EXISTS (SELECT 1 FROM lead_conversion_records r WHERE r.lead_id = c.lead_id AND NOT r.ready)
       RETURNING c.lead_id
     )
     SELECT lead_id, pg_notify($2 || current_schema(), lead_id::text) FROM completed`,
    [leadIds, conversionChannel('')],
  );
  return rows.map((row) => row.lead_id);
}

export async function conversionCompleted(db: Db, leadId: string): Promise<boolean> {
  const row = await queryOne<{ state: string }>(db, `SELECT state FROM lead_conversions WHERE lead_id = $1`, [leadId]);
  return row?.state === 'completed';
}

/**
 * Where leads answers which of the ids its conversions handed out are still being made (contacts and
 * accounts-opportunities ask it before refusing a write that names one; the path is theirs too).
 */
export const CONVERSIONS_IN_FLIGHT_PATH = '/internal/lookup/converting/';

/** The ids among `ids` that a conversion of the tenant handed out and whose owner has not announced the record yet. */
export async function recordsBeingMade(db: Db, tenantId: string, ids: readonly string[]): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    `SELECT record_id AS id FROM lead_conversion_records WHERE tenant_id = $1 AND record_id = ANY($2::uuid[]) AND NOT ready`,
    [tenantId, ids],
  );
  return rows.map((row) => row.id);
}
