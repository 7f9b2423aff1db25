import { queryRows, type Db } from '@crm/platform';

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

/**
 * A contact merge: the merged-away contact's lead links become the keeper's (a lead linked to both
 * stays linked once). True when the keeper gained a link, which changes its `lead_ids`.
 */
export async function moveLeadLinksOfContact(db: Db, tenantId: string, fromContactId: string, toContactId: string): Promise<boolean> {
  const added = await queryRows(
    db,
    `INSERT INTO contact_leads (tenant_id, contact_id, lead_id, created_at)
     SELECT tenant_id, $3, lead_id, created_at FROM contact_leads WHERE tenant_id = $1 AND contact_id = $2
     ON CONFLICT (contact_id, lead_id) DO NOTHING
     RETURNING lead_id`,
    [tenantId, fromContactId, toContactId],
  );
  await db.query(`DELETE FROM contact_leads WHERE tenant_id = $1 AND contact_id = $2`, [tenantId, fromContactId]);
  return added.length > 0;
}

/**
 * A lead merge (`lead.merged`): links to the merged-away lead become links to the keeper (a contact
 * linked to both keeps one). Answers the contacts whose `lead_ids` changed: every one linked to it.
 */
export async function moveContactLinksOfLead(db: Db, tenantId: string, fromLeadId: string, toLeadId: string): Promise<string[]> {
  const rows = await queryRows<{ contact_id: string }>(
    db,
    `WITH moved AS (
       DELETE FROM contact_leads WHERE tenant_id = $1 AND lead_id = $2 RETURNING tenant_id, contact_id, created_at
     ), relinked AS (
       INSERT INTO contact_leads (tenant_id, contact_id, lead_id, created_at)
       SELECT tenant_id, contact_id, $3, created_at FROM moved
       ON CONFLICT (contact_id, lead_id) DO NOTHING
     )
     SELECT contact_id FROM moved ORDER BY contact_id`,
    [tenantId, fromLeadId, toLeadId],
  );
  return rows.map((row) => row.contact_id);
}

/** A deleted lead: no contact is linked to it any more. Answers the contacts that were. */
export async function unlinkLead(db: Db, tenantId: string, leadId: string): Promise<string[]> {
  const rows = await queryRows<{ contact_id: string }>(
    db,
    `DELETE FROM contact_leads WHERE tenant_id = $1 AND lead_id = $2 RETURNING contact_id`,
    [tenantId, leadId],
  );
  return rows.map((row) => row.contact_id).sort();
}
