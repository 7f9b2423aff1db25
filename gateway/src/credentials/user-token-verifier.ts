import { ExpiringCache, INTERNAL_TOKEN_HEADER, mintInternalToken, ServiceUnavailableError, type Caller, type InternalTokenSigner, type Logger } from '@crm/platform';
import {
  createRemoteJWKSet,
  customFetch,
  errors,
  jwtVerify,
  type FlattenedJWSInput,
  type JWSHeaderParameters,
} from 'jose';
import { postToAuth } from './auth-lookup';
import { accessTokenCheckedSchema, accessTokenClaimsSchema } from './caller.schemas';
import { mayPredate, type CredentialChanges } from './credential-changes';
import { tokenNotValid } from './credential-errors';

/** The algorithms auth signs access tokens with; anything else (`none`, HS256 with the public key, ...) is refused. */
export const ACCESS_TOKEN_ALGORITHMS = ['EdDSA'];

export interface UserTokenVerifierOptions {
  /** `${AUTH_SERVICE_URL}/api/auth/.well-known/jwks.json` */
  jwksUrl: string;
  issuer: string;
  audience: string;
  /** The gateway's own key (INTERNAL_SIGNING_KEY): its internal tokens are signed as the gateway. */
  signer: InternalTokenSigner;
  fetch: typeof fetch;
  logger: Logger;
  /** How soon an unknown `kid` may trigger another key-set fetch. */
  cooldownMs?: number;
  /** The changes of credentials auth announced: a token issued before one is checked with auth. */
  changes: CredentialChanges;
  /** `${AUTH_SERVICE_URL}/internal/access-tokens/check`: whether such a token is still as good as a new one. */
  checkUrl: string;
}

export type UserTokenVerifier = (token: string) => Promise<Caller>;

/** A token whose signature and claims were verified, for as long as that may be reused. */
interface VerifiedToken {
  caller: Caller;
  /** `iat_ms`, else the start of the second of `iat` (0 without either: then it may predate any change). */
  issuedAtMs: number;
  reusableUntilMs: number;
}

/** What jose allows past `exp`; a verified token is reused no longer than it would verify. */
const CLOCK_TOLERANCE_SECONDS = 5;
/**
 * How long a verified token is taken as verified without checking its signature again (never past its
 * `exp`): a client sends the same token request after request, and verifying the EdDSA signature was ~12%
 * of the gateway's CPU (profile of bench/src/gateway.ts). An access token ended since (deactivation, password,
 * logout) is caught by the check of changes on every request, reused or not; the bound keeps a key auth stops
 * publishing from being trusted much longer than jose's key-set cache does.
 */
const VERIFIED_TOKEN_REUSE_MS = 60_000;

/** The key set could not be fetched: a gateway-side outage, not a bad token. */
class KeySetUnavailable extends Error {}

/**
 * Verifies a user access token against auth's published keys (fetched with an internal token, as every
 * request to a service needs one; refetched on an unknown `kid`, at most once per cooldown) and turns
 * its claims into the Caller. Every kind of bad token is 401 `token_not_valid`; auth unreachable is 503.
 * A token issued before auth announced a change of its profile's credentials is checked with auth once
 * per change: 401 `token_not_valid` when its profile is deactivated, its credentials ended after it was
 * issued (a password change or reset), its session was logged out, or its role or sales access is no
 * longer the profile's (the client refreshes into a token with the new role).
 */
export function createUserTokenVerifier(options: UserTokenVerifierOptions): UserTokenVerifier {
  const keySet = createRemoteJWKSet(new URL(options.jwksUrl), {
    cooldownDuration: options.cooldownMs ?? 10_000,
    timeoutDuration: 5_000,
    [customFetch]: async (url, init) => {
      const headers = new Headers(init.headers);
      headers.set(INTERNAL_TOKEN_HEADER, await mintInternalToken(options.signer, 'auth', null));
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

  const verify = async (token: string): Promise<VerifiedToken> => {
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
    const { sub, tid, pid, role, sales, scope, exp, iat, sid, iat_ms } = claims.data;
    const caller: Caller = {
      userId: sub,
      tenantId: tid,
      profileId: pid,
      role,
      salesAccess: sales,
      scopes: scope.split(' ').filter((s) => s !== ''),
      credential: { kind: 'user', id: sub },
      ...(sid === undefined ? {} : { sessionId: sid }),
    };
    const reusableUntilMs = Math.min(Date.now() + VERIFIED_TOKEN_REUSE_MS, (exp + CLOCK_TOLERANCE_SECONDS) * 1000);
    return { caller, issuedAtMs: iat_ms ?? Math.floor(iat ?? 0) * 1000, reusableUntilMs };
  };

  /** Per token that may predate a change: the change it was checked against, and whether it passed. */
  const checkedAgainstChange = new ExpiringCache<{ changedAt: number; current: boolean }>();
  const carriesProfileAsItIs = async (token: string, { caller, issuedAtMs, reusableUntilMs }: VerifiedToken): Promise<boolean> => {
    const changedAt = await options.changes.lastChangeOf(caller.profileId);
    if (changedAt === undefined || !mayPredate(issuedAtMs, changedAt)) return true;
    const known = checkedAgainstChange.get(token);
    if (known?.changedAt === changedAt) return known.current;
    const response = await postToAuth(
      options,
      options.checkUrl,
      { profile_id: caller.profileId, session_id: caller.sessionId, issued_at_ms: issuedAtMs, role: caller.role, sales_access: caller.salesAccess },
      'check an access token',
    );
    const checked = accessTokenCheckedSchema.safeParse(response.ok ? await response.json().catch(() => undefined) : await response.body?.cancel());
    if (!checked.success) {
      options.logger.error({ status: response.status }, 'auth answered the access-token check unexpectedly');
      throw new ServiceUnavailableError();
    }
    // A change that left the token's claims as they are (or was undone) leaves it as good as a new one.
    checkedAgainstChange.set(token, { changedAt, current: checked.data.current }, reusableUntilMs);
    return checked.data.current;
  };

  const verified = new ExpiringCache<VerifiedToken>();
  return async (token) => {
    let known = verified.get(token);
    if (!known) {
      known = await verify(token);
      verified.set(token, known, known.reusableUntilMs);
    }
    if (!(await carriesProfileAsItIs(token, known))) throw tokenNotValid();
    return known.caller;
  };
}
