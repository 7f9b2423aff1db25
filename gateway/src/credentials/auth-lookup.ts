import { INTERNAL_TOKEN_HEADER, currentRequestId, mintInternalToken, ServiceUnavailableError, traceHeaders, type InternalTokenSigner, type Logger } from '@crm/platform';

const LOOKUP_TIMEOUT_MS = 5_000;
const LOOKUP_ATTEMPTS = 2;

export interface AuthLookupOptions {
  /** The gateway's own key (INTERNAL_SIGNING_KEY): its internal tokens are signed as the gateway. */
  signer: InternalTokenSigner;
  fetch: typeof fetch;
  logger: Logger;
}

/**
 * POSTs a credential lookup to one of auth's internal endpoints with an anonymous internal token, in the
 * request's trace, and answers auth's response. The lookups only read: a connection that failed (a
 * kept-alive socket auth had closed, auth restarting) is tried once more; one that timed out is not. Auth
 * unreachable: 503.
 */
export async function postToAuth(options: AuthLookupOptions, url: string, body: unknown, what: string): Promise<Response> {
  const headers: Record<string, string> = {
    ...traceHeaders(),
    'content-type': 'application/json',
    [INTERNAL_TOKEN_HEADER]: await mintInternalToken(options.signer, 'auth', null),
  };
  const requestId = currentRequestId();
  if (requestId) headers['x-request-id'] = requestId;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await options.fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS) });
    } catch (error) {
      if (attempt < LOOKUP_ATTEMPTS && (error as Error).name !== 'TimeoutError') continue;
      options.logger.warn({ err: error, attempts: attempt }, `auth unreachable: cannot ${what}`);
      throw new ServiceUnavailableError();
    }
  }
}
