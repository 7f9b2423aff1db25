import type { z } from 'zod';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'options';

/** What one status answers: JSON (with a schema when it has one), a CSV file, a download, or nothing. */
export interface ApiResponseDoc {
  description: string;
  schema?: z.ZodType;
  content?: 'json' | 'csv' | 'binary' | 'none';
}

/**
 * The documentation of one public route, written beside the route from the zod schemas its handler
 * parses with. `contracts/` assembles every service's list into the OpenAPI document the gateway serves,
 * and a test compares each list with the routes the service really registers.
 */
export interface ApiOperation {
  method: HttpMethod;
  /** As routed (express style): `/api/<entity>/:id/`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  deprecated?: boolean;
  /** An object schema; each property is a query parameter. */
  query?: z.ZodType;
  /** A path parameter that is not an id (an id is a UUID), by name. */
  pathParams?: Record<string, z.ZodType>;
  /** The JSON request body. */
  body?: z.ZodType;
  /** The body may also come as an HTML form posts it (url-encoded or multipart, without files): the same fields. */
  formBody?: boolean;
  /** A multipart/form-data body carrying one file in this field. */
  upload?: { field: string; description: string };
  /** Success and operation-specific answers; the common errors (401, 403, 404, 429, 503…) are added when built. */
  responses: Partial<Record<number, ApiResponseDoc | string>>;
  /**
   * The operation answers one record with its `ETag` (api-contract §6): a read takes `If-None-Match` (304), a
   * change of the record in the path `If-Match` (412).
   */
  record?: boolean;
  /** Its 201 carries no `Location`: what it creates has no URL of its own (a web form's submission, an import's rows; api-contract §2). */
  createsNothingAddressable?: boolean;
  /**
   * Its answer carries a secret (a token): nothing of it may be kept, so its `Idempotency-Key` is ignored
   * (api-contract §6): nothing of the request is stored, and a repeat is served afresh, never replayed.
   */
  answerCarriesSecret?: boolean;
}

/** The error bodies of the contract (api-contract §2), shared by every operation. */
export const ERROR_RESPONSES = {
  validation: 'Validation failed: `{error: true, errors: {<field>: [message]}}`, nothing changed.',
  unauthorized: 'No valid credential: `{detail}`.',
  forbidden: 'The credential lacks the scope, or the caller the right: `{detail}`.',
  notFound: 'No such record, or one the caller may not open: `{detail: "Not found."}`.',
  tooLarge: 'A JSON body over 1 MB: `{detail}`, nothing changed.',
  tooMany: 'Rate limit of the bucket reached: `{detail}` with `Retry-After`.',
  tooManyWithCredential:
    'Rate limit of the bucket reached for the credential, or the client address sent too many failing credentials (the `unauthenticated` ' +
    'rate: refused before its credential is looked at): `{detail, retry_after}` with `Retry-After`.',
  tooManyUploads:
    'As on every route with a credential, or the upload does not fit in the bytes uploads may hold at once (`UPLOAD_BYTES_IN_FLIGHT` per ' +
    'service process, `UPLOAD_BYTES_PER_CREDENTIAL` per credential): `{detail, retry_after}` with `Retry-After`, nothing stored.',
  unavailable: 'A service or server the request needs is unreachable for now: `{detail}` with `Retry-After`; try again shortly.',
  timedOut:
    'The service did not answer in time: `{detail}`. The request may still take effect; repeat it with the same `Idempotency-Key` to learn its outcome.',
  keyInUse: 'A request with the same `Idempotency-Key` is still running: `{detail}` with `Retry-After`; repeat it then.',
  keyReused: 'The `Idempotency-Key` was used for another request (method, path or body): `{detail}`; nothing done.',
  stale: 'The record changed since the version `If-Match` names: `{detail}`, with the current `ETag`; nothing changed.',
  notModified: 'The record is still the version `If-None-Match` names: no body.',
} as const;
