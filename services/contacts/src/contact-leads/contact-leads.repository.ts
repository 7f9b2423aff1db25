import { queryRows, type Db } from '@crm/shared';

/**
 * Links a contact to a lead (shown in the contact's `lead_ids`); linking twice changes nothing. Writes
 * the link only: the caller, in its transaction, decides what the contact's events say (lead
 * conversion links the contact it creates before announcing it, so `contact.created` carries the lead).
 */
export async function linkContactToLead(db: Db, tenantId: string, contactId: string, leadId: string): Promise<void> {
  await db.query(
    `INSERT INTO contact_leads (tenant_id, contact_id, lead_id) VALUES ($1, $2, $3) ON CONFLICT (contact_id, lead_id) DO NOTHING`,
    [tenantId, contactId, leadId],
  );
}

/** The lead ids of each contact given, oldest link first (every contact given has an entry). */
export async function leadIdsOf(db: Db, tenantId: string, contactIds: string[]): Promise<Map<string, string[]>> {
  const links = new Map<string, string[]>(contactIds.map((id) => [id, []]));
  if (contactIds.length === 0) return links;
  const rows = await queryRows<{ contact_id: string; lead_id: string }>(
    db,
    `SELECT contact_id, lead_id FROM contact_leads WHERE tenant_id = $1 AND contact_id = ANY($2::uuid[])
     ORDER BY created_at, lead_id`,
    [tenantId, contactIds],
  );
  for (const row of rows) links.get(row.contact_id)?.push(row.lead_id);
  return links;
}
