import { randomUUID } from 'node:crypto';
import { ConflictError, isUniqueViolation, ValidationError, type Caller } from '@crm/platform';
import type { AuthDeps } from '../auth-deps';
import { randomSecret, sha256Hex } from '../common/hashing';
import { apiTokenView, type ApiTokenView } from './api-token-view';
import { API_TOKEN_NAME_KEY, API_TOKENS_QUOTA, countApiTokens, insertApiToken, lockApiTokensOf } from './api-tokens.repository';
import type { CreateApiTokenInput } from './api-tokens.schemas';

export const API_TOKEN_PREFIX = 'crm_pat_';
export const NAME_TAKEN = 'You already have an API token with this name.';
/** Live tokens (not revoked, not expired) a user may hold: each would otherwise be a quota of its own to mint. */
export const MAX_LIVE_API_TOKENS = 50;
const TOO_MANY_TOKENS = `You already have ${MAX_LIVE_API_TOKENS} live API tokens; revoke one before creating another.`;

/** When a new token ends: as asked, in the future and no later than `maxAgeMs` from now; by default then. */
function tokenExpiry(asked: string | undefined, now: Date, maxAgeMs: number): Date {
  const latest = new Date(now.getTime() + maxAgeMs);
  if (asked === undefined) return latest;
  const expiresAt = new Date(asked);
  if (expiresAt <= now) throw ValidationError.field('expires_at', 'Must be in the future.');
  if (expiresAt > latest) throw ValidationError.field('expires_at', `Must be no later than ${latest.toISOString()} (API_TOKEN_MAX_AGE).`);
  return expiresAt;
}

/**
 * Creates an API token acting as the caller's profile, limited to `scopes`, which must be among the
 * caller's own. The secret is answered here once and stored only as its SHA-256.
 */
export async function createApiToken(
  deps: AuthDeps,
  caller: Caller,
  input: CreateApiTokenInput,
): Promise<ApiTokenView & { token: string }> {
  const beyond = input.scopes.filter((scope) => !caller.scopes.includes(scope));
  if (beyond.length > 0) {
    throw ValidationError.field('scopes', `You cannot grant scopes you do not have: ${beyond.join(', ')}.`);
  }
  const now = deps.clock();
  const expiresAt = tokenExpiry(input.expires_at, now, deps.config.API_TOKEN_MAX_AGE);
  const token = `${API_TOKEN_PREFIX}${randomSecret(32)}`;
  try {
    const stored = await deps.dataSource.transaction(async (db) => {
      // One creation at a time per profile, so parallel ones cannot pass the bound together.
      await lockApiTokensOf(db, caller.profileId);
      if ((await countApiTokens(db, caller.profileId, now)) >= MAX_LIVE_API_TOKENS) throw new ConflictError(TOO_MANY_TOKENS);
      // ... and the tenant's, against its quota (its members together: docs/security.md §10.5).
      await deps.quotas.requireRoom(db, caller.tenantId, API_TOKENS_QUOTA, 1);
      return insertApiToken(db, {
        id: randomUUID(),
        profileId: caller.profileId,
        name: input.name,
        scopes: input.scopes,
        tokenHash: sha256Hex(token),
        createdAt: now,
        expiresAt,
        lastUsedAt: null,
      });
    });
    return { ...apiTokenView(stored), token };
  } catch (error) {
    if (isUniqueViolation(error, API_TOKEN_NAME_KEY)) throw new ConflictError(NAME_TAKEN, 'name');
    throw error;
  }
}
