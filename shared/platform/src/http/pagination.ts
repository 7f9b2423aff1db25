import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import type { Express, Request } from 'express';
import { z } from 'zod';
import type { PageRows, PageStart } from '../database/page-rows';
import { DEVELOPMENT_PUBLIC_BASE_URL } from '../config/config';
import { ValidationError } from '../errors';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

const positiveInt = (message: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine((n) => n >= 1, message);

/** `page` (1-based), `page_size` and `cursor` (from a `next` or `previous` link) query parameters of every list. */
export const paginationQuery = {
  page: positiveInt('A valid page number (1 or more) is required.').optional(),
  page_size: positiveInt(`A page size from 1 to ${MAX_PAGE_SIZE} is required.`)
    .refine((n) => n <= MAX_PAGE_SIZE, `A page size from 1 to ${MAX_PAGE_SIZE} is required.`)
    .optional(),
  cursor: z
    .string()
    .max(2048, 'Not a cursor of this list.')
    .describe('Where the page starts, as a `next` or `previous` link gives it (opaque; bound to the tenant, the list and its query).')
    .optional(),
};

/** The page a list request asks for: its number and size, and where it starts (an offset, or beyond a row). */
export interface PageRequest {
  page: number;
  pageSize: number;
  start: PageStart;
}

/** A page of a list as its envelope needs it: the count, the results and where the page lies in the list. */
export interface ListPage<T> extends Omit<PageRows<unknown>, 'rows'> {
  count: number;
  results: T[];
}

export interface PageEnvelope<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

const NOT_A_CURSOR = 'Not a cursor of this list and query: follow the next and previous links as they are given.';

/**
 * A list's cursors (api-contract §7): the position of a page's edge row, with the page's number and size,
 * sealed (AES-256-GCM) with a key every replica of every service derives from the internal-token secrets, so
 * a cursor is opaque to clients and cannot be forged. It is bound to the tenant, the list's path and its
 * query (all but `page` and `cursor`): used with another tenant, list, filter or order it does not open,
 * and the request is a 400, never another list's rows.
 */
class ListCursors {
  private readonly keys: Buffer[];
  private readonly nonceKey: Buffer;

  constructor(secrets: readonly string[]) {
    this.keys = secrets.map((secret) => createHash('sha256').update(`crm list cursor\0${secret}`).digest());
    this.nonceKey = createHash('sha256').update(`crm list cursor nonce\0${secrets[0]}`).digest();
  }

  seal(scope: string, cursor: SealedCursor): string {
    const key = this.keys[0]!;
    const plain = JSON.stringify(cursor);
    // The nonce is the MAC of what is sealed: the same position of the same list always has the same cursor
    // (a page's links are the same however it was reached), and two different ones never share a nonce.
    const iv = createHmac('sha256', this.nonceKey).update(scope).update('\0').update(plain).digest().subarray(0, 12);
    const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(scope));
    const sealed = Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
    return sealed.toString('base64url');
  }

  open(scope: string, token: string): SealedCursor | undefined {
    const sealed = Buffer.from(token, 'base64url');
    if (sealed.length < 12 + 16 + 2) return undefined;
    for (const key of this.keys) {
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12)).setAAD(Buffer.from(scope));
        decipher.setAuthTag(sealed.subarray(sealed.length - 16));
        const parsed = sealedCursorSchema.safeParse(JSON.parse(Buffer.concat([decipher.update(sealed.subarray(12, sealed.length - 16)), decipher.final()]).toString()));
        return parsed.success ? parsed.data : undefined;
      } catch {
        // Sealed with another key (or not at all): try the next.
      }
    }
    return undefined;
  }
}

/** [page, page size, read backwards, the edge row's order values, its id] */
const sealedCursorSchema = z.tuple([z.number().int().min(1), z.number().int().min(1).max(MAX_PAGE_SIZE), z.boolean(), z.array(z.string().nullable()), z.string()]);
type SealedCursor = z.infer<typeof sealedCursorSchema>;

const CURSORS = Symbol('list cursors');

/** The service's cursors, sealed with its own secrets (current first: derived from its signing keys); `createServiceApp` sets them. */
export function useListCursors(app: Express, secrets: readonly string[]): void {
  app.locals[CURSORS as unknown as string] = new ListCursors(secrets);
}

/** A process without a service shell (a test's own app) seals with a key of its own. */
const processCursors = new ListCursors([randomBytes(32).toString('hex')]);

