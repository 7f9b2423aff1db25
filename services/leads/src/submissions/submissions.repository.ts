import { queryOne, readPageRows, type Db, type PageRows, type PageWindow } from '@crm/platform';

export interface SubmissionRow {
  id: string;
  form_id: string;
  form_name: string;
  data: Record<string, unknown>;
  received_at: Date;
}

const ON_LEAD = 's.tenant_id = $1 AND s.lead_id = $2';
// The form's name now, or as it was when the submission came if the form is gone.
const COLUMNS = 's.id, s.form_id, coalesce(f.name, s.form_name) AS form_name, s.data, s.received_at';
const FROM = 'web_form_submissions s LEFT JOIN web_forms f ON f.id = s.form_id';
const NEWEST_FIRST = { columns: ['s.received_at'], descending: true, id: 's.id' };

export async function countLeadSubmissions(db: Db, tenantId: string, leadId: string): Promise<number> {
  const row = await queryOne<{ count: number }>(db, `SELECT count(*)::int AS count FROM web_form_submissions s WHERE ${ON_LEAD}`, [tenantId, leadId]);
  return row!.count;
}

/** A page of a lead's submissions, newest first. */
export const listLeadSubmissions = (db: Db, tenantId: string, leadId: string, window: PageWindow): Promise<PageRows<SubmissionRow>> =>
  readPageRows(db, { select: COLUMNS, from: FROM, where: [ON_LEAD], params: [tenantId, leadId], order: NEWEST_FIRST }, window);

export async function insertSubmission(
  db: Db,
  submission: { id: string; tenantId: string; formId: string; formName: string; leadId: string; data: Record<string, unknown>; receivedAt: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO web_form_submissions (id, tenant_id, form_id, form_name, lead_id, data, received_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [submission.id, submission.tenantId, submission.formId, submission.formName, submission.leadId, JSON.stringify(submission.data), submission.receivedAt],
  );
}

/**
 * The newest open lead of the tenant with this e-mail (stored lower-case), key-share locked so it cannot
 * be deleted or merged away before the submission lands on it; undefined when there is none.
 */
export async function lockOpenLeadWithEmail(db: Db, tenantId: string, email: string): Promise<string | undefined> {
  const row = await queryOne<{ id: string }>(
    db,
    `SELECT id FROM leads WHERE tenant_id = $1 AND email = $2 AND status <> 'converted'
      ORDER BY created_at DESC, id DESC LIMIT 1 FOR KEY SHARE`,
    [tenantId, email],
  );
  return row?.id;
}

/** Two submissions with one new e-mail make one lead: the second waits for the first's commit, then joins it. */
export async function lockEmailOfTenant(db: Db, tenantId: string, email: string): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`web-form:${tenantId}:${email}`]);
}

/** A merge: the merged-away lead's submissions now belong to the keeper. */
export async function moveSubmissions(db: Db, tenantId: string, fromLeadId: string, toLeadId: string): Promise<void> {
  await db.query(`UPDATE web_form_submissions SET lead_id = $3 WHERE tenant_id = $1 AND lead_id = $2`, [tenantId, fromLeadId, toLeadId]);
}

/** A lead deleted: what its visitors sent goes with it. */
export async function deleteSubmissionsOfLead(db: Db, tenantId: string, leadId: string): Promise<void> {
  await db.query(`DELETE FROM web_form_submissions WHERE tenant_id = $1 AND lead_id = $2`, [tenantId, leadId]);
}
