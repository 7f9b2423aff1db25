import type { Request } from 'express';
import type { z } from 'zod';
import { ValidationError, validationErrorFromZod } from '../errors';

/** Parses the JSON body with a zod schema; a non-object body is a 400 on `body`. */
export function parseBody<S extends z.ZodType>(req: Request, schema: S): z.infer<S> {
  const body: unknown = req.body;
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw ValidationError.field('body', 'A JSON object is required.');
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validationErrorFromZod(parsed.error);
  return parsed.data;
}

/** Parses the query string; repeated parameters arrive as arrays and fail the string schemas (400). */
export function parseQuery<S extends z.ZodType>(req: { query: unknown }, schema: S): z.infer<S> {
  const parsed = schema.safeParse({ ...(req.query as Record<string, unknown>) });
  if (!parsed.success) throw validationErrorFromZod(parsed.error);
  return parsed.data;
}
