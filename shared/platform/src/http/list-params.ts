import { z } from 'zod';
import { paginationQuery } from './pagination';
import { timestampLowerBound, timestampUpperBound } from './query-params';

/** The query parameters every record list takes (api-contract §2), whatever the entity. */
export const recordListParams = {
  ...paginationQuery,
  /** Comma-separated; a record matches when it has any of them. */
  tags: z
    .string()
    .transform((value) => value.split(',').map((tag) => tag.trim()).filter((tag) => tag !== ''))
    .refine((tags) => tags.length > 0, 'Give at least one tag.')
    .optional(),
  created_at__gte: timestampLowerBound.optional(),
  created_at__lte: timestampUpperBound.optional(),
  /** What changed since a sync (`updated_at__gte`): the bounds a client fetching changes needs. */
  updated_at__gte: timestampLowerBound.optional(),
  updated_at__lte: timestampUpperBound.optional(),
  search: z.string().trim().max(200, 'Ensure this field has no more than 200 characters.').optional(),
};

/** `ordering`: one of the fields, `-` for descending. */
export function orderingParam<const F extends readonly [string, ...string[]]>(fields: F) {
  const choices = fields.flatMap((field) => [field, `-${field}`]) as [string, ...string[]];
  return z.enum(choices, `Order by one of: ${fields.join(', ')} (prefix - for descending).`).optional();
}

/** A LIKE pattern matching `term` anywhere, case-insensitively against lower-cased text; `%` and `_` are text. */
export const containsPattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
