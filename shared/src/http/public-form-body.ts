import express, { type RequestHandler } from 'express';
import { ValidationError } from '../errors';

/** Routes anyone may post to (a web form on a tenant's site, api-contract §12): their bodies are read here, not as JSON. */
export const PUBLIC_PATH_PREFIX = '/api/public/';
/** The most a public body may hold: a form's fields, never a file. */
export const PUBLIC_BODY_LIMIT = 16 * 1024;

const NOT_A_FORM = 'Send the fields as JSON, application/x-www-form-urlencoded or multipart/form-data.';
const NO_FILES = 'Files are not accepted.';

/**
 * The body of a public route as fields, whatever a page sends: JSON (`fetch`), url-encoded or multipart
 * (an HTML form, with or without `enctype`), at most `PUBLIC_BODY_LIMIT` bytes (else 413). A repeated
 * field arrives as a list (its schema refuses it), a file or another media type is a 400 on `body`.
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
  const mediaType = contentType?.split(';')[0]!.trim().toLowerCase();
  if (mediaType === 'application/json') return jsonFields(body);
  if (mediaType === 'application/x-www-form-urlencoded') return collect(new URLSearchParams(body.toString('utf8')).entries());
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

function jsonFields(body: Buffer): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw ValidationError.field('body', 'Malformed JSON.');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw ValidationError.field('body', 'A JSON object is required.');
  return parsed as Record<string, unknown>;
}

/** Fields by name (no prototype: a `__proto__` field is a field like any other); a repeated one as a list. */
function collect(entries: Iterable<[string, string]>): Record<string, unknown> {
  const fields: Record<string, unknown> = Object.create(null);
  for (const [name, value] of entries) {
    const seen = fields[name];
    fields[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return fields;
}
