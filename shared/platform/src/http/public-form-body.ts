import express, { type RequestHandler } from 'express';
import { ValidationError } from '../errors';

/** Routes anyone may post to (a web form on a tenant's site, api-contract §8): their bodies are read here, not as JSON. */
export const PUBLIC_PATH_PREFIX = '/api/public/';
/** The most a public body may hold: a form's fields, never a file. */
export const PUBLIC_BODY_LIMIT = 16 * 1024;

const NOT_A_FORM = 'Send the fields as JSON, application/x-www-form-urlencoded or multipart/form-data.';
const NO_FILES = 'Files are not accepted.';
const NOT_UTF8 = 'Send the fields as UTF-8 text.';
const BAD_ESCAPE = 'Malformed percent-encoding (or not UTF-8).';
const REPEATED_FIELD = 'Send this field only once.';

/** Refuses what is not UTF-8 instead of storing U+FFFD in its place. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The body of a public route as fields, whatever a page sends: JSON (`fetch`), url-encoded or multipart
 * (an HTML form, with or without `enctype`), at most `PUBLIC_BODY_LIMIT` bytes (else 413). A field a form
 * sends twice is a 400 on it in so many words (as a list its schema would call it the wrong type, "Must be a
 * string or null.", which a form cannot send); a file or another media type is a 400 on `body`.
 */
export function publicFormBody(limit = PUBLIC_BODY_LIMIT): RequestHandler {
  const raw = express.raw({ type: () => true, limit });
  return (req, res, next) => {
    raw(req, res, (error?: unknown) => {
      if (error) return next(error);
      fieldsOf(req.header('content-type'), Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)).then(
        (fields) => {
          req.body = fields;
          next();
        },
        next,
      );
    });
  };
}

async function fieldsOf(contentType: string | undefined, body: Buffer): Promise<Record<string, unknown>> {
  if (body.length === 0) return {};
  const [mediaType, ...parameters] = (contentType ?? '').split(';').map((part) => part.trim().toLowerCase());
  const charset = parameters.find((parameter) => parameter.startsWith('charset='))?.slice('charset='.length).replace(/"/g, '');
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') throw ValidationError.field('body', NOT_UTF8);
  // Every part of an accepted body is text (a file is refused): all of it must be UTF-8.
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    throw ValidationError.field('body', NOT_UTF8);
  }
  if (mediaType === 'application/json') return jsonFields(text);
  if (mediaType === 'application/x-www-form-urlencoded') return collect(urlEncodedFields(text));
  if (mediaType === 'multipart/form-data') {
    let form: FormData;
    try {
      form = await new Response(body, { headers: { 'content-type': contentType! } }).formData();
    } catch {
      throw ValidationError.field('body', 'Malformed multipart/form-data.');
    }
    const entries = [...form.entries()];
    const file = entries.find(([, value]) => typeof value !== 'string');
    if (file) throw ValidationError.field(file[0], NO_FILES);
    return collect(entries as Array<[string, string]>);
  }
  throw ValidationError.field('body', NOT_A_FORM);
}

/**
 * `name=value&…` as a browser encodes a form (`+` a space), each name and value percent-decoded strictly:
 * a malformed escape, or one that is not UTF-8, is a 400 on its field (URLSearchParams would keep it as
 * typed, or store U+FFFD).
 */
function urlEncodedFields(text: string): Array<[string, string]> {
  const decode = (part: string, field: string) => {
    try {
      return decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      throw ValidationError.field(field, BAD_ESCAPE);
    }
  };
  return text
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const [rawName, ...rest] = pair.split('=');
      const name = decode(rawName!, 'body');
      return [name, decode(rest.join('='), name)];
    });
}

function jsonFields(text: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw ValidationError.field('body', 'Malformed JSON.');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw ValidationError.field('body', 'A JSON object is required.');
  return parsed as Record<string, unknown>;
}

/** Fields by name (no prototype: a `__proto__` field is a field like any other); each repeated one a 400 on it. */
function collect(entries: Iterable<[string, string]>): Record<string, unknown> {
  const fields: Record<string, unknown> = Object.create(null);
  const repeated: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (name in fields) repeated[name] = REPEATED_FIELD;
    fields[name] = value;
  }
  if (Object.keys(repeated).length > 0) throw new ValidationError(repeated);
  return fields;
}
