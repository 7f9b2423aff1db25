import { UnauthorizedError, type Db } from '@crm/platform';
import type { AuthDeps } from '../auth-deps';
import { sha256Hex } from '../common/hashing';
import { consumeRefreshToken, findRefreshToken, revokeRefreshFamily, type ConsumedRefreshToken } from './refresh-tokens.repository';

export const TOKEN_NOT_VALID = 'token_not_valid';

export type Refusal = { kind: 'reused' } | { kind: 'revoked' } | { kind: 'not_valid' };
export type Redemption = ({ kind: 'redeemed' } & ConsumedRefreshToken) | Refusal;

/**
 * Uses up a refresh token inside the caller's transaction (refreshing and logging out both do). A token
 * works once: presenting a used one again revokes its whole family, since one of the two holders is not
 * the user. Past its expiry or REFRESH_SESSION_MAX_AGE after its family's login it is not valid.
 */
export async function redeemRefreshToken(deps: AuthDeps, db: Db, refresh: string, now: Date): Promise<Redemption> {
  const tokenHash = sha256Hex(refresh);
  const oldestSessionStart = new Date(now.getTime() - deps.config.REFRESH_SESSION_MAX_AGE);
  const consumed = await consumeRefreshToken(db, tokenHash, now, oldestSessionStart);
  if (consumed) return { kind: 'redeemed', ...consumed };
  const known = await findRefreshToken(db, tokenHash);
  if (!known) return { kind: 'not_valid' };
  if (known.usedAt) {
    await revokeRefreshFamily(db, known.familyId, now);
    return { kind: 'reused' };
  }
  return known.revokedAt ? { kind: 'revoked' } : { kind: 'not_valid' };
}

/** The answer to a refused token; thrown after the transaction, so that a revocation commits. */
export function refusalError(refusal: Refusal): UnauthorizedError {
  switch (refusal.kind) {
    case 'reused':
      return new UnauthorizedError('Refresh token was already used; its session has been revoked.');
    case 'revoked':
      return new UnauthorizedError('Refresh token has been revoked.');
    case 'not_valid':
      return new UnauthorizedError('Token is invalid or expired.', TOKEN_NOT_VALID);
  }
}
