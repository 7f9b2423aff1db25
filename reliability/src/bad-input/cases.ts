import type { RawRequest } from '../support/raw-request';
import type { PublicOperation } from '../support/public-operations';
import type { TenantFixture } from '../support/two-tenants';
import type { ForgedCredential } from './forged-credentials';

export const CATEGORIES = [
  'malformed JSON',
  'wrong types',
  'invalid values',
  'huge values',
  'unknown fields',
  'injected server fields',
  'foreign ids in bodies',
  'foreign ids in filters',
  'bad query parameters',
  'bad path ids',
  'bad multipart',
  'bad CSV',
  'forged credentials',
  'expired credentials',
  'wrong credentials',
  // The public web form (no credential, JSON, url-encoded or multipart fields): bad-input/public-form-cases.ts.
  'bad url-encoding',
  'wrong media types',
  'bad public keys',
  'disallowed origins',
  'honeypot',
] as const;
export type Category = (typeof CATEGORIES)[number];

/**
 * What a case may get back (never a 5xx, never a change to any table):
 * - `refused`: a 4xx; a 2xx is bad input accepted.
 * - `reported`: an import preview of a readable file with bad content: a 4xx, or 200 with a report
 *   naming the problem (`header_error` or invalid rows).
 * - `harmless`: a read that may answer 2xx (a filter on an id of the other tenant finds nothing), as
 *   long as none of the other tenant's ids or markers are in it.
 * - `decoy`: a web form submission with its honeypot (`website`) filled: a 4xx, or the 201 every
 *   visitor gets, `{id, received_at}` and nothing else, while nothing is stored (the table checksums).
 */
export type Expectation = 'refused' | 'reported' | 'harmless' | 'decoy';

export interface Case {
  category: Category;
  /** `METHOD /template/` of the documented operation. */
  operation: string;
  name: string;
  request: RawRequest;
  expect: Expectation;
  /** Sent with a valid credential of the caller: a 401 or 429 would mean the run itself broke. */
  authenticated: boolean;
  /**
   * The answer, whatever its status, may carry none of the other tenant's ids or markers but those the
   * request itself sent (the public web form: an error must not tell a stranger about the tenant).
   */
  leakCheckedOnEveryAnswer?: boolean;
}

export interface CorpusContext {
  operations: PublicOperation[];
  /** The caller's tenant. */
  own: TenantFixture;
  /** The other tenant, whose ids are the foreign ones. */
  foreign: TenantFixture;
  forged: ForgedCredential[];
}

export const jsonHeaders = (token: string | undefined, contentType = 'application/json'): Record<string, string> => ({
  'content-type': contentType,
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

/** The own admin's access token, unless the operation is anonymous (then none). */
export const callerToken = (context: CorpusContext, operation: PublicOperation) => (operation.anonymous ? undefined : context.own.admin.access);

/**
 * Neither a date (`YYYY-MM-DD`) nor a timestamp: impossible days, other formats, and words or years
 * PostgreSQL would take or choke on if a string reached it unchecked.
 */
export const BAD_DATES = ['2026-02-30', 'tomorrow', '2026-1-1', 'now', 'epoch', 'infinity', '0000-01-01', '10000-01-01', '2026-01-01+99:00'];
/** Where only a day will do (`close_date`, `due_date`, a date custom field), a timestamp is bad too. */
export const BAD_DAYS = [...BAD_DATES, '2026-01-01T00:00:00Z'];
