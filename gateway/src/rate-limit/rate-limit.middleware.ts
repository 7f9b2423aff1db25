import { TooManyRequestsError } from '@crm/shared';
import type { RequestHandler } from 'express';
import { callerOf, routeOf } from '../request-state';
import { rateLimitHeaders, rateLimitKey, type BucketRateLimiter } from './rate-limiter';

/**
 * Counts the request against the route's bucket for its credential (or client address), sets the
 * RateLimit headers (they stay on the upstream's response too), and answers 429 past the limit.
 */
export function rateLimitMiddleware(limiter: BucketRateLimiter): RequestHandler {
  return async (req, res, next) => {
    const { bucket } = routeOf(res);
    const caller = callerOf(res);
    const key = rateLimitKey(bucket, caller?.credential ?? null, req.ip ?? req.socket.remoteAddress ?? 'unknown');
    const decision = await limiter.consume(bucket, key);
    res.set(rateLimitHeaders(decision));
    if (!decision.allowed) throw new TooManyRequestsError(decision.resetSeconds);
    next();
  };
}
