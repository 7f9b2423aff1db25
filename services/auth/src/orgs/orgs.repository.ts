import { queryOne, type Db } from '@crm/platform';

export interface Org {
  id: string;
  name: string;
}

export async function insertOrg(db: Db, org: Org): Promise<Org> {
  await db.query(`INSERT INTO orgs (id, name) VALUES ($1, $2)`, [org.id, org.name]);
  return org;
}

export async function findOrg(db: Db, id: string): Promise<Org | undefined> {
  return queryOne<Org>(db, `SELECT id, name FROM orgs WHERE id = $1`, [id]);
}

/** Serialises changes to a tenant's memberships (e.g. demoting admins) until the transaction ends. */
export async function lockOrg(db: Db, id: string): Promise<boolean> {
  const row = await queryOne<{ id: string }>(db, `SELECT id FROM orgs WHERE id = $1 FOR UPDATE`, [id]);
  return row !== undefined;
}
