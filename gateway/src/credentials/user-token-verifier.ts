import { ExpiringCache, INTERNAL_TOKEN_HEADER, mintInternalToken, ServiceUnavailableError, type Caller, type Logger } from '@crm/shared';
import {
  createRemoteJWKSet,
  customFetch,
  errors,
  jwtVerify,
  type FlattenedJWSInput,
  type JWSHeaderParameters,
} from 'jose';
import { accessTokenClaimsSchema } from './caller.schemas';
import { tokenNotValid } from './credential-errors';

/** The algorithms auth signs access tokens with; anything else (`none`, HS256 with the public key, ...) is refused. */
export const ACCESS_TOKEN_ALGORITHMS = ['EdDSA'];

export interface UserTokenVerifierOptions {
  /** `${AUTH_SERVICE_URL}/api/auth/.well-known/jwks.json` */
  jwksUrl: string;
  issuer: string;
  audience: string;
  internalTokenSecret: string;
  fetch: typeof fetch;
  logger: Logger;
  /** How soon an unknown `kid` may trigger another key-set fetch. */
  cooldownMs?: number;
}

export type UserTokenVerifier = (token: string) => Promise<Caller>;

/** What jose allows past `exp`; a verified token is reused no longer than it would verify. */
const CLOCK_TOLERANCE_SECONDS = 5;
/**
 * How long a verified token is taken as verified without checking its signature again (never past its
 * `exp`): a client sends the same token request after request, and verifying the EdDSA signature was ~12%
 * of the gateway's CPU (profile of bench/src/gateway.ts). Access tokens cannot be revoked (they expire); the
 * bound keeps a key auth stops publishing from being trusted much longer than jose's key-set cache does.
 */
const VERIFIED_TOKEN_REUSE_MS = 60_000;

/** The key set could not be fetched: a gateway-side outage, not a bad token. */
class KeySetUnavailable extends Error {}

/**
 * Verifies a user access token against auth's published keys (fetched with an internal token, as every
 * request to a service needs one; refetched on an unknown `kid`, at most once per cooldown) and turns
 * its claims into the Caller. Every kind of bad token is 401 `token_not_valid`; auth unreachable is 503.
 */
export function createUserTokenVerifier(options: UserTokenVerifierOptions): UserTokenVerifier {
  const keySet = createRemoteJWKSet(new URL(options.jwksUrl), {
    cooldownDuration: options.cooldownMs ?? 10_000,
    timeoutDuration: 5_000,
    [customFetch]: async (url, init) => {
      const headers = new Headers(init.headers);
      headers.set(INTERNAL_TOKEN_HEADER, await mintInternalToken(options.internalTokenSecret, 'auth', null));
      return options.fetch(url, { ...init, headers });
    },
  });

  const keyFor = async (header: JWSHeaderParameters, token: FlattenedJWSInput) => {
    try {
      return await keySet(header, token);
    } catch (error) {
      if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) throw error;
      throw new KeySetUnavailable('the key set could not be fetched', { cause: error });
    }
  };

  const verified = new ExpiringCache<Caller>();
  return async (token) => {
    const reusable = verified.get(token);
    if (reusable) return reusable;
    let payload: unknown;
    try {
      ({ payload } = await jwtVerify(token, keyFor, {
        algorithms: ACCESS_TOKEN_ALGORITHMS,
        issuer: options.issuer,
        audience: options.audience,
        requiredClaims: ['exp'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
      }));
    } catch (error) {
      if (error instanceof KeySetUnavailable) {
        options.logger.warn({ err: error.cause }, 'auth key set unavailable: cannot verify access tokens');
        throw new ServiceUnavailableError();
      }
      throw tokenNotValid();
    }
    const claims = accessTokenClaimsSchema.safeParse(payload);
    if (!claims.success) throw tokenNotValid();
    const { sub, tid, pid, role, sales, scope, exp } = claims.data;
    const caller: Caller = {
      userId: sub,
      tenantId: tid,
      profileId: pid,
      role,
      salesAccess: sales,
      scopes: scope.split(' ').filter((s) => s !== ''),
      credential: { kind: 'user', id: sub },
    };
    verified.set(token, caller, Math.min(Date.now() + VERIFIED_TOKEN_REUSE_MS, (exp + CLOCK_TOLERANCE_SECONDS) * 1000));
    return caller;
  };
}
