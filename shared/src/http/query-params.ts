import { z } from 'zod';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A `created_at__gte`-style bound: a date (`2026-11-22`, midnight UTC) or an ISO 8601 timestamp with
 * a zone. Anything else, or an impossible date, is a 400 on that parameter.
 */
export const timestampBound = z
  .string()
  .refine(
    (value) => (DATE_ONLY.test(value) || z.iso.datetime({ offset: true }).safeParse(value).success) && !Number.isNaN(Date.parse(value)),
    'Enter a valid date (YYYY-MM-DD) or ISO 8601 date-time.',
  )
  .transform((value) => new Date(DATE_ONLY.test(value) ? `${value}T00:00:00.000Z` : value));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Ids are lowercase hyphenated UUIDs; anything else in an id's place is malformed (and answers 404). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

export const uuidParam = z.string().regex(UUID, 'Enter a valid id.');
