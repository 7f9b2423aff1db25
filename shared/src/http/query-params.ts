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

/**
 * A `created_at__gte`-style bound: a date (`2026-11-22`, midnight UTC) or an ISO 8601 timestamp with
 * a zone. Anything else, or an impossible date, is a 400 on that parameter.
 */
export const timestampBound = z
  .string()
  .refine(
    (value) =>
      isRealDate(value) || (z.iso.datetime({ offset: true }).safeParse(value).success && hasRealDay(value) && !Number.isNaN(Date.parse(value))),
    'Enter a valid date (YYYY-MM-DD) or ISO 8601 date-time.',
  )
  .transform((value) => new Date(DATE_ONLY.test(value) ? `${value}T00:00:00.000Z` : value));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Ids are lowercase hyphenated UUIDs; anything else in an id's place is malformed (and answers 404). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

export const uuidParam = z.string().regex(UUID, 'Enter a valid id.');
