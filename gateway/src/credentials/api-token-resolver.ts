import { INTERNAL_TOKEN_HEADER, currentRequestId, mintInternalToken, ServiceUnavailableError, traceHeaders, type Caller, type Logger } from '@crm/platform';
import { ApiTokenCache } from './api-token-cache';
import { resolvedApiTokenSchema } from './caller.schemas';
import { tokenNotValid } from './credential-errors';
import type { UnknownApiTokens } from './unknown-api-tokens';

export const API_TOKEN_PREFIX = 'crm_pat_';

const LOOKUP_TIMEOUT_MS = 5_000;
const LOOKUP_ATTEMPTS = 2;

export interface ApiTokenResolverOptions {
  /** `${AUTH_SERVICE_URL}/internal/api-tokens/resolve` */
  resolveUrl: string;
  internalTokenSecret: string;
  fetch: typeof fetch;
  cache: ApiTokenCache;
  unknownTokens: UnknownApiTokens;
  logger: Logger;
}

export type ApiTokenResolver = (token: string) => Promise<Caller>;

/**
 * Turns an opaque API token into its Caller: from the cache, else by asking auth (`POST {token}` with an
 * anonymous internal token: 200 `{caller}`, 401 for an unknown, revoked or expired token). A token auth
 * refused is refused again without asking, for a while (`UnknownApiTokens`).
 */
export function createApiTokenResolver(options: ApiTokenResolverOptions): ApiTokenResolver {
  return async (token) => {
    const tokenHash = ApiTokenCache.hashOf(token);
    const cached = await options.cache.get(tokenHash);
    if (cached) return cached;
    if (await options.unknownTokens.has(tokenHash)) throw tokenNotValid();

    const headers: Record<string, string> = {
      ...traceHeaders(), // auth's span of the lookup belongs to the request's trace
      'content-type': 'application/json',
      [INTERNAL_TOKEN_HEADER]: await mintInternalToken(options.internalTokenSecret, 'auth', null),
    };
    const requestId = currentRequestId();
    if (requestId) headers['x-request-id'] = requestId;
    let response: Response | undefined;
    for (let attempt = 1; !response; attempt += 1) {
      try {
        response = await options.fetch(options.resolveUrl, {
          method: 'POST',
          headers,
          body: JSON.stringify({ token }),
          signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
        });
      } catch (error) {
        // The lookup only reads: a connection that failed (a kept-alive socket auth had closed, auth
        // restarting) is tried once more; a lookup that timed out is not.
        if (attempt < LOOKUP_ATTEMPTS && (error as Error).name !== 'TimeoutError') continue;
        options.logger.warn({ err: error, attempts: attempt }, 'auth unreachable: cannot resolve an API token');
        throw new ServiceUnavailableError();
      }
    }
    if (response.status === 401 || response.status === 404) {
      await response.body?.cancel();
      await options.unknownTokens.remember(tokenHash);
      throw tokenNotValid();
    }
    let body: unknown;
    if (response.ok) body = await response.json().catch(() => undefined);
    else await response.body?.cancel();
    const resolved = resolvedApiTokenSchema.safeParse(body);
    if (!resolved.success) {
      options.logger.error({ status: response.status }, 'auth answered the API-token lookup unexpectedly');
      throw new ServiceUnavailableError();
    }
    await options.cache.set(tokenHash, resolved.data.caller);
    return resolved.data.caller;
  };
}
