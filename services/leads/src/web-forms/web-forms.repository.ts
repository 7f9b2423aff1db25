import { queryOne, readPageRows, type Db, type PageRows, type PageWindow } from '@crm/platform';

/** A web form as stored, with the number of submissions it has kept. */
export interface WebFormRow {
  id: string;
  tenant_id: string;
  name: string;
  public_key: string;
  is_active: boolean;
  allowed_origins: string[];
  assigned_to: string;
  tags: string[];
  redirect_url: string | null;
  created_by: string;
  version: number;
  created_at: Date;
  submission_count: number;
}

/** What an admin sets on a form. */
export interface WebFormValues {
  name: string;
  is_active: boolean;
  allowed_origins: string[];
  assigned_to: string;
  tags: string[];
  redirect_url: string | null;
}

const COLUMNS = `f.id, f.tenant_id, f.name, f.public_key, f.is_active, f.allowed_origins, f.assigned_to, f.tags, f.redirect_url,
  f.created_by, f.version, f.created_at,
  (SELECT count(*)::int FROM web_form_submissions s WHERE s.form_id = f.id) AS submission_count`;
const NEWEST_FIRST = { columns: ['f.created_at'], descending: true, id: 'f.id' };

export async function countWebForms(db: Db, tenantId: string): Promise<number> {
  const row = await queryOne<{ count: number }>(db, 'SELECT count(*)::int AS count FROM web_forms WHERE tenant_id = $1', [tenantId]);
  return row!.count;
}

/** A page of the tenant's forms, newest first. */
export const listWebForms = (db: Db, tenantId: string, window: PageWindow): Promise<PageRows<WebFormRow>> =>
  readPageRows(db, { select: COLUMNS, from: 'web_forms f', where: ['f.tenant_id = $1'], params: [tenantId], order: NEWEST_FIRST }, window);

export const findWebForm = (db: Db, tenantId: string, id: string, { forUpdate = false } = {}): Promise<WebFormRow | undefined> =>
  queryOne<WebFormRow>(db, `SELECT ${COLUMNS} FROM web_forms f WHERE f.tenant_id = $1 AND f.id = $2${forUpdate ? ' FOR UPDATE OF f' : ''}`, [tenantId, id]);

/** The active form a public key opens, of any tenant; undefined for an unknown or inactive key. */
export const findActiveWebForm = (db: Db, publicKey: string): Promise<WebFormRow | undefined> =>
  queryOne<WebFormRow>(db, `SELECT ${COLUMNS} FROM web_forms f WHERE f.public_key = $1 AND f.is_active`, [publicKey]);

export async function insertWebForm(
  db: Db,
  form: WebFormValues & { id: string; tenantId: string; publicKey: string; createdBy: string; now: Date },
): Promise<WebFormRow> {
  await db.query(
    `INSERT INTO web_forms (id, tenant_id, name, public_key, is_active, allowed_origins, assigned_to, tags, redirect_url, created_by, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)`,
    [form.id, form.tenantId, form.name, form.publicKey, form.is_active, form.allowed_origins, form.assigned_to, form.tags, form.redirect_url, form.createdBy, form.now],
  );
  return (await findWebForm(db, form.tenantId, form.id))!;
}

export async function updateWebForm(db: Db, tenantId: string, id: string, values: WebFormValues, now: Date): Promise<WebFormRow> {
  await db.query(
    `UPDATE web_forms SET name = $3, is_active = $4, allowed_origins = $5, assigned_to = $6, tags = $7, redirect_url = $8,
       version = version + 1, updated_at = $9
     WHERE tenant_id = $1 AND id = $2`,
    [tenantId, id, values.name, values.is_active, values.allowed_origins, values.assigned_to, values.tags, values.redirect_url, now],
  );
  return (await findWebForm(db, tenantId, id))!;
}

export async function deleteWebForm(db: Db, tenantId: string, id: string): Promise<void> {
  await db.query('DELETE FROM web_forms WHERE tenant_id = $1 AND id = $2', [tenantId, id]);
}
