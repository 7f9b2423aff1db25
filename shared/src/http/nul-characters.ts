import type { RequestHandler } from 'express';
import { ValidationError } from '../errors';

/**
 * PostgreSQL text and jsonb cannot hold U+0000, so a string carrying it would fail in the database
 * (a 500). It is the client's mistake: a body or query value (or key) containing it is refused up front,
 * 400 on that field. The walk is iterative: a body may be nested far deeper than the call stack.
 */
export const refuseNulCharacters: RequestHandler = (req, _res, next) => {
  const field = fieldWithNul(req.body, 'body') ?? fieldWithNul(req.query, 'query');
  next(field === undefined ? undefined : ValidationError.field(field, 'Must not contain the NUL character (U+0000).'));
};

/** The dotted path of the first string or key holding U+0000 in `root`, or undefined. */
export function fieldWithNul(root: unknown, rootName: string): string | undefined {
  const pending: Array<{ value: unknown; path: string }> = [{ value: root, path: '' }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path || rootName;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        const itemPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return itemPath;
        pending.push({ value: item, path: itemPath });
      }
    }
  }
  return undefined;
}
