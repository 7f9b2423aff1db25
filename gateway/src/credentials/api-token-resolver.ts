import { ServiceUnavailableError, type Caller } from '@crm/platform';
import { ApiTokenCache } from './api-token-cache';
import { postToAuth, type AuthLookupOptions } from './auth-lookup';
import { resolvedApiTokenSchema } from './caller.schemas';
import { tokenNotValid } from './credential-errors';
import type { UnknownApiTokens } from './unknown-api-tokens';

export const API_TOKEN_PREFIX = 'crm_pat_';

export interface ApiTokenResolverOptions extends AuthLookupOptions {
  /** `${AUTH_SERVICE_URL}/internal/api-tokens/resolve` */
  resolveUrl: string;
  cache: ApiTokenCache;
  unknownTokens: UnknownApiTokens;
}

/** `lookupsAllowed: false`: a token the gateway does not hold as resolved is `LookupNotAllowed`, auth is not asked. */
export type ApiTokenResolver = (token: string, options?: { lookupsAllowed: boolean }) => Promise<Caller>;

/** The token would need a lookup in auth, which its client address may not cost now (`UnauthenticatedLimit`). */
export class LookupNotAllowed extends Error {}

/**
 * Turns an opaque API token into its Caller: from the cache, else by asking auth (`POST {token}` with an
 * anonymous internal token: 200 `{caller, expires_at}`, 401 for an unknown, revoked or expired token). A token auth
 * refused is refused again without asking, for a while (`UnknownApiTokens`).
 */
export function createApiTokenResolver(options: ApiTokenResolverOptions): ApiTokenResolver {
  return async (token, { lookupsAllowed } = { lookupsAllowed: true }) => {
    const tokenHash = ApiTokenCache.hashOf(token);
    const cached = await options.cache.get(tokenHash);
    if (cached) return cached;
    if (await options.unknownTokens.has(tokenHash)) throw tokenNotValid();
    if (!lookupsAllowed) throw new LookupNotAllowed();

    const response = await postToAuth(options, options.resolveUrl, { token }, 'resolve an API token');
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
    await options.cache.set(tokenHash, resolved.data.caller, resolved.data.expires_at);
    return resolved.data.caller;
  };
}
