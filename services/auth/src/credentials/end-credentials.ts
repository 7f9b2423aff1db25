import type { Db } from '@crm/platform';
import type { Response } from 'express';

/**
 * The header auth sets on an answer that ended credentials of a profile (its value: the profile ids,
 * comma-separated). The gateway records the change before it relays the answer, and strips the header:
 * from the next request on, on every replica within a second, a credential of such a profile obtained
 * before then is checked with auth again (architecture §2).
 */
export const CREDENTIALS_CHANGED_HEADER = 'x-crm-credentials-changed';

export interface EndedCredentials {
  /** The session (refresh-token family) the change was made from, which goes on; every other ends. */
  keepSession?: string;
  /** API tokens end too (deactivation); a password change leaves them, as they hold no password. */
  apiTokens: boolean;
}

/**
 * Ends a profile's credentials as of `now`: every access token issued before it, every session but
 * `keepSession`, and with `apiTokens` every API token. In the caller's transaction.
 */
export async function endCredentials(db: Db, profileId: string, now: Date, ended: EndedCredentials): Promise<void> {
  await db.query(`UPDATE profiles SET credentials_valid_after = $2 WHERE id = $1`, [profileId, now]);
  await db.query(
    `UPDATE refresh_tokens SET revoked_at = $2
      WHERE profile_id = $1 AND revoked_at IS NULL AND ($3::uuid IS NULL OR family_id <> $3::uuid)`,
    [profileId, now, ended.keepSession ?? null],
  );
  if (ended.apiTokens) {
    await db.query(`UPDATE api_tokens SET revoked_at = $2 WHERE profile_id = $1 AND revoked_at IS NULL`, [profileId, now]);
  }
}

/** Tells the gateway that credentials of these profiles changed (see CREDENTIALS_CHANGED_HEADER). */
export function announceCredentialChange(res: Response, profileIds: readonly string[]): void {
  if (profileIds.length > 0) res.set(CREDENTIALS_CHANGED_HEADER, profileIds.join(','));
}
