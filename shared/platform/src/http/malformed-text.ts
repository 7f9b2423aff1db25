import { isUtf8 } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQueryString } from 'node:querystring';
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
 * (api-contract §2). The walk is iterative: a body may be nested far deeper than the call stack.
 * Text that is well-formed is then put in Unicode's composed form (NFC), in the body here and in the
 * query by `normalizedQuery`, so "Müller" typed on any system is stored, searched and matched alike.
 */
export const refuseMalformedText: RequestHandler = (req, _res, next) => {
  if ((req as NotedRequest)[NOT_UTF8]) return next(ValidationError.field('body', 'Send the body as UTF-8 text.'));
  const found = malformedTextIn(req.body, 'body') ?? malformedTextIn(req.query, 'query');
  if (found !== undefined) return next(ValidationError.field(found.field, found.message));
  req.body = composedText(req.body);
  next();
};

const NOT_UTF8 = Symbol('body bytes not UTF-8');
type NotedRequest = IncomingMessage & { [NOT_UTF8]?: true };

/**
 * `express.json`'s `verify`: notes a body whose bytes are not UTF-8 (the parser would put U+FFFD in their
 * place and the write would store it), for `refuseMalformedText` to refuse.
 */
export function noteBytesNotUtf8(req: IncomingMessage, _res: ServerResponse, body: Buffer): void {
  if (!isUtf8(body)) (req as NotedRequest)[NOT_UTF8] = true;
}

/** The query parser of every service (express' `simple` one), with each value in composed form (NFC). */
export const normalizedQuery = (text: string): unknown => composedText(parseQueryString(text));

/**
 * `root` with every string value in composed form (NFC): strings inside objects and arrays are replaced
 * in place (keys are left as sent: they name fields), iteratively, as the check above walks.
 */
export function composedText<T>(root: T): T {
  if (typeof root === 'string') return root.normalize('NFC') as T;
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (value === null || typeof value !== 'object') continue;
    const container = value as Record<string, unknown>;
    for (const key of Object.keys(container)) {
      const item = container[key];
      if (typeof item === 'string') container[key] = item.normalize('NFC');
      else if (item !== null && typeof item === 'object') pending.push(item);
    }
  }
  return root;
}

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
