import { addressLimitKey, type Caller, type Logger } from '@crm/platform';
import type { Request } from 'express';
import type Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { FORM_ADDRESS_BUCKET, FORM_BUCKET, RATE_BUCKETS, type BucketRates, type RateBucket } from './throttle-rates';

/** The outcome of counting one request, with what the RateLimit headers and a 429 report. */
export interface RateDecision {
  bucket: RateBucket;
  limit: number;
  windowSeconds: number;
  allowed: boolean;
  remaining: number;
  /** Seconds until the window resets (for a 429: until a request is allowed again, at least 1). */
  resetSeconds: number;
}

const KEY_PREFIX = 'ratelimit';

/**
 * The in-memory stand-in for Redis: rate-limiter-flexible calls it whenever the Redis limiter fails
 * (Redis down or not ready), so the gateway keeps serving under per-process limits.
 */
class InsuranceLimiter extends RateLimiterMemory {
  constructor(
    options: ConstructorParameters<typeof RateLimiterMemory>[0],
    private readonly onUse: () => void,
  ) {
    super(options);
  }

  override consume(key: string | number, points?: number, options?: Record<string, unknown>): Promise<RateLimiterRes> {
    this.onUse();
    return super.consume(key, points, options);
  }
}

/**
 * One fixed-window counter per bucket (read, write, anon, unauthenticated, form, form_per_address), kept in Redis (an atomic
 * INCR script, so parallel requests never overshoot) with an in-memory insurance limiter of the same
 * rate. Logs a warning once when it falls back to memory and once when Redis is back.
 */
export class BucketRateLimiter {
  private readonly limiters: Record<RateBucket, RateLimiterRedis | RateLimiterMemory>;
  private inMemory = false;

  constructor(
    private readonly rates: BucketRates,
    redis: Redis | undefined,
    private readonly logger: Logger,
  ) {
    const build = (bucket: RateBucket) => {
      const { limit: points, windowSeconds: duration } = rates[bucket];
      // Without Redis (the embedded default) every limit lives in this process.
      if (!redis) return new RateLimiterMemory({ keyPrefix: KEY_PREFIX, points, duration });
      return new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: KEY_PREFIX,
        points,
        duration,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new InsuranceLimiter({ keyPrefix: KEY_PREFIX, points, duration }, () => this.fellBack()),
      });
    };
    this.limiters = Object.fromEntries([...RATE_BUCKETS, FORM_BUCKET, FORM_ADDRESS_BUCKET].map((bucket) => [bucket, build(bucket)])) as typeof this.limiters;
    redis?.on('ready', () => this.redisBack());
  }

  /** True while Redis is away and the limits are counted in this process's memory. */
  countsInMemory(): boolean {
    return this.inMemory;
  }

  /** Counts one request of `key` (e.g. `read:user:<id>`) in `bucket`. */
  async consume(bucket: RateBucket, key: string): Promise<RateDecision> {
    const { limit, windowSeconds } = this.rates[bucket];
    try {
      const res = await this.limiters[bucket].consume(key);
      return { bucket, limit, windowSeconds, allowed: true, remaining: res.remainingPoints, resetSeconds: toSeconds(res.msBeforeNext) };
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const resetSeconds = Math.max(1, toSeconds(rejection.msBeforeNext));
      return { bucket, limit, windowSeconds, allowed: false, remaining: 0, resetSeconds };
    }
  }

  private fellBack(): void {
    if (this.inMemory) return;
    this.inMemory = true;
    this.logger.warn('Redis unavailable: rate limits are counted in memory, per gateway process');
  }

  private redisBack(): void {
    if (!this.inMemory) return;
    this.inMemory = false;
    this.logger.warn('Redis is back: rate limits are counted in Redis again');
  }
}

const toSeconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

/**
 * Whose requests the per-address buckets count: the connection's peer, or the client a trusted proxy names
 * (TRUST_PROXY); an IPv6 client by its /64, an IPv4-mapped one by its IPv4 address (`addressLimitKey`).
 */
export const clientAddress = (req: Request): string => addressLimitKey(req.ip ?? req.socket.remoteAddress ?? 'unknown');

/**
 * The counter a request is charged to: per user, whichever of their credentials it carries (every access
 * token and every API token of theirs share the user's buckets, so minting tokens adds no quota), or, with
 * no caller, per client address. Keyed by the user id, which every credential of the user names (an access
 * token's `sub`, the resolved API token's caller): the person, whatever tenant memberships later profiles add.
 * (A web form's credential is the leads service's own, never a caller here: its submissions count per address
 * and per form.)
 */
export function rateLimitKey(bucket: RateBucket, caller: Pick<Caller, 'userId'> | null, clientAddress: string): string {
  if (!caller) return `${bucket}:ip:${clientAddress}`;
  return `${bucket}:user:${caller.userId}`;
}
