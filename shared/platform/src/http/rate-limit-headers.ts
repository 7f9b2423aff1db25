/** A rate limit as the IETF httpapi ratelimit-headers draft names it: a bucket, its quota and its window. */
export interface RatePolicy {
  bucket: string;
  limit: number;
  windowSeconds: number;
}

/** Where a caller stands in a policy: requests left in the window, and seconds until it resets. */
export interface RateStanding extends RatePolicy {
  remaining: number;
  resetSeconds: number;
}

/** `RateLimit-Policy` and `RateLimit` (IETF httpapi ratelimit-headers draft) of one bucket. */
export function rateLimitHeaders(standing: RateStanding): Record<string, string> {
  const name = `"${standing.bucket}"`;
  return {
    'RateLimit-Policy': `${name};q=${standing.limit};w=${standing.windowSeconds}`,
    RateLimit: `${name};r=${standing.remaining};t=${standing.resetSeconds}`,
  };
}
