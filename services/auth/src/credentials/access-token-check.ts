import { isUuid, queryOne, type Db } from '@crm/platform';
import { z } from 'zod';

/**
 * What the gateway asks of an access token that may predate a change of its profile
 * (`POST /internal/access-tokens/check`): the claims that could have gone stale.
 */
export const accessTokenCheckBody = z.strictObject({
  profile_id: z.string(),
  /** Absent in tokens issued before sessions were named in them: then only the profile is checked. */
  session_id: z.string().optional(),
  issued_at_ms: z.number().int().nonnegative(),
  role: z.enum(['admin', 'member']),
  sales_access: z.boolean(),
});
export type AccessTokenCheck = z.infer<typeof accessTokenCheckBody>;

/**
 * Whether an access token is still as good as a new one: its profile is active and has the role and
 * sales access the token carries, the token was issued after the profile's credentials last ended
 * (deactivation, password change or reset), and its session was not logged out or revoked.
 */
export async function accessTokenIsCurrent(db: Db, token: AccessTokenCheck): Promise<boolean> {
  if (!isUuid(token.profile_id) || (token.session_id !== undefined && !isUuid(token.session_id))) return false;
  const row = await queryOne<{ current: boolean }>(
    db,
    `SELECT p.is_active AND p.role = $2 AND p.sales_access = $3
            AND (p.credentials_valid_after IS NULL OR p.credentials_valid_after <= $4)
            AND ($5::uuid IS NULL OR EXISTS (
                  SELECT 1 FROM refresh_tokens t WHERE t.family_id = $5 AND t.profile_id = p.id AND t.revoked_at IS NULL))
            AS current
       FROM profiles p WHERE p.id = $1`,
    [token.profile_id, token.role, token.sales_access, new Date(token.issued_at_ms), token.session_id ?? null],
  );
  return row?.current === true;
}
