import { mapPageRows, queryOne, readPageRows, type Db, type PageRows, type PageWindow } from '@crm/platform';
import type { QuotaCounter } from '@crm/records';
import type { Role } from '@crm/platform';

/** Token names are unique among a profile's tokens that are not revoked. */
export const API_TOKEN_NAME_KEY = 'api_tokens_profile_name_key';

export interface ApiToken {
  id: string;
  profileId: string;
  name: string;
  scopes: string[];
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt: Date | null;
}

/** An API token that is not revoked, with the profile it acts as, as that profile is now. */
export interface ActiveApiToken {
  id: string;
  scopes: string[];
  expiresAt: Date;
  profile: { id: string; userId: string; orgId: string; role: Role; salesAccess: boolean };
}

interface ApiTokenRow {
  id: string;
  profile_id: string;
  name: string;
  scopes: string[];
  created_at: Date;
  expires_at: Date;
  last_used_at: Date | null;
}

const toApiToken = (row: ApiTokenRow): ApiToken => ({
  id: row.id,
  profileId: row.profile_id,
  name: row.name,
  scopes: row.scopes,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  lastUsedAt: row.last_used_at,
});

export async function insertApiToken(db: Db, token: ApiToken & { tokenHash: string }): Promise<ApiToken> {
  await db.query(
    `INSERT INTO api_tokens (id, profile_id, name, scopes, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [token.id, token.profileId, token.name, token.scopes, token.tokenHash, token.createdAt, token.expiresAt],
  );
  const { tokenHash: _secret, ...stored } = token;
  return stored;
}

/** A token is live until it is revoked or expires. */
const LIVE = 'revoked_at IS NULL AND expires_at > $2';

export async function countApiTokens(db: Db, profileId: string, now: Date): Promise<number> {
  const row = await queryOne<{ count: string }>(db, `SELECT count(*) AS count FROM api_tokens WHERE profile_id = $1 AND ${LIVE}`, [profileId, now]);
  return Number(row?.count ?? 0);
}

/** The tenant's live tokens (all its members'), against its `api_tokens` quota. */
export const API_TOKENS_QUOTA: QuotaCounter = {
  quota: 'api_tokens',
  used: async (db, tenantId) =>
    (await queryOne<{ n: number }>(
      db,
      `SELECT count(*)::int AS n FROM api_tokens JOIN profiles ON profiles.id = api_tokens.profile_id
       WHERE profiles.org_id = $1 AND api_tokens.revoked_at IS NULL AND api_tokens.expires_at > now()`,
      [tenantId],
    ))!.n,
};

/** Holds the profile's row until the transaction ends: its token creations are counted one at a time. */
export async function lockApiTokensOf(db: Db, profileId: string): Promise<void> {
  await db.query(`SELECT 1 FROM profiles WHERE id = $1 FOR NO KEY UPDATE`, [profileId]);
}

/** A profile's live tokens, newest first. */
export async function listApiTokens(db: Db, profileId: string, now: Date, window: PageWindow): Promise<PageRows<ApiToken>> {
  const query = {
    select: 'id, profile_id, name, scopes, created_at, expires_at, last_used_at',
    from: 'api_tokens',
    where: ['profile_id = $1', LIVE],
    params: [profileId, now],
  };
  return mapPageRows(await readPageRows<ApiTokenRow>(db, { ...query, order: { columns: ['created_at'], descending: true } }, window), toApiToken);
}

/**
 * Revokes a token of a profile of `orgId`, and of `profileId` when given (a member revokes only their
 * own); false when there is no such live token.
 */
export async function revokeApiToken(db: Db, id: string, owner: { orgId: string; profileId?: string }, now: Date): Promise<boolean> {
  const row = await queryOne<{ id: string }>(
    db,
    `UPDATE api_tokens t SET revoked_at = $2
       FROM profiles p
      WHERE t.id = $1 AND p.id = t.profile_id AND p.org_id = $3 AND ($4::uuid IS NULL OR t.profile_id = $4)
        AND t.revoked_at IS NULL AND t.expires_at > $2
      RETURNING t.id`,
    [id, now, owner.orgId, owner.profileId ?? null],
  );
  return row !== undefined;
}

/** Stamps a use, at most once a minute per token: a resolve is not worth a write each time. */
export async function recordApiTokenUse(db: Db, id: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE api_tokens SET last_used_at = $2 WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $2::timestamptz - interval '1 minute')`,
    [id, now],
  );
}

/** A live token of an active profile. */
export async function findActiveApiToken(db: Db, tokenHash: string, now: Date): Promise<ActiveApiToken | undefined> {
  const row = await queryOne<{
    id: string;
    scopes: string[];
    expires_at: Date;
    profile_id: string;
    user_id: string;
    org_id: string;
    role: Role;
    sales_access: boolean;
  }>(
    db,
    `SELECT t.id, t.scopes, t.expires_at, p.id AS profile_id, p.user_id, p.org_id, p.role, p.sales_access
       FROM api_tokens t JOIN profiles p ON p.id = t.profile_id
      WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND t.expires_at > $2 AND p.is_active`,
    [tokenHash, now],
  );
  if (!row) return undefined;
  return {
    id: row.id,
    scopes: row.scopes,
    expiresAt: row.expires_at,
    profile: { id: row.profile_id, userId: row.user_id, orgId: row.org_id, role: row.role, salesAccess: row.sales_access },
  };
}
