import type { NextFunction, Request, Response } from 'express';
import { SignJWT, jwtVerify } from 'jose';
import { UnauthorizedError } from '../errors';
import type { Caller } from './caller';

/**
 * The gateway proves to a service that it checked the caller by sending a short-lived token signed with
 * the shared INTERNAL_TOKEN_SECRET, addressed to that one service (`aud`). Anonymous requests (register,
 * login) carry one too, without a caller, so nothing reaches a service around the gateway.
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

export async function mintInternalToken(
  secret: string,
  audience: string,
  caller: Caller | null,
  ttlSeconds = 60,
): Promise<string> {
  return new SignJWT(caller ? { caller } : { anonymous: true })
    .setProtectedHeader({ alg: ALGORITHM })
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(keyOf(secret));
}

export async function verifyInternalToken(secret: string, audience: string, token: string): Promise<Caller | null> {
  const { payload } = await jwtVerify(token, keyOf(secret), {
    algorithms: [ALGORITHM],
    issuer: ISSUER,
    audience,
  });
  return (payload.caller as Caller | undefined) ?? null;
}

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by `requireInternalToken`; null for anonymous requests the gateway let through. */
    caller?: Caller | null;
  }
}

/** Rejects every request that did not come through the gateway (401), and records the caller. */
export function requireInternalToken(options: { secret: string; audience: string }) {
  return async (req: Request, _res: Response, next: NextFunction): Promise<void> => {
    const token = req.header(INTERNAL_TOKEN_HEADER);
    if (!token) return next(new UnauthorizedError());
    try {
      req.caller = await verifyInternalToken(options.secret, options.audience, token);
    } catch {
      return next(new UnauthorizedError('Invalid internal credentials.'));
    }
    next();
  };
}

/** The authenticated caller of a request, or 401 where the route needs one and the request had none. */
export function callerOf(req: Request): Caller {
  if (!req.caller) throw new UnauthorizedError();
  return req.caller;
}
