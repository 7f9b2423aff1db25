/**
 * `THROTTLE_RATES`: `read=1000/hour,write=200/hour,anon=20/minute,unauthenticated=60/minute`. A bucket
 * left out of the setting keeps its default rate. `unauthenticated` counts the requests of a client
 * address whose credential failed (401); see `UnauthenticatedLimit`.
 */
export const RATE_BUCKETS = ['read', 'write', 'anon', 'unauthenticated'] as const;
export type ThrottleBucket = (typeof RATE_BUCKETS)[number];
/** Every submission to one web form, from any address (`FORM_RATE`), besides each address's `anon` rate. */
export const FORM_BUCKET = 'form' as const;
/** One client address's share of one web form's `FORM_RATE` (`formAddressShare`). */
export const FORM_ADDRESS_BUCKET = 'form_per_address' as const;
export type RateBucket = ThrottleBucket | typeof FORM_BUCKET | typeof FORM_ADDRESS_BUCKET;
export const DEFAULT_FORM_RATE = '60/minute';
/** An address may use this fraction of a form's rate (rounded up): one address leaves at least three quarters to the others. */
const FORM_ADDRESS_SHARE = 1 / 4;

/** One address's share of a form's rate: a quarter of it (at least 1) in the same window; 60/minute gives 15/minute. */
export const formAddressShare = (formRate: Rate): Rate => ({ limit: Math.ceil(formRate.limit * FORM_ADDRESS_SHARE), windowSeconds: formRate.windowSeconds });

export interface Rate {
  /** Requests allowed in one window. */
  limit: number;
  /** Window length in seconds; windows are fixed (they start with the first request). */
  windowSeconds: number;
}

export type ThrottleRates = Record<ThrottleBucket, Rate>;
/** Every bucket's rate: `THROTTLE_RATES` with `FORM_RATE` and its share per address. */
export type BucketRates = Record<RateBucket, Rate>;

export const DEFAULT_THROTTLE_RATES = 'read=1000/hour,write=200/hour,anon=20/minute,unauthenticated=60/minute';

const UNIT_SECONDS: Record<string, number> = { second: 1, minute: 60, hour: 3600, day: 86_400 };
const ENTRY = /^([a-z_]+)=(.*)$/;
const RATE = /^(\d+)\/([a-z]+)$/;

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
    const [, bucket, rate] = match;
    if (!isRateBucket(bucket)) throw new Error(`"${bucket}" is not a rate bucket (${RATE_BUCKETS.join(', ')})`);
    if (rates[bucket]) throw new Error(`"${bucket}" is given twice`);
    rates[bucket] = parseRate(rate!, entry);
  }
  return rates;
}

/** `<count>/<second|minute|hour|day>` (`FORM_RATE`, or one entry of `THROTTLE_RATES`: `entry` names it in the error). */
export function parseRate(value: string, entry = value): Rate {
  const match = RATE.exec(value.trim());
  if (!match) throw new Error(`"${entry}" is not ${entry === value ? '' : '<bucket>='}<count>/<second|minute|hour|day>`);
  const [, count, unit] = match;
  if (!(unit! in UNIT_SECONDS)) throw new Error(`"${unit}" is not a unit (second, minute, hour, day)`);
  const limit = Number(count);
  if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`"${entry}": the count must be at least 1`);
  return { limit, windowSeconds: UNIT_SECONDS[unit!]! };
}

function isRateBucket(value: string | undefined): value is ThrottleBucket {
  return (RATE_BUCKETS as readonly (string | undefined)[]).includes(value);
}
