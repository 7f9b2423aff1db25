import { ExpiringCache, rateLimitHeaders, TooManyRequestsError } from '@crm/platform';
import type { Request, Response } from 'express';
import type { RateLimitRejections } from './rate-limit.middleware';
import { clientAddress, rateLimitKey, type BucketRateLimiter, type RateDecision } from './rate-limiter';

const BUCKET = 'unauthenticated';
/** Addresses this process keeps refusing at once; the oldest make room (each cost a full rate of failures). */
const MAX_REFUSED_ADDRESSES = 100_000;

/**
 * The `unauthenticated` bucket (THROTTLE_RATES): each request whose credential fails (401) counts against
 * its client address. Once an address has used up its rate, every request of it that needs a credential
 * is answered 429 until the window ends, before its credential is looked at: no lookup in auth, no
 * signature checked. A valid credential is never counted against its address.
 */
export class UnauthenticatedLimit {
  /**
   * The addresses that used up their rate, until their window ends: each gateway process learns it from
   * the failure it counts at or past the limit, so the check before a credential needs no round trip to Redis.
   */
  private readonly usedUp = new ExpiringCache<{ decision: RateDecision; untilMs: number }>(MAX_REFUSED_ADDRESSES);

  constructor(
    private readonly limiter: BucketRateLimiter,
    private readonly rejections: RateLimitRejections,
  ) {}

  /** Before the credential is looked at: 429 when the request's address has used up its rate. */
  refuseUsedUpAddress(req: Request, res: Response): void {
    const refused = this.usedUp.get(clientAddress(req));
    if (!refused) return;
    const resetSeconds = Math.max(1, Math.ceil((refused.untilMs - Date.now()) / 1000));
    res.set(rateLimitHeaders({ ...refused.decision, remaining: 0, resetSeconds }));
    this.rejections.inc({ bucket: BUCKET });
    throw new TooManyRequestsError(resetSeconds);
  }

  /** The request's credential failed: one more against its address (the 401 carries where the address stands). */
  async countFailure(req: Request, res: Response): Promise<void> {
    const address = clientAddress(req);
    const decision = await this.limiter.consume(BUCKET, rateLimitKey(BUCKET, null, address));
    res.set(rateLimitHeaders(decision));
    if (decision.remaining === 0) {
      const untilMs = Date.now() + decision.resetSeconds * 1000;
      this.usedUp.set(address, { decision, untilMs }, untilMs);
    }
  }
}
