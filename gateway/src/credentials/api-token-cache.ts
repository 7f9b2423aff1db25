import { createHash } from 'node:crypto';
import type { Caller, Logger } from '@crm/shared';
import type Redis from 'ioredis';
import { mayPredate, type CredentialChanges } from './credential-changes';

/**
 * A cached entry: the Caller with when it was cached (a change of its profile after that makes it stale),
 * as one object because an older gateway sharing the cache forwards the entry as the Caller it expects
 * (services ignore the extra field), and an entry it wrote has no `cachedAt`.
 */
type CachedCaller = Caller & { cachedAt?: number };

/**
 * Resolved API tokens, cached in Redis for a short time so that not every request asks auth. Keyed by
 * the SHA-256 of the token (the token itself is never stored), with an index from the token's id to
 * that hash so a revocation seen by the gateway evicts the entry at once. An entry that may predate a
 * change of its profile's role or sales access is a miss: auth answers with the profile as it is now.
 * Every Redis failure is a cache miss: the gateway then asks auth each time.
 */
export class ApiTokenCache {
  constructor(
    /** None (the embedded default): nothing is cached, every API token is resolved through auth. */
    private readonly redis: Redis | undefined,
    private readonly ttlSeconds: number,
    private readonly logger: Logger,
    /** None: an entry serves its whole time whatever changes (a resolver tested on its own). */
    private readonly changes?: CredentialChanges,
  ) {}

  static hashOf(token: string): string {
    return createHash('sha256').update(token).digest('hex');
  }

  async get(tokenHash: string): Promise<Caller | undefined> {
    if (this.ttlSeconds === 0 || !this.redis) return undefined;
    try {
      const cached = await this.redis.get(cacheKey(tokenHash));
      if (!cached) return undefined;
      const { cachedAt, ...caller } = JSON.parse(cached) as CachedCaller;
      const changedAt = await this.changes?.lastChangeOf(caller.profileId);
      return changedAt !== undefined && mayPredate(cachedAt ?? 0, changedAt) ? undefined : caller;
    } catch (error) {
      this.logger.debug({ err: error }, 'API-token cache unavailable');
      return undefined;
    }
  }

  async set(tokenHash: string, caller: Caller): Promise<void> {
    if (this.ttlSeconds === 0 || !this.redis) return;
    try {
      await this.redis
        .multi()
        .set(cacheKey(tokenHash), JSON.stringify({ ...caller, cachedAt: Date.now() } satisfies CachedCaller), 'EX', this.ttlSeconds)
        .set(indexKey(caller.credential.id), tokenHash, 'EX', this.ttlSeconds)
        .exec();
    } catch (error) {
      this.logger.debug({ err: error }, 'API-token cache unavailable');
    }
  }

  /** Forgets the token with this id (it was revoked). One atomic step, so no request can slip between. */
  async evict(tokenId: string): Promise<void> {
    if (!this.redis) return;
    try {
      await this.redis.eval(EVICT_SCRIPT, 1, indexKey(tokenId), `${this.redis.options.keyPrefix ?? ''}${CACHE_PREFIX}`);
    } catch (error) {
      this.logger.warn({ err: error, api_token_id: tokenId }, 'could not evict a revoked API token from the cache');
    }
  }
}

const CACHE_PREFIX = 'api-token:';
const cacheKey = (tokenHash: string) => `${CACHE_PREFIX}${tokenHash}`;
const indexKey = (tokenId: string) => `api-token-id:${tokenId}`;

/** KEYS[1]: the id index (prefixed by ioredis); ARGV[1]: the full prefix of cache keys. */
const EVICT_SCRIPT = `
local hash = redis.call('GET', KEYS[1])
if hash then redis.call('DEL', ARGV[1] .. hash) end
redis.call('DEL', KEYS[1])
return hash
`;
