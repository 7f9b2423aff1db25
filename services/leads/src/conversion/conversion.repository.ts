import { queryOne, queryRows, type Db } from '@crm/platform';
import { conversionChannel } from './conversion-waiter';

export interface ConversionIds {
  accountId: string;
  contactId: string;
  opportunityId: string | null;
}

/** Records the ids the conversion allocated (the lead's status is written with its other values). */
export async function recordConversion(db: Db, leadId: string, ids: ConversionIds, now: Date): Promise<void> {
  await db.query(
    `UPDATE leads SET account_id = $2, contact_id = $3, opportunity_id = $4, converted_at = $5,
       opportunity_ready = ($4::uuid IS NULL)
     WHERE id = $1`,
    [leadId, ids.accountId, ids.contactId, ids.opportunityId, now],
  );
}

export type ConvertedRecordKind = 'account' | 'contact' | 'opportunity';

/**
 * The owning service announced a record a conversion created: mark it ready and, when it was the last
 * one, NOTIFY the request waiting for the conversion (delivered on commit, to every replica). One
 * statement: the records of a conversion are announced at once, and their handlers queue on the lead's row.
 */
export async function markConvertedRecordReady(db: Db, kind: ConvertedRecordKind, recordId: string): Promise<void> {
  await db.query(
    `WITH ready AS (UPDATE leads SET ${kind}_ready = true WHERE ${kind}_id = $1 RETURNING ${READY_COLUMNS})
     ${notifyCompleted('$2')}`,
    [recordId, conversionChannel('')],
  );
}

/**
 * A contact merge (`contact.merged`): converted leads pointing at the merged-away contact point at the
 * keeper. The keeper exists, so it counts as ready (its `contact.created` may have come and gone).
 */
export async function moveConvertedContact(db: Db, tenantId: string, fromId: string, toId: string): Promise<void> {
  await db.query(
    `WITH ready AS (
       UPDATE leads SET contact_id = $3, contact_ready = true WHERE tenant_id = $1 AND contact_id = $2 RETURNING ${READY_COLUMNS}
     )
     ${notifyCompleted('$4')}`,
    [tenantId, fromId, toId, conversionChannel('')],
  );
}

const READY_COLUMNS = `id, (account_ready AND contact_ready AND opportunity_ready) AS complete`;

/** Wakes the requests waiting for the conversions `ready` completed; `prefix`: the parameter holding the channel's prefix. */
const notifyCompleted = (prefix: string) => `SELECT pg_notify(${prefix} || current_schema(), id::text) FROM ready WHERE complete`;

export async function conversionComplete(db: Db, leadId: string): Promise<boolean> {
  const row = await queryOne<{ complete: boolean }>(
    db,
    `SELECT (account_ready AND contact_ready AND opportunity_ready) AS complete FROM leads WHERE id = $1`,
    [leadId],
  );
  return row?.complete ?? false;
}

/**
 * The ids among `ids` that a conversion of the tenant handed out whose record its owner has not announced
 * yet: asked by contacts and accounts-opportunities before they refuse a write naming one (architecture §1).
 */
export async function recordsStillConverting(db: Db, tenantId: string, ids: readonly string[]): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    `SELECT account_id AS id FROM leads WHERE tenant_id = $1 AND account_id = ANY($2::uuid[]) AND NOT account_ready
     UNION ALL SELECT contact_id FROM leads WHERE tenant_id = $1 AND contact_id = ANY($2::uuid[]) AND NOT contact_ready
     UNION ALL SELECT opportunity_id FROM leads WHERE tenant_id = $1 AND opportunity_id = ANY($2::uuid[]) AND NOT opportunity_ready`,
    [tenantId, ids],
  );
  return rows.map((row) => row.id);
}
