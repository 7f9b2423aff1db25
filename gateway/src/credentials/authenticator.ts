import type { Caller } from '@crm/platform';
import { API_TOKEN_PREFIX, type ApiTokenResolver } from './api-token-resolver';
import { credentialsMissing, tokenNotValid } from './credential-errors';
import type { UserTokenVerifier } from './user-token-verifier';

/** `lookupsAllowed: false`: only a check that costs auth nothing (see `UnauthenticatedLimit`). */
export type Authenticator = (authorization: string | undefined, options?: { lookupsAllowed: boolean }) => Promise<Caller>;

/**
 * `Authorization: Bearer <token>`: an API token (`crm_pat_…`) is resolved through auth, anything else is
 * verified as a user access token (against the keys the gateway holds: no lookup in auth for a bad one).
 * No header, another scheme or no token: credentials missing.
 */
export function createAuthenticator(verifyUserToken: UserTokenVerifier, resolveApiToken: ApiTokenResolver): Authenticator {
  return async (authorization, { lookupsAllowed } = { lookupsAllowed: true }) => {
    const [scheme, token, ...rest] = (authorization ?? '').trim().split(/\s+/);
    if (scheme?.toLowerCase() !== 'bearer' || !token) throw credentialsMissing();
    if (rest.length > 0) throw tokenNotValid();
    return token.startsWith(API_TOKEN_PREFIX) ? resolveApiToken(token, { lookupsAllowed }) : verifyUserToken(token);
  };
}
