import { rateLimitHeaders, TooManyRequestsError } from '@crm/platform';
import type { RequestHandler } from 'express';
import { Counter, Gauge, type Registry } from 'prom-client';
import { callerOf, routeOf } from '../request-state';
import { pathParam } from '../routing/route-matcher';
import { clientAddress, rateLimitKey, type BucketRateLimiter } from './rate-limiter';

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
 * Counts the request against the route's bucket for its user (without a caller: its client address), and against its
 * per-parameter bucket when it has one (a web form's, every address together), after its address's share of
 * that one when the route gives one; sets the RateLimit headers of the count that decided (they stay on the
 * upstream's response too), and answers 429 past any limit, counting each refusal by bucket. A request
 * refused by one count is not counted by the next.
 */
export function rateLimitMiddleware(limiter: BucketRateLimiter, rejections: RateLimitRejections): RequestHandler {
  return async (req, res, next) => {
    const route = routeOf(res);
    const caller = callerOf(res);
    const address = clientAddress(req);
    let decision = await limiter.consume(route.bucket, rateLimitKey(route.bucket, caller ?? null, address));
    if (decision.allowed && route.perParam) {
      const { bucket, param, addressShare } = route.perParam;
      const counted = `${param}:${pathParam(route, req.path, param)}`;
      if (addressShare) decision = await limiter.consume(addressShare, `${addressShare}:${counted}:ip:${address}`);
      if (decision.allowed) decision = await limiter.consume(bucket, `${bucket}:${counted}`);
    }
    res.set(rateLimitHeaders(decision));
    if (!decision.allowed) {
      rejections.inc({ bucket: decision.bucket });
      throw new TooManyRequestsError(decision.resetSeconds);
    }
    next();
  };
}
