import type { NextFunction, Request, Response } from 'express';
import { SignJWT, jwtVerify } from 'jose';
import { UnauthorizedError } from '../errors';
import { internalTokenSecrets } from '../config/config';
import type { Caller } from './caller';
import { ExpiringCache } from './expiring-cache';
import { setRequestTenant } from '../http/request-context';

/**
 * The gateway proves to a service that it checked the caller by sending a short-lived token signed with
 * the shared INTERNAL_TOKEN_SECRET, addressed to that one service (`aud`). Anonymous requests (register,
 * login) carry one too, without a caller, so nothing reaches a service around the gateway.
 *
 * The setting may list several secrets, the current one first: tokens are signed with the first and
 * accepted under any, so the secret rotates without a 401 (services learn the new one before the gateway
 * signs with it).
 */
export const INTERNAL_TOKEN_HEADER = 'x-crm-internal-token';
const ISSUER = 'crm-gateway';
const ALGORITHM = 'HS256';

const keyCache = new Map<string, Uint8Array>();
function keyOf(secret: string): Uint8Array {
  let key = keyCache.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
    keyCache.set(secret, key);
  }
  return key;
}

/**
 * Minted tokens, reused while more than half their lifetime is left: signing one for every request cost the
 * gateway ~7% of its CPU and verifying it cost the service ~17% (profiles of bench/src/gateway.ts); a
 * service now verifies each token once. A reused token grants nothing more: the same caller, for the same
 * service, within the same lifetime.
 */
const mintedTokens = new ExpiringCache<string>();

export async function mintInternalToken(
  secret: string,
  audience: string,
  caller: Caller | null,
  ttlSeconds = 60,
): Promise<string> {
  const key = JSON.stringify([secret, audience, ttlSeconds, caller]);
  const reusable = mintedTokens.get(key);
  if (reusable) return reusable;
  const token = await new SignJWT(caller ? { caller } : { anonymous: true })
    .setProtectedHeader({ alg: ALGORITHM })
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(keyOf(internalTokenSecrets(secret)[0]!));
  mintedTokens.set(key, token, Date.now() + (ttlSeconds * 1000) / 2);
  return token;
}

export async function verifyInternalToken(secret: string, audience: string, token: string): Promise<Caller | null> {
  return (await verifiedInternalToken(secret, audience, token)).caller;
}

/** The token's caller and when the token expires; throws when it is not a valid internal token for `audience`. */
async function verifiedInternalToken(secret: string, audience: string, token: string): Promise<{ caller: Caller | null; expiresAtMs: number }> {
  const secrets = internalTokenSecrets(secret);
  for (const [index, accepted] of secrets.entries()) {
    try {
      const { payload } = await jwtVerify(token, keyOf(accepted), { algorithms: [ALGORITHM], issuer: ISSUER, audience, requiredClaims: ['exp'] });
      return { caller: (payload.caller as Caller | undefined) ?? null, expiresAtMs: payload.exp! * 1000 };
    } catch (error) {
      // Only a signature made with another secret tries the next one; an expired or misaddressed token fails now.
      if ((error as { code?: string }).code !== 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED' || index === secrets.length - 1) throw error;
    }
  }
  throw new Error('no internal token secret'); // unreachable: a setting has at least one secret
}

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by `requireInternalToken`; null for anonymous requests the gateway let through. */
    caller?: Caller | null;
  }
}

/** Rejects every request that did not come through the gateway (401), and records the caller. */
export function requireInternalToken(options: { secret: string; audience: string }) {
  // Tokens already verified, until they expire: the gateway reuses a caller's token, so most requests bring one.
  const verified = new ExpiringCache<Caller | null>();
  return async (req: Request, _res: Response, next: NextFunction): Promise<void> => {
    const token = req.header(INTERNAL_TOKEN_HEADER);
    if (!token) return next(new UnauthorizedError());
    let caller = verified.get(token);
    if (caller === undefined) {
      try {
        const checked = await verifiedInternalToken(options.secret, options.audience, token);
        verified.set(token, checked.caller, checked.expiresAtMs);
        caller = checked.caller;
      } catch {
        return next(new UnauthorizedError('Invalid internal credentials.'));
      }
    }
    req.caller = caller;
    if (caller) setRequestTenant(caller.tenantId);
    next();
  };
}

/** The authenticated caller of a request, or 401 where the route needs one and the request had none. */
export function callerOf(req: Request): Caller {
  if (!req.caller) throw new UnauthorizedError();
  return req.caller;
}
