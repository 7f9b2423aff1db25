import { finished } from 'node:stream';
import type { Request, RequestHandler } from 'express';
import { TooManyRequestsError } from '../errors';
import { INTERNAL_PATH_PREFIX } from './internal-routes';

/**
 * An internal body past this size is an import's rows (import-export sending a file to leads or contacts):
 * the only internal bodies that large. Smaller ones cost little and are not counted.
 */
export const IMPORT_BODY_BYTES = 1024 * 1024;

/** An import takes a second or two: a client that waits this long mostly finds a free turn. */
const RETRY_AFTER_SECONDS = 1;

const isImportBody = (req: Request): boolean => {
  if (!req.path.startsWith(INTERNAL_PATH_PREFIX)) return false;
  const declared = req.headers['content-length'];
  // A body of unknown length (chunked) may be of any size.
  if (declared === undefined) return req.headers['transfer-encoding'] !== undefined;
  return Number(declared) > IMPORT_BODY_BYTES;
};

/**
 * `IMPORTS_AT_ONCE`: at most `atOnce` import bodies handled at once by this process, counted before a
 * byte of the body is read, given back when the answer ends (however it ends); one more answers 429 with
 * `Retry-After` at once, its body unread. An import costs its owner several times its rows' bytes (the
 * body, its text, the parsed rows, the records, the insert's JSON and node-postgres's copy, docs/reliability.md
 * §7), and import-export's own bound lets it hold some twenty files at once, more with its replicas: without
 * this one, a burst grew contacts by 327–418 MB (issue 36.3).
 */
export function boundImports(atOnce: number): RequestHandler {
  let handling = 0;
  return (req, res, next) => {
    if (!isImportBody(req)) return next();
    if (handling >= atOnce) return next(new TooManyRequestsError(RETRY_AFTER_SECONDS));
    handling += 1;
    finished(res, () => (handling -= 1));
    next();
  };
}
