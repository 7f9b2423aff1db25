import { z } from 'zod';
import { optionalText, readOnlyFields, requiredOr } from '@crm/platform';
import { orderingParam, recordListParams } from '@crm/platform';
import { isRealDate, isUuid, uuidParam } from '@crm/platform';

/** Field schemas and query parameters the entities share (api-contract §2, §3). */

export const NAME_MAX = 255;
export const PHONE_MAX = 32;
export const URL_MAX = 2048;

/** One of a fixed list of values. */
export const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, requiredOr(`Must be one of: ${values.join(', ')}.`));

/** A required text (`name`, `title`): trimmed, never null or blank. Required on POST and PUT, see `mergeValues`. */
export const requiredText = (max: number) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined ? 'This field is required.' : issue.input === null ? 'This field may not be null.' : 'Must be a string.',
    })
    .trim()
    .min(1, 'This field may not be blank.')
    .max(max, `Ensure this field has no more than ${max} characters.`);

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** An optional web address of at most `max` characters: http(s) only; blank or null stored as null. */
export const optionalHttpUrl = (max = URL_MAX) => optionalText(max).refine(
  (value) => value === null || isHttpUrl(value),
  'Enter a valid URL starting with http:// or https://.',
);

const DATE_MESSAGE = 'Enter a valid date (YYYY-MM-DD).';

/** An optional calendar day `YYYY-MM-DD` (no 2026-02-30). */
export const optionalDate = z.string(requiredOr(DATE_MESSAGE)).refine(isRealDate, DATE_MESSAGE).nullable();

const ID_MESSAGE = 'Enter a valid id.';

/** A record id (lowercase hyphenated UUID) on write. */
export const idField = z.string(requiredOr(ID_MESSAGE)).refine(isUuid, ID_MESSAGE);

/** A reference to another record: an id, or null for none. */
export const optionalReference = idField.nullable();

/** Server-derived fields every entity shows; in a body, 400 on that field (api-contract §2). */
export const COMMON_SERVER_FIELDS = ['id', 'org', 'created_by', 'created_at', 'updated_at', 'assigned_to', 'version', 'custom_field_definitions'] as const;

/** The input a body schema produces: every writable field optional (what a missing one means depends on the method). */
export type BodyInput<W extends z.ZodRawShape> = { [K in keyof W]?: z.output<W[K]> };

/** A body: every writable field optional, server-derived fields refused by name, unknown fields refused. */
export function recordBody<W extends z.ZodRawShape>(writable: W, serverFields: readonly string[]): z.ZodType<BodyInput<W>> {
  const optional = Object.fromEntries(Object.entries(writable).map(([key, schema]) => [key, (schema as z.ZodType).optional()]));
  return z.strictObject({ ...optional, ...readOnlyFields(serverFields) }) as unknown as z.ZodType<BodyInput<W>>;
}

/** `a,b,c` of the allowed values: a record matches any of them. */
export const choicesFilter = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .transform((value) => value.split(',').map((part) => part.trim()))
    .pipe(z.array(z.enum(values, `Must be one of: ${values.join(', ')}.`)));

/** A `YYYY-MM-DD` bound of a date field (`due_date__gte`). */
export const dateBound = z.string().refine(isRealDate, DATE_MESSAGE);

/** The query parameters of the list of an entity whose owner is `assigned_to`. */
const ownedListParams = { ...recordListParams, assigned_to: uuidParam.optional() };

/**
 * A list's query string (less its `cf_<key>` filters) for an entity whose owner is `assigned_to`: the
 * common parameters, the entity's own, `ordering`.
 */
export function listQuery<E extends z.ZodRawShape, const F extends readonly [string, ...string[]]>(own: E, orderingFields: F) {
  return z.strictObject({ ...ownedListParams, ...own, ordering: orderingParam(orderingFields) });
}
