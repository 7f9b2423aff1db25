import { mapPageRows, queryOne, queryRows, readPageRows, type Db, type PageRows, type PageWindow } from '@crm/platform';
import type { Role } from '@crm/platform';

/** The unique index that makes e-mail addresses unique across all tenants, case-insensitively. */
export const USERS_EMAIL_KEY = 'users_email_key';

export interface NewUser {
  id: string;
  email: string;
  passwordHash: string;
  /** A registration's founder: unverified past this, the account lapses (api-contract §10.4). */
  verifyBy?: Date;
}

/** A membership of a user in a tenant, with the user's e-mail address. */
export interface Profile {
  id: string;
  userId: string;
  orgId: string;
  email: string;
  role: Role;
  salesAccess: boolean;
  version: number;
  /** False once deactivated: no credential works, the profile stays an owner of its records. */
  isActive: boolean;
  /** Whether the user proved the e-mail address is theirs (api-contract §10.4). */
  emailVerified: boolean;
}

export interface Account {
  userId: string;
  email: string;
  passwordHash: string;
  profile: Profile;
}

interface ProfileRow {
  id: string;
  user_id: string;
  org_id: string;
  email: string;
  role: Role;
  sales_access: boolean;
  version: number;
  is_active: boolean;
  email_verified: boolean;
}

const toProfile = (row: ProfileRow): Profile => ({
  id: row.id,
  userId: row.user_id,
  orgId: row.org_id,
  email: row.email,
  role: row.role,
  salesAccess: row.sales_access,
  version: row.version,
  isActive: row.is_active,
  emailVerified: row.email_verified,
});

const PROFILE_COLUMNS = `p.id, p.user_id, p.org_id, u.email, p.role, p.sales_access, p.version, p.is_active, u.email_verified_at IS NOT NULL AS email_verified`;

/** Whether a user holds `email` and proved it theirs: an unverified holder does not keep others from it (api-contract §10.4). */
export async function emailIsTaken(db: Db, email: string): Promise<boolean> {
  const row = await queryOne(
    db,
    `SELECT 1 FROM users WHERE lower(email) = lower($1) AND released_at IS NULL AND email_verified_at IS NOT NULL`,
    [email],
  );
  return row !== undefined;
}

export async function insertUser(db: Db, user: NewUser): Promise<void> {
  await db.query(`INSERT INTO users (id, email, password_hash, verify_by) VALUES ($1, $2, $3, $4)`, [
    user.id,
    user.email,
    user.passwordHash,
    user.verifyBy ?? null,
  ]);
}

export async function insertProfile(db: Db, profile: Omit<Profile, 'version' | 'isActive'>): Promise<Profile> {
  await db.query(
    `INSERT INTO profiles (id, user_id, org_id, role, sales_access, version) VALUES ($1, $2, $3, $4, $5, 1)`,
    [profile.id, profile.userId, profile.orgId, profile.role, profile.salesAccess],
  );
  return { ...profile, version: 1, isActive: true };
}

/** Replaces a password hash, unless it changed since it was read. */
export async function replacePasswordHash(db: Db, userId: string, oldHash: string, newHash: string): Promise<void> {
  await db.query(`UPDATE users SET password_hash = $3 WHERE id = $1 AND password_hash = $2`, [userId, oldHash, newHash]);
}

/**
 * The account that logs in with `email`, with its password hash and its profile: not one the address was
 * released from, nor a registration left unverified past its `verify_by` (api-contract §10.4).
 */
export async function findAccountByEmail(db: Db, email: string, now: Date): Promise<Account | undefined> {
  const row = await queryOne<ProfileRow & { password_hash: string }>(
    db,
    `SELECT ${PROFILE_COLUMNS}, u.password_hash
       FROM users u JOIN profiles p ON p.user_id = u.id
      WHERE lower(u.email) = lower($1) AND u.released_at IS NULL
        AND (u.email_verified_at IS NOT NULL OR u.verify_by IS NULL OR u.verify_by > $2)
      ORDER BY p.created_at, p.id
      LIMIT 1`,
    [email, now],
  );
  if (!row) return undefined;
  const profile = toProfile(row);
  return { userId: profile.userId, email: profile.email, passwordHash: row.password_hash, profile };
}