function cursorsOf(req: Request): ListCursors {
  return (req.app?.locals[CURSORS as unknown as string] as ListCursors | undefined) ?? processCursors;
}

/** What a cursor is bound to: the tenant, the list's path, its query but for the page and the cursor. */
function scopeOf(req: Request): string {
  const url = new URL(req.originalUrl, 'http://localhost');
  const query = [...url.searchParams].filter(([name]) => name !== 'page' && name !== 'cursor').sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([req.caller?.tenantId ?? null, url.pathname, query]);
}

/**
 * The page a list request asks for: `page` and `page_size`, or the page a cursor names (its `page` and
 * `page_size`, when given too, must be the cursor's).
 */
export function pageRequest(req: Request, query: { page?: number; page_size?: number; cursor?: string }): PageRequest {
  if (query.cursor === undefined) {
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? DEFAULT_PAGE_SIZE;
    return { page, pageSize, start: { offset: (page - 1) * pageSize } };
  }
  const cursor = cursorsOf(req).open(scopeOf(req), query.cursor);
  if (!cursor) throw ValidationError.field('cursor', NOT_A_CURSOR);
  const [page, pageSize, backwards, values, id] = cursor;
  if ((query.page !== undefined && query.page !== page) || (query.page_size !== undefined && query.page_size !== pageSize)) {
    throw ValidationError.field('cursor', 'This cursor is for another page: keep the page and page_size of the link.');
  }
  return { page, pageSize, start: { beyond: { values, id }, backwards } };
}

const PUBLIC_BASE_URL = Symbol('public base URL');

/** Where clients reach the API (PUBLIC_BASE_URL), which the links of the service's answers start with; `createServiceApp` sets it. */
export function usePublicBaseUrl(app: Express, base: string): void {
  app.locals[PUBLIC_BASE_URL as unknown as string] = base;
}

/**
 * The public address of this request: PUBLIC_BASE_URL with the request's path and query. Never its `Host` or
 * `X-Forwarded-Host`, which the client writes (through a proxy that passes them on): a forged one would make
 * every link of the answer point at another site, and a client following it send its token there.
 */
export function publicUrl(req: Request): URL {
  const url = new URL((req.app?.locals[PUBLIC_BASE_URL as unknown as string] as string | undefined) ?? DEVELOPMENT_PUBLIC_BASE_URL);
  const queryAt = req.originalUrl.indexOf('?');
  url.pathname = url.pathname.replace(/\/+$/, '') + (queryAt === -1 ? req.originalUrl : req.originalUrl.slice(0, queryAt));
  url.search = queryAt === -1 ? '' : req.originalUrl.slice(queryAt);
  return url;
}

function pageLink(req: Request, page: number, cursor: string | undefined): string {
  const link = publicUrl(req);
  if (page === 1) link.searchParams.delete('page');
  else link.searchParams.set('page', String(page));
  if (cursor === undefined) link.searchParams.delete('cursor');
  else link.searchParams.set('cursor', cursor);
  return link.toString();
}

/**
 * The list envelope with absolute `next`/`previous` links that keep every other query parameter. Each
 * carries the page number and a cursor at the edge row of this page, so following links costs the same
 * at any depth (a bare `page=N` still works).
 */
export function pageEnvelope<T>(req: Request, page: PageRequest, list: ListPage<T>): PageEnvelope<T> {
  const cursors = cursorsOf(req);
  const scope = scopeOf(req);
  const cursorAt = (pageNumber: number, backwards: boolean, edge: { values: Array<string | null>; id: string }) =>
    cursors.seal(scope, [pageNumber, page.pageSize, backwards, edge.values, edge.id]);
  const next = list.moreAfter && list.last ? pageLink(req, page.page + 1, cursorAt(page.page + 1, false, list.last)) : null;
  let previous: string | null = null;
  if (list.moreBefore) {
    // Numbers stay at 1 or more (rows created in front of a list read backwards make more than its numbers say).
    const previousPage = Math.max(1, page.page - 1);
    // A page past the end has no first row: its previous page is the last one, by number.
    const lastPage = Math.max(1, Math.ceil(list.count / page.pageSize));
    previous = list.first ? pageLink(req, previousPage, cursorAt(previousPage, true, list.first)) : pageLink(req, Math.min(previousPage, lastPage), undefined);
  }
  return { count: list.count, next, previous, results: list.results };
}
