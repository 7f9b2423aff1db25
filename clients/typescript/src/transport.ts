import { CrmApiError, retryAfterSecondsOf } from './errors';
import { ETagMemory } from './etag-memory';

/** A user's pair from register, login or refresh-token; an API token (`crm_pat_…`) is an `access` alone. */
export interface Tokens {
  access: string;
  refresh?: string;
}

export interface RetryPolicy {
  /** Tries of one request in all, the first one included. */
  attempts: number;
  /** A longer `Retry-After` (an hourly limit spent) is not waited out: the 429 is thrown at once. */
  maxRetryAfterSeconds: number;
  /** The wait after the first failure without a `Retry-After`; it doubles with each further one. */
  backoffMs: number;
}

export interface TransportOptions {
  baseUrl: string;
  tokens: Tokens | undefined;
  /** Told of every pair the client gets by refreshing, and of `undefined` when the session is over. */
  onTokens: ((tokens: Tokens | undefined) => void) | undefined;
  retry: RetryPolicy;
  /** Whether a PUT, PATCH or DELETE names the last ETag seen for its URL in `If-Match`. */
  ifMatch: boolean;
  fetch: (request: Request) => Promise<Response>;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const CONDITIONAL_WRITES = new Set(['PUT', 'PATCH', 'DELETE']);
/** Refusals that did nothing and say when to come back: the rate limit, a service out of reach. */
const RETRIED_STATUSES = new Set([429, 503]);
const TOKEN_NOT_VALID = 'token_not_valid';
const REFRESH_PATH = '/api/auth/refresh-token/';

/**
 * What every request of the client goes through: the credential, an Idempotency-Key on writes, If-Match
 * from the last ETag seen, one token refresh on `token_not_valid`, and bounded retries of refusals and lost
 * answers. An error answer left after all that is thrown as a CrmApiError.
 */
export class Transport {
  /** The credential sent with every request; a refresh replaces it. */
  tokens: Tokens | undefined;
  /** The refresh in flight: every request refused meanwhile waits for it instead of refreshing again. */
  private refreshing: Promise<boolean> | undefined;
  private readonly etags = new ETagMemory();

  constructor(private readonly options: TransportOptions) {
    this.tokens = options.tokens;
  }

  readonly send = (request: Request): Promise<Response> => this.sendWith(request, true);

  private async sendWith(request: Request, withCredential: boolean): Promise<Response> {
    const prepared = this.prepared(request);
    // A credential the caller set on the request is theirs: it is sent as it is and never refreshed. Ours
    // goes only to the base URL: never to another site, whatever link led there.
    const ownsCredential = withCredential && !prepared.headers.has('authorization') && isUnderBaseUrl(this.options.baseUrl, prepared.url);
    let retries = 0;
    let refreshed = false;
    for (;;) {
      const access = ownsCredential ? this.tokens?.access : undefined;
      let response: Response;
      try {
        response = await this.options.fetch(withAuthorization(prepared, access));
      } catch (error) {
        // No answer: the request may or may not have been served. Sending it again is safe all the same:
        // a read changes nothing, and a write carries its Idempotency-Key, so it is done at most once.
        if (prepared.signal.aborted || retries + 1 >= this.options.retry.attempts) throw error;
        await sleep(this.backoffMs(retries));
        retries += 1;
        continue;
      }
      if (access && !refreshed && (await isRejectedToken(response))) {
        refreshed = true;
        if (await this.renewAccess(access)) {
          await response.body?.cancel();
          continue;
        }
      }
      const delayMs = this.retryDelayMs(response, retries);
      if (delayMs !== undefined) {
        await response.body?.cancel();
        await sleep(delayMs);
        retries += 1;
        continue;
      }
      // Only an error (400 and up) throws: a 304 answers a conditional GET whose copy is current (`CrmNotModified`).
      if (response.status >= 400) throw await CrmApiError.of(prepared, response);
      this.etags.note(prepared, response);
      return response;
    }
  }

  /** The request with the headers it keeps through every try. */
  private prepared(request: Request): Request {
    const headers = new Headers(request.headers);
    if (WRITES.has(request.method) && !headers.has('idempotency-key')) headers.set('idempotency-key', crypto.randomUUID());
    const etag = this.options.ifMatch && CONDITIONAL_WRITES.has(request.method) ? this.etags.of(request.url) : undefined;
    if (etag && !headers.has('if-match')) headers.set('if-match', etag);
    return new Request(request, { headers });
  }

  /** Whether a request refused with the access token `rejected` may go again with a new one. */
  private renewAccess(rejected: string): Promise<boolean> {
    // Another request has refreshed since this one was sent (or the session ended): no refresh of its own.
    if (this.tokens?.access !== rejected) return Promise.resolve(this.tokens !== undefined);
    this.refreshing ??= this.refresh().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async refresh(): Promise<boolean> {
    const refresh = this.tokens?.refresh;
    if (!refresh) return false;
    const request = new Request(`${this.options.baseUrl.replace(/\/$/, '')}${REFRESH_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh }),
    });
    try {
      // A refresh token works once, and the server keeps no answer that carries a secret (api-contract
      // §10.5): a retry after a lost answer redeems it a second time, which ends the session (401 below:
      // the client logs in again). Safer than a stored token pair that a replayed key would hand out.
      const tokens = (await (await this.sendWith(request, false)).json()) as Tokens;
      this.changeTokens({ access: tokens.access, refresh: tokens.refresh });
      return true;
    } catch (error) {
      if (!(error instanceof CrmApiError) || error.status !== 401) throw error;
      // Expired, reused or revoked: the session is over, and only a new login helps.
      this.changeTokens(undefined);
      return false;
    }
  }

  private changeTokens(tokens: Tokens | undefined): void {
    this.tokens = tokens;
    this.options.onTokens?.(tokens);
  }

  /** The wait before trying `response`'s request again, or undefined when it is not to be tried again. */
  private retryDelayMs(response: Response, retries: number): number | undefined {
    if (!RETRIED_STATUSES.has(response.status) || retries + 1 >= this.options.retry.attempts) return undefined;
    const retryAfter = retryAfterSecondsOf(response.headers);
    if (retryAfter === undefined) return this.backoffMs(retries);
    return retryAfter <= this.options.retry.maxRetryAfterSeconds ? retryAfter * 1000 : undefined;
  }

  /** Doubling with each failure, with jitter so that clients refused together do not all return at once. */
  private backoffMs(retries: number): number {
    return this.options.retry.backoffMs * 2 ** retries * (0.5 + Math.random() / 2);
  }
}

/** Whether `url` lies under `baseUrl`: the same scheme, host and port, and a path within the base's. */
export function isUnderBaseUrl(baseUrl: string, url: string): boolean {
  const base = new URL(baseUrl);
  const target = new URL(url);
  const basePath = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`;
  return target.origin === base.origin && (target.pathname === base.pathname || target.pathname.startsWith(basePath));
}

/** A copy of `request` (its body can be read again) with `access` as its bearer token. */
function withAuthorization(request: Request, access: string | undefined): Request {
  const copy = request.clone();
  if (!access) return copy;
  const headers = new Headers(request.headers);
  headers.set('authorization', `Bearer ${access}`);
  return new Request(copy, { headers });
}

/** 401 `token_not_valid`: the access token expired or was refused (api-contract §2); a refresh may help. */
async function isRejectedToken(response: Response): Promise<boolean> {
  if (response.status !== 401) return false;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  return typeof body === 'object' && body !== null && (body as { code?: unknown }).code === TOKEN_NOT_VALID;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