export async function findProfile(
  db: Db,
  id: string,
  options: { orgId?: string; forUpdate?: boolean } = {},
): Promise<Profile | undefined> {
  const row = await queryOne<ProfileRow>(
    db,
    `SELECT ${PROFILE_COLUMNS}
       FROM profiles p JOIN users u ON u.id = p.user_id
      WHERE p.id = $1 AND ($2::uuid IS NULL OR p.org_id = $2)
      ${options.forUpdate ? 'FOR UPDATE OF p' : ''}`,
    [id, options.orgId ?? null],
  );
  return row ? toProfile(row) : undefined;
}

/** The tenant's profiles among `ids` (others are left out). */
export async function findProfiles(db: Db, orgId: string, ids: readonly string[]): Promise<Profile[]> {
  const rows = await queryRows<ProfileRow>(
    db,
    `SELECT ${PROFILE_COLUMNS}
       FROM profiles p JOIN users u ON u.id = p.user_id
      WHERE p.org_id = $1 AND p.id = ANY($2::uuid[])`,
    [orgId, ids],
  );
  return rows.map(toProfile);
}

/** Which of a tenant's profiles a listing shows: all, or only the active or the deactivated ones. */
export interface ProfileFilter {
  isActive?: boolean;
}

const profileFilter = (orgId: string, filter: ProfileFilter) => ({
  where: ['p.org_id = $1', ...(filter.isActive === undefined ? [] : ['p.is_active = $2'])],
  params: [orgId, ...(filter.isActive === undefined ? [] : [filter.isActive])],
});

export async function countProfiles(db: Db, orgId: string, filter: ProfileFilter = {}): Promise<number> {
  const { where, params } = profileFilter(orgId, filter);
  const row = await queryOne<{ count: string }>(db, `SELECT count(*) AS count FROM profiles p WHERE ${where.join(' AND ')}`, params);
  return Number(row?.count ?? 0);
}

/** A tenant's profiles, newest first. */
export async function listProfiles(db: Db, orgId: string, filter: ProfileFilter, window: PageWindow): Promise<PageRows<Profile>> {
  const query = { select: PROFILE_COLUMNS, from: 'profiles p JOIN users u ON u.id = p.user_id', ...profileFilter(orgId, filter) };
  return mapPageRows(await readPageRows<ProfileRow>(db, { ...query, order: { columns: ['p.created_at'], descending: true, id: 'p.id' } }, window), toProfile);
}

/** Active admins: the ones who can manage the tenant. */
export async function countAdmins(db: Db, orgId: string): Promise<number> {
  const row = await queryOne<{ count: string }>(
    db,
    `SELECT count(*) AS count FROM profiles WHERE org_id = $1 AND role = 'admin' AND is_active`,
    [orgId],
  );
  return Number(row?.count ?? 0);
}

/** Saves a changed role or sales access, one version up; answers the saved profile. */
export async function updateProfile(
  db: Db,
  id: string,
  changes: { role: Role; salesAccess: boolean },
): Promise<Profile | undefined> {
  const row = await queryOne<{ id: string }>(
    db,
    `UPDATE profiles SET role = $2, sales_access = $3, version = version + 1, updated_at = now()
      WHERE id = $1 RETURNING id`,
    [id, changes.role, changes.salesAccess],
  );
  return row ? findProfile(db, row.id) : undefined;
}

/** Activates or deactivates a profile, one version up; answers the saved profile. */
export async function setProfileActive(db: Db, id: string, isActive: boolean, now: Date): Promise<Profile> {
  await db.query(
    `UPDATE profiles SET is_active = $2, deactivated_at = CASE WHEN $2 THEN NULL ELSE $3::timestamptz END,
            version = version + 1, updated_at = $3
      WHERE id = $1`,
    [id, isActive, now],
  );
  return (await findProfile(db, id))!;
}
