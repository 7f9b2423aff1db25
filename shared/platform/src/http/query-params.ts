import { z } from 'zod';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `YYYY-MM-DD` naming a day that exists (not 2024-02-30, which Date would roll over to March; not in
 * year 0, which Date takes for 1 BC and PostgreSQL refuses).
 */
export function isRealDate(value: string): boolean {
  if (!DATE_ONLY.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.getUTCFullYear() >= 1 && parsed.toISOString().startsWith(value);
}

/** The calendar day of an ISO 8601 date-time exists (Date.parse rolls impossible days over). */
const hasRealDay = (value: string) => isRealDate(value.slice(0, 10));

const isTimestamp = (value: string) =>
  isRealDate(value) || (z.iso.datetime({ offset: true }).safeParse(value).success && hasRealDay(value) && !Number.isNaN(Date.parse(value)));

/**
 * A `created_at__gte`-style bound as text PostgreSQL reads (kept as text: a Date has no microseconds): a
 * date, or an ISO 8601 timestamp with a zone, that instant as given. Anything else, or an impossible date,
 * is a 400 on that parameter.
 */
const timestampBound = (dayBound: (day: string) => string, description: string) =>
  z
    .string()
    .refine(isTimestamp, 'Enter a valid date (YYYY-MM-DD) or ISO 8601 date-time.')
    .transform((value) => (DATE_ONLY.test(value) ? dayBound(value) : value))
    .describe(description);

/** `__gte`: a date is the start of that day (UTC). */
export const timestampLowerBound = timestampBound(
  (day) => `${day}T00:00:00Z`,
  'From this instant on: an ISO 8601 date-time with a zone, or a date (YYYY-MM-DD), the start of that day (UTC).',
);

/**
 * `__lte`: a date is the end of that day (UTC), so `__gte=D&__lte=D` is the whole day D (api-contract §2). The
 * end is the day's last microsecond, PostgreSQL's finest time, so `<=` it is exactly `<` the next midnight.
 */
export const timestampUpperBound = timestampBound(
  (day) => `${day}T23:59:59.999999Z`,
  'Up to this instant: an ISO 8601 date-time with a zone, or a date (YYYY-MM-DD), the end of that day (UTC).',
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Ids are lowercase hyphenated UUIDs; anything else in an id's place is malformed (and answers 404). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

export const uuidParam = z.string().regex(UUID, 'Enter a valid id.');
