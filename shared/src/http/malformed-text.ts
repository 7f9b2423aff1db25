import type { RequestHandler } from 'express';
import { ValidationError } from '../errors';

/** What makes a string text the database cannot store as sent, with the message its field gets. */
const MALFORMED: ReadonlyArray<{ test: (text: string) => boolean; message: string }> = [
  // PostgreSQL text and jsonb cannot hold U+0000.
  { test: (text) => text.includes('\u0000'), message: 'Must not contain the NUL character (U+0000).' },
  // An unpaired UTF-16 surrogate (`"\ud800"` in JSON) is no character at all: jsonb refuses it, text
  // would keep U+FFFD in its place. In a `u` pattern a proper pair is one code point, never a match.
  { test: (text) => /\p{Cs}/u.test(text), message: 'Must be well-formed Unicode: an unpaired UTF-16 surrogate is not a character.' },
];

const problemOf = (text: string) => MALFORMED.find((malformed) => malformed.test(text))?.message;

/**
 * A body or query value (or key) the database could not store as sent is the client's mistake, never a
 * 500 or a silently changed value: refused up front, 400 on that field, one rule for every entity
 * (api-contract §4). The walk is iterative: a body may be nested far deeper than the call stack.
 */
export const refuseMalformedText: RequestHandler = (req, _res, next) => {
  const found = malformedTextIn(req.body, 'body') ?? malformedTextIn(req.query, 'query');
  next(found === undefined ? undefined : ValidationError.field(found.field, found.message));
};

/** The dotted path of the first string or key of `root` that is malformed text, with why; or undefined. */
export function malformedTextIn(root: unknown, rootName: string): { field: string; message: string } | undefined {
  const pending: Array<{ value: unknown; path: string }> = [{ value: root, path: '' }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (typeof value === 'string') {
      const message = problemOf(value);
      if (message) return { field: path || rootName, message };
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        const itemPath = path ? `${path}.${key}` : key;
        const message = problemOf(key);
        if (message) return { field: itemPath, message };
        pending.push({ value: item, path: itemPath });
      }
    }
  }
  return undefined;
}
