import createClient, { type FetchResponse, type MaybeOptionalInit } from 'openapi-fetch';
import type { HttpMethod, MediaType, PathsWithMethod, RequiredKeysOf } from 'openapi-typescript-helpers';
import type { paths } from './generated/openapi';
import { isUnderBaseUrl, Transport, type RetryPolicy, type Tokens } from './transport';

export interface CrmClientOptions {
  /** The gateway's address, e.g. `https://crm.example.com`: every path starts with `/api/`. */
  baseUrl: string;
  /** The credential to start with; or set `client.tokens` later, after register or login. */
  tokens?: Tokens;
  /** Told of each pair a refresh brings (to keep it), and of `undefined` when the session is over. */
  onTokens?: (tokens: Tokens | undefined) => void;
  retry?: Partial<RetryPolicy>;
  /**
   * Whether a PUT, PATCH or DELETE sends `If-Match` with the last ETag this client saw for the record
   * (default true): a change is made only to the version the client knows of, and a 412 says when the
   * record changed meanwhile. A request with an `If-Match` of its own (`*`: any version) keeps it.
   */
  ifMatch?: boolean;
  /** Sends the requests; default the global fetch (Node 20, browsers). */
  fetch?: (request: Request) => Promise<Response>;
}

const DEFAULT_RETRY: RetryPolicy = { attempts: 4, maxRetryAfterSeconds: 60, backoffMs: 500 };

/** A successful answer: the body (parsed as the operation's `parseAs`, JSON by default) and the Response, for its headers. */
export interface CrmAnswer<Data> {
  data: Data;
  response: Response;
}

/**
 * The answer of a GET with `If-None-Match` naming the record's current version: 304, no body (api-contract
 * §6). The copy the client holds is current; `response` carries the `ETag`.
 */
export interface CrmNotModified {
  data: undefined;
  response: Response;
  notModified: true;
}

/** A GET that sends `If-None-Match` may be answered `CrmNotModified`; any other never is. */
type NotModifiedOf<Init> = Init extends { headers: { 'If-None-Match': string } } | { headers: { 'if-none-match': string } } ? CrmNotModified : never;

/** openapi-fetch's parameter rule: the init may be left out when nothing in it is required. */
type InitParam<Init> = RequiredKeysOf<Init> extends never ? [(Init & { [key: string]: unknown })?] : [Init & { [key: string]: unknown }];

/** The operation at a path and method (the generated `paths` leave the methods a path has not as `never`). */
type OperationOf<Path extends keyof paths, Method extends HttpMethod> = Extract<paths[Path][Method], Record<string | number, any>>;

/** openapi-fetch's ClientMethod, answering only its success half. */
type CrmMethod<Method extends HttpMethod> = <Path extends PathsWithMethod<paths, Method>, Init extends MaybeOptionalInit<paths[Path], Method>>(
  url: Path,
  ...init: InitParam<Init>
) => Promise<CrmAnswer<NonNullable<FetchResponse<OperationOf<Path, Method>, Init, MediaType>['data']>>>;

/** openapi-fetch's GET, answering its success half, or a 304 when the request was conditional. */
type CrmGetMethod = <Path extends PathsWithMethod<paths, 'get'>, Init extends MaybeOptionalInit<paths[Path], 'get'>>(
  url: Path,
  ...init: InitParam<Init>
) => Promise<CrmAnswer<NonNullable<FetchResponse<OperationOf<Path, 'get'>, Init, MediaType>['data']>> | NotModifiedOf<Init>>;

type ReadPath = PathsWithMethod<paths, 'get'>;
type ListPage<P extends ReadPath> = paths[P]['get'] extends { responses: { 200: { content: { 'application/json': infer Page } } } } ? Page : never;
/** The paths whose GET answers a page, `{count, next, previous, results}` (api-contract §2). */
export type ListPath = { [P in ReadPath]: ListPage<P> extends { next: string | null; results: unknown[] } ? P : never }[ReadPath];
export type ListItem<P extends ListPath> = ListPage<P> extends { results: (infer Item)[] } ? Item : never;

interface Page<Item> {
  next: string | null;
  results: Item[];
}

/**
 * The CRM's public API with its types from contracts/openapi.json. `GET`, `POST`, `PUT`, `PATCH` and
 * `DELETE` are openapi-fetch's calls, answering `{data, response}`; an error answer is thrown as a
 * CrmApiError instead, once retries are spent (see README.md for what is retried, and how often).
 */
export class CrmClient {
  readonly GET: CrmGetMethod;
  readonly POST: CrmMethod<'post'>;
  readonly PUT: CrmMethod<'put'>;
  readonly PATCH: CrmMethod<'patch'>;
  readonly DELETE: CrmMethod<'delete'>;
  private readonly transport: Transport;
  private readonly baseUrl: string;

  constructor(options: CrmClientOptions) {
    this.baseUrl = options.baseUrl;
    this.transport = new Transport({
      baseUrl: options.baseUrl,
      tokens: options.tokens,
      onTokens: options.onTokens,
      retry: { ...DEFAULT_RETRY, ...options.retry },
      ifMatch: options.ifMatch ?? true,
      fetch: options.fetch ?? ((request) => globalThis.fetch(request)),
    });
    const api = createClient<paths>({ baseUrl: options.baseUrl, fetch: this.transport.send });
    // The transport throws for every error status, so only the success half of openapi-fetch's answer is left.
    const get = api.GET as unknown as (...args: unknown[]) => Promise<{ data?: unknown; response: Response }>;
    this.GET = (async (...args: unknown[]) => {
      const answer = await get(...args);
      return answer.response.status === 304 ? { data: undefined, response: answer.response, notModified: true } : answer;
    }) as unknown as CrmGetMethod;
    this.POST = api.POST as unknown as CrmMethod<'post'>;
    this.PUT = api.PUT as unknown as CrmMethod<'put'>;
    this.PATCH = api.PATCH as unknown as CrmMethod<'patch'>;
    this.DELETE = api.DELETE as unknown as CrmMethod<'delete'>;
  }

  /** The credential sent with every request; a refresh replaces it, and it is undefined once the session ended. */
  get tokens(): Tokens | undefined {
    return this.transport.tokens;
  }

  set tokens(tokens: Tokens | undefined) {
    this.transport.tokens = tokens;
  }

  /**
   * Every record of a list, page after page: the first page as `init` asks for it, then each `next` link as
   * given (it carries the cursor), fetched only when the records before it have been taken.
   */
  async *paginate<P extends ListPath, Init extends MaybeOptionalInit<paths[P], 'get'>>(url: P, ...init: InitParam<Init>): AsyncGenerator<ListItem<P>, void, undefined> {
    const firstPage = this.GET as unknown as (url: P, ...init: InitParam<Init>) => Promise<CrmAnswer<Page<ListItem<P>>>>;
    let page = (await firstPage(url, ...init)).data;
    for (;;) {
      yield* page.results;
      if (!page.next) return;
      // A link elsewhere (an answer forged or mangled on the way) is not followed: the token stays with its API.
      if (!isUnderBaseUrl(this.baseUrl, page.next)) throw new Error(`Not following a next link outside the client's base URL ${this.baseUrl}: ${page.next}`);
      page = (await (await this.transport.send(new Request(page.next))).json()) as Page<ListItem<P>>;
    }
  }
}
