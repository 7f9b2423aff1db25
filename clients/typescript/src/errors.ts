import type { components } from './generated/openapi';

/** An error answer's body as the contract has it (api-contract §2): `{detail}` or `{error: true, errors}`. */
export type CrmErrorBody = components['schemas']['Error'] | components['schemas']['ValidationError'];

/**
 * An answer with an error status (400 and up), thrown by every call once its retries are spent. `body` is
 * the parsed JSON body, or undefined when there was none (a proxy's HTML page, a HEAD).
 */
export class CrmApiError extends Error {
  override readonly name: string = 'CrmApiError';

  constructor(
    readonly method: string,
    readonly url: string,
    readonly status: number,
    readonly headers: Headers,
    readonly body: CrmErrorBody | undefined,
  ) {
    super(`${method} ${new URL(url).pathname}: ${status} ${summaryOf(body)}`);
  }

  /** `token_not_valid` for an expired or rejected access token; otherwise what the body says, if anything. */
  get code(): string | undefined {
    return this.body && 'code' in this.body ? this.body.code : undefined;
  }

  /** Seconds to wait before trying again, from `Retry-After` (a 429 or a 503). */
  get retryAfterSeconds(): number | undefined {
    return retryAfterSecondsOf(this.headers);
  }

  /** Builds the error a failed answer stands for; 412 gets its own class. */
  static async of(request: Request, response: Response): Promise<CrmApiError> {
    const body = await jsonBodyOf(response);
    const ErrorClass = response.status === 412 ? CrmPreconditionFailedError : CrmApiError;
    return new ErrorClass(request.method, request.url, response.status, response.headers, body);
  }
}

/**
 * 412: the record changed since the version the write named in `If-Match`. Nothing was written: read the
 * record again (its answer carries `currentETag` or a newer one) and make the change on what it is now.
 */
export class CrmPreconditionFailedError extends CrmApiError {
  override readonly name = 'CrmPreconditionFailedError';

  /** The record's ETag now, as the 412 names it. */
  get currentETag(): string | undefined {
    return this.headers.get('etag') ?? undefined;
  }
}

/** `Retry-After` in seconds; the contract sends whole seconds, never an HTTP date. */
export function retryAfterSecondsOf(headers: Headers): number | undefined {
  const value = headers.get('retry-after');
  const seconds = value === null || value.trim() === '' ? NaN : Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

async function jsonBodyOf(response: Response): Promise<CrmErrorBody | undefined> {
  if (!(response.headers.get('content-type') ?? '').includes('json')) return undefined;
  try {
    return (await response.json()) as CrmErrorBody;
  } catch {
    return undefined;
  }
}

function summaryOf(body: CrmErrorBody | undefined): string {
  if (!body) return '(no JSON body)';
  return 'detail' in body ? body.detail : JSON.stringify(body.errors);
}
