import { z } from 'zod';

/**
 * The pieces answers are made of, as zod schemas: they document what is sent (the OpenAPI document's
 * response schemas) and the views' types are read off them, so a view and its documentation cannot part.
 */
export const idSchema = z.uuid();
/** ISO 8601 in UTC with milliseconds (api-contract §3). */
export const timestampSchema = z.iso.datetime();
/** `YYYY-MM-DD`. */
export const dateSchema = z.iso.date();
/** A decimal string with two places (`"1250.00"`). */
export const amountSchema = z.string().regex(/^\d+\.\d{2}$/);

/** A profile as answers show an owner: `{id, email}` (email null while its replica has not seen the profile). */
export const profileRefSchema = z.strictObject({ id: idSchema, email: z.string().nullable() });
/** A linked record as `{id, name}` (name null for a reader who may not open it). */
export const namedRefSchema = z.strictObject({ id: idSchema, name: z.string().nullable() });

/** A list's page (api-contract §2): `{count, next, previous, results}`. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.strictObject({ count: z.int().min(0), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(item) });
/** Text a record may leave empty. */
export const textOrNullSchema = z.string().nullable();
