import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler, Response } from 'express';
import { AppError } from '../errors';

/**
 * ETags from a record's `version` (api-contract §6), for every entity: its view carries the version under a
 * symbol (`withVersion`; JSON never shows it), every answer of one record gets a strong `ETag`, a detail
 * GET with a matching `If-None-Match` a 304; a write to the record the path names checks `If-Match`
 * where it locks the record (`requireCurrentVersion`), so a stale one is a 412 and changes nothing.
 */
const RECORD_VERSION = Symbol('record version');

export const etagOf = (version: number): string => `"${version}"`;

/** The view of a record, carrying its version for the ETag. */
export function withVersion<View extends object>(view: View, version: number): View {
  return Object.assign(view, { [RECORD_VERSION]: version });
}

/**
 * What a write answers a caller who may write what it wrote but not read it (`receiptsForWriters`): the
 * thing's `id` and, for a record, its `version` (also its `ETag`), nothing else. A body without an id (an
 * import's report) is no record and stays as it is.
 */
export function receiptOf(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || typeof (body as { id?: unknown }).id !== 'string') return body;
  const { id } = body as { id: string };
  const version = versionOf(body);
  return version === undefined ? { id } : withVersion({ id, version }, version);
}

function versionOf(body: unknown): number | undefined {
  const version = body !== null && typeof body === 'object' ? (body as Record<symbol, unknown>)[RECORD_VERSION] : undefined;
  return typeof version === 'number' ? version : undefined;
}

/** The entity tags a header lists (`*`, or quoted tags, weak ones marked), as the comparisons need them. */
function listedTags(header: string): { any: boolean; tags: Array<{ weak: boolean; tag: string }> } {
  if (header.trim() === '*') return { any: true, tags: [] };
  const tags = [...header.matchAll(/(W\/)?("[^"]*")/g)].map((match) => ({ weak: match[1] !== undefined, tag: match[2]! }));
  return { any: false, tags };
}

/** If-Match: strong comparison (RFC 9110 §13.1.1). */
const matchesStrongly = (header: string, etag: string) => {
  const listed = listedTags(header);
  return listed.any || listed.tags.some((tag) => !tag.weak && tag.tag === etag);
};

/** If-None-Match: weak comparison (RFC 9110 §13.1.2). */
const matchesWeakly = (header: string, etag: string) => {
  const listed = listedTags(header);
  return listed.any || listed.tags.some((tag) => tag.tag === etag);
};

/** The precondition of the request being served, and the record its path names. */
interface Precondition {
  ifMatch: string;
  recordId: string | undefined;
}

const preconditions = new AsyncLocalStorage<Precondition>();
const FIRST_ID_IN_PATH = /\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\/|$)/i;

/** 412 `{detail}` with the record's current `ETag`: the client's copy is stale; nothing was changed. */
export class PreconditionFailedError extends AppError {
  constructor(currentVersion: number) {
    super(412, 'The record has changed since you read it (If-Match); read it again and repeat the change.', {}, { ETag: etagOf(currentVersion) });
  }
}

/**
 * Where a write locks the record `id` at `version`: with an `If-Match` on a request whose path names
 * that record, the version must be the one it names (else 412). Other records the write locks (a
 * merge's duplicates) and writes without the header pass.
 */
export function requireCurrentVersion(id: string, version: number): void {
  const precondition = preconditions.getStore();
  if (!precondition || precondition.recordId?.toLowerCase() !== id.toLowerCase()) return;
  if (!matchesStrongly(precondition.ifMatch, etagOf(version))) throw new PreconditionFailedError(version);
}

/** The middleware: `ETag` on every answer of one record, 304 for a fresh `If-None-Match`, the `If-Match` of a write kept for `requireCurrentVersion`. */
export const recordVersions: RequestHandler = (req, res, next) => {
  const json = res.json.bind(res);
  res.json = ((body: unknown) => {
    const version = res.statusCode < 300 ? versionOf(body) : undefined;
    if (version === undefined) return json(body);
    const etag = etagOf(version);
    res.setHeader('ETag', etag);
    const ifNoneMatch = req.header('if-none-match');
    if ((req.method === 'GET' || req.method === 'HEAD') && ifNoneMatch !== undefined && matchesWeakly(ifNoneMatch, etag)) {
      return res.status(304).end();
    }
    return json(body);
  }) as Response['json'];
  const ifMatch = req.header('if-match');
  if (ifMatch === undefined || req.method === 'GET' || req.method === 'HEAD') return next();
  preconditions.run({ ifMatch, recordId: FIRST_ID_IN_PATH.exec(req.path)?.[1] }, next);
};
