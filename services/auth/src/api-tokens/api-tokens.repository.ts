import { mapPageRows, queryOne, readPageRows, type Db, type PageRows, type PageWindow } from '@crm/platform';
import type { Role } from '@crm/platform';

/** Token names are unique among a profile's tokens that are not revoked. */
export const API_TOKEN_NAME_KEY = 'api_tokens_profile_name_key';

export interface ApiToken {
  id: string;
  profileId: string;
  name: string;
  scopes: string[];
  createdAt: Date;
}

/** An API token that is not revoked, with the profile it acts as, as that profile is now. */
export interface ActiveApiToken {
  id: string;
  scopes: string[];
  profile: { id: string; userId: string; orgId: string; role: Role; salesAccess: boolean };
}

interface ApiTokenRow {
  id: string;
  profile_id: string;
  name: string;
  scopes: string[];
  created_at: Date;
}

const toApiToken = (row: ApiTokenRow): ApiToken => ({
  id: row.id,
  profileId: row.profile_id,
  name: row.name,
  scopes: row.scopes,
  createdAt: row.created_at,
});

export async function insertApiToken(db: Db, token: ApiToken & { tokenHash: string }): Promise<ApiToken> {
  await db.query(
    `INSERT INTO api_tokens (id, profile_id, name, scopes, token_hash, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
    [token.id, token.profileId, token.name, token.scopes, token.tokenHash, token.createdAt],
  );
  const { tokenHash: _secret, ...stored } = token;
  return stored;
}

export async function countApiTokens(db: Db, profileId: string): Promise<number> {
  const row = await queryOne<{ count: string }>(
    db,
    `SELECT count(*) AS count FROM api_tokens WHERE profile_id = $1 AND revoked_at IS NULL`,
    [profileId],
  );
  return Number(row?.count ?? 0);
}

/** A profile's tokens that are not revoked, newest first. */
export async function listApiTokens(db: Db, profileId: string, window: PageWindow): Promise<PageRows<ApiToken>> {
  const query = { select: 'id, profile_id, name, scopes, created_at', from: 'api_tokens', where: ['profile_id = $1', 'revoked_at IS NULL'], params: [profileId] };
  return mapPageRows(await readPageRows<ApiTokenRow>(db, { ...query, order: { columns: ['created_at'], descending: true } }, window), toApiToken);
}

/** Revokes one of the profile's tokens; false when it has no such token (or it is revoked already). */
export async function revokeApiToken(db: Db, id: string, profileId: string, now: Date): Promise<boolean> {
  const row = await queryOne<{ id: string }>(
    db,
    `UPDATE api_tokens SET revoked_at = $3 WHERE id = $1 AND profile_id = $2 AND revoked_at IS NULL RETURNING id`,
    [id, profileId, now],
  );
  return row !== undefined;
}

export async function findActiveApiToken(db: Db, tokenHash: string): Promise<ActiveApiToken | undefined> {
  const row = await queryOne<{
    id: string;
    scopes: string[];
    profile_id: string;
    user_id: string;
    org_id: string;
    role: Role;
    sales_access: boolean;
  }>(
    db,
    `SELECT t.id, t.scopes, p.id AS profile_id, p.user_id, p.org_id, p.role, p.sales_access
       FROM api_tokens t JOIN profiles p ON p.id = t.profile_id
      WHERE t.token_hash = $1 AND t.revoked_at IS NULL`,
    [tokenHash],
  );
  if (!row) return undefined;
  return {
    id: row.id,
    scopes: row.scopes,
    profile: { id: row.profile_id, userId: row.user_id, orgId: row.org_id, role: row.role, salesAccess: row.sales_access },
  };
}
