/**
 * `THROTTLE_RATES`: `read=1000/hour,write=200/hour,anon=20/minute,unauthenticated=60/minute`. A bucket
 * left out of the setting keeps its default rate. `unauthenticated` counts the requests of a client
 * address whose credential failed (401); see `UnauthenticatedLimit`.
 */
export const RATE_BUCKETS = ['read', 'write', 'anon', 'unauthenticated'] as const;
export type RateBucket = (typeof RATE_BUCKETS)[number];

export interface Rate {
  /** Requests allowed in one window. */
  limit: number;
  /** Window length in seconds; windows are fixed (they start with the first request). */
  windowSeconds: number;
}

export type ThrottleRates = Record<RateBucket, Rate>;

export const DEFAULT_THROTTLE_RATES = 'read=1000/hour,write=200/hour,anon=20/minute,unauthenticated=60/minute';

const UNIT_SECONDS: Record<string, number> = { second: 1, minute: 60, hour: 3600, day: 86_400 };
const ENTRY = /^([a-z_]+)=(\d+)\/([a-z]+)$/;

/** Parses the setting; throws an Error saying which entry is wrong and why. */
export function parseThrottleRates(value: string): ThrottleRates {
  return { ...parseEntries(DEFAULT_THROTTLE_RATES), ...parseEntries(value) } as ThrottleRates;
}

function parseEntries(value: string): Partial<ThrottleRates> {
  const rates: Partial<ThrottleRates> = {};
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) throw new Error('must list at least one rate, e.g. read=1000/hour');
  for (const entry of entries) {
    const match = ENTRY.exec(entry);
    if (!match) throw new Error(`"${entry}" is not <bucket>=<count>/<second|minute|hour|day>`);
    const [, bucket, count, unit] = match;
    if (!isRateBucket(bucket)) throw new Error(`"${bucket}" is not a rate bucket (${RATE_BUCKETS.join(', ')})`);
    if (!(unit in UNIT_SECONDS)) throw new Error(`"${unit}" is not a unit (second, minute, hour, day)`);
    const limit = Number(count);
    if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`"${entry}": the count must be at least 1`);
    if (rates[bucket]) throw new Error(`"${bucket}" is given twice`);
    rates[bucket] = { limit, windowSeconds: UNIT_SECONDS[unit] };
  }
  return rates;
}

function isRateBucket(value: string): value is RateBucket {
  return (RATE_BUCKETS as readonly string[]).includes(value);
}
