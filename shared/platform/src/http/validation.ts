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

/**
 * For an action that takes no body: none, or an empty JSON object. Anything else is a 400 before the
 * action runs, so a malformed request changes nothing.
 */
export function parseNoBody(req: Request): void {
  const body: unknown = req.body;
  if (body === undefined || body === null) return;
  if (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0) return;
  throw ValidationError.field('body', 'This action takes no body: send none, or {}.');
}

/** Parses the query string; repeated parameters arrive as arrays and fail the string schemas (400). */
export function parseQuery<S extends z.ZodType>(req: { query: unknown }, schema: S): z.infer<S> {
  const parsed = schema.safeParse({ ...(req.query as Record<string, unknown>) });
  if (!parsed.success) throw validationErrorFromZod(parsed.error);
  return parsed.data;
}
