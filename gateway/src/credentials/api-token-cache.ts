import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { type Caller, type Logger } from '@crm/platform';
import type Redis from 'ioredis';
import { mayPredate, type CredentialChanges } from './credential-changes';

/**
 * A cached entry: the Caller with when it was cached (a change of its profile after that makes it stale)
 * and its signature, as one object because an older gateway sharing the cache forwards the entry as the
 * Caller it expects (services ignore the extra fields).
 */
type CachedCaller = Caller & { cachedAt?: number; signature?: string };

/**
 * Resolved API tokens, cached in Redis for a short time so that not every request asks auth. Keyed by
 * the SHA-256 of the token (the token itself is never stored), with an index from the token's id to
 * that hash so a revocation seen by the gateway evicts the entry at once. An entry that may predate a
 * change of its profile's role or sales access is a miss: auth answers with the profile as it is now.
 * Every Redis failure is a cache miss: the gateway then asks auth each time.
 *
 * Each entry is signed (HMAC-SHA256 with a secret only the gateway holds, derived from its signing key, over the entry and the key it sits
 * under), so whoever can write to Redis cannot make a caller up, nor move one entry under another token:
 * an entry whose signature does not check out is a miss, and auth is asked.
 */
export class ApiTokenCache {
  constructor(
    /** None (the embedded default): nothing is cached, every API token is resolved through auth. */
    private readonly redis: Redis | undefined,
    private readonly ttlSeconds: number,
    private readonly logger: Logger,
    /** The gateway's own secrets (derived from its signing keys): entries are signed with the first and checked against each. */
    private readonly secrets: readonly string[],
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
      const { signature, ...entry } = JSON.parse(cached) as CachedCaller;
      if (!this.signedBy(signature, tokenHash, entry)) {
        this.logger.warn({ api_token_hash_prefix: tokenHash.slice(0, 8) }, 'an API-token cache entry is not signed by this gateway: ignored');
        return undefined;
      }
      const { cachedAt, ...caller } = entry;
      const changedAt = await this.changes?.lastChangeOf(caller.profileId);
      return changedAt !== undefined && mayPredate(cachedAt ?? 0, changedAt) ? undefined : caller;
    } catch (error) {
      this.logger.debug({ err: error }, 'API-token cache unavailable');
      return undefined;
    }
  }

  /** Caches the token's caller for API_TOKEN_CACHE_SECONDS, or until the token expires when that is sooner. */
  async set(tokenHash: string, caller: Caller, expiresAt?: string): Promise<void> {
    if (this.ttlSeconds === 0 || !this.redis) return;
    const ttlMs = Math.min(this.ttlSeconds * 1000, expiresAt === undefined ? Infinity : Date.parse(expiresAt) - Date.now());
    if (!(ttlMs > 0)) return;
    try {
      await this.redis
        .multi()
        .set(cacheKey(tokenHash), JSON.stringify(this.signed(tokenHash, { ...caller, cachedAt: Date.now() })), 'PX', ttlMs)
        .set(indexKey(caller.credential.id), tokenHash, 'PX', ttlMs)
        .exec();
    } catch (error) {
      this.logger.debug({ err: error }, 'API-token cache unavailable');
    }
  }

  private signed(tokenHash: string, entry: CachedCaller): CachedCaller {
    return { ...entry, signature: signatureOf(this.secrets[0]!, tokenHash, entry) };
  }

  private signedBy(signature: string | undefined, tokenHash: string, entry: CachedCaller): boolean {
    if (typeof signature !== 'string') return false;
    const given = Buffer.from(signature, 'base64url');
    return this.secrets.some((secret) => {
      const expected = Buffer.from(signatureOf(secret, tokenHash, entry), 'base64url');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
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

/** The entry as written (JSON keeps the order of its keys through a round trip) and the key it is under. */
const signatureOf = (secret: string, tokenHash: string, entry: CachedCaller) =>
  createHmac('sha256', secret).update(`crm-api-token-cache\n${tokenHash}\n${JSON.stringify(entry)}`).digest('base64url');

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
