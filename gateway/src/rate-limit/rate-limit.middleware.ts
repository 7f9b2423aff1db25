import { TooManyRequestsError } from '@crm/shared';
import type { RequestHandler } from 'express';
import { Counter, Gauge, type Registry } from 'prom-client';
import { callerOf, routeOf } from '../request-state';
import { clientAddress, rateLimitHeaders, rateLimitKey, type BucketRateLimiter } from './rate-limiter';

export type RateLimitRejections = Counter<'bucket'>;

/** `crm_rate_limit_rejections_total`: every 429 of a rate limit, by bucket. */
export function rateLimitRejections(metrics: Registry): RateLimitRejections {
  return new Counter({
    name: 'crm_rate_limit_rejections_total',
    help: 'Requests refused with 429 by the rate limit, by bucket.',
    labelNames: ['bucket'] as const,
    registers: [metrics],
  });
}

/** `crm_rate_limits_in_memory`: 1 while Redis is away and this gateway counts the limits alone (each replica its own). */
export function rateLimitStoreMetrics(metrics: Registry, limiter: BucketRateLimiter): void {
  new Gauge({
    name: 'crm_rate_limits_in_memory',
    help: 'Whether the rate limits are counted in this process (1: Redis away, each gateway replica counts alone) or in Redis (0).',
    registers: [metrics],
    collect() {
      this.set(limiter.countsInMemory() ? 1 : 0);
    },
  });
}

/**
 * Counts the request against the route's bucket for its credential (or client address), sets the
 * RateLimit headers (they stay on the upstream's response too), and answers 429 past the limit,
 * counting each refusal by bucket.
 */
export function rateLimitMiddleware(limiter: BucketRateLimiter, rejections: RateLimitRejections): RequestHandler {
  return async (req, res, next) => {
    const { bucket } = routeOf(res);
    const caller = callerOf(res);
    const key = rateLimitKey(bucket, caller?.credential ?? null, clientAddress(req));
    const decision = await limiter.consume(bucket, key);
    res.set(rateLimitHeaders(decision));
    if (!decision.allowed) {
      rejections.inc({ bucket });
      throw new TooManyRequestsError(decision.resetSeconds);
    }
    next();
  };
}
