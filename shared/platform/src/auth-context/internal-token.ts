import type { NextFunction, Request, Response } from 'express';
import { decodeJwt, decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import type { KeyObject } from 'node:crypto';
import { UnauthorizedError } from '../errors';
import { INTERNAL_PATH_PREFIX } from '../http/internal-routes';
import type { Caller } from './caller';
import { ExpiringCache } from './expiring-cache';
import { derivedSecret, devSigningKey, parsePublicKeys, parseSigningKeys, publicKeyText, type PublicKeys, type SigningKey } from './internal-keys';
import { setRequestTenant } from '../http/request-context';

/**
 * The gateway proves to a service that it checked the caller by sending a short-lived token it signs with its
 * own Ed25519 key, addressed to that one service (`aud`). Anonymous requests (register, login) carry one too,
 * without a caller, so nothing reaches a service around the gateway. A service calling another for the caller
 * (architecture §1) signs with its own key, as itself (`iss`); the called service takes such a token only from
 * the services allowed to call it, and only on its internal routes. Every process holds its own private key
 * and the others' public keys only, so none can sign as another (docs/security.md §5, §10.3).
 */
export const INTERNAL_TOKEN_HEADER = 'x-crm-internal-token';
/** The issuer of the tokens the gateway mints; a service's tokens name the service. */
export const GATEWAY_ISSUER = 'gateway';
/** Ed25519 (RFC 9864's fully specified name for EdDSA over Ed25519). */
const ALGORITHM = 'Ed25519';

/** What a process signs with: its name, and its keys (INTERNAL_SIGNING_KEY), the current one first. */
export class InternalTokenSigner {
  readonly keys: readonly SigningKey[];
  /** Names the key in the minted-token cache: the same caller for another key is another token. */
  readonly fingerprint: string;

  /** `setting` unset: the development key of `issuer` (refused in production by `assertProductionSafe`). */
  constructor(
    readonly issuer: string,
    setting?: string,
  ) {
    this.keys = setting === undefined ? [devSigningKey(issuer)] : parseSigningKeys(setting);
    this.fingerprint = `${issuer}\0${this.current.kid}\0${publicKeyText(this.current.publicKey)}`;
  }

  get current(): SigningKey {
    return this.keys[0]!;
  }

  /** The process's own secrets for `purpose`, derived from each of its keys, the current one first. */
  secrets(purpose: string): string[] {
    return this.keys.map((key) => derivedSecret(key, purpose));
  }
}

/**
 * Minted tokens, reused while more than half their lifetime is left: signing one for every request cost the
 * gateway ~7% of its CPU and verifying it cost the service ~17% (profiles of bench/src/gateway.ts); a
 * service now verifies each token once. A reused token grants nothing more: the same signer and key, the same
 * caller, for the same service, within the same lifetime.
 */
const mintedTokens = new ExpiringCache<string>();

export async function mintInternalToken(signer: InternalTokenSigner, audience: string, caller: Caller | null, ttlSeconds = 60): Promise<string> {
  const key = JSON.stringify([signer.fingerprint, audience, ttlSeconds, caller]);
  const reusable = mintedTokens.get(key);
  if (reusable) return reusable;
  const token = await new SignJWT(caller ? { caller } : { anonymous: true })
    .setProtectedHeader({ alg: ALGORITHM, kid: signer.current.kid })
    .setIssuer(signer.issuer)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(signer.current.privateKey);
  mintedTokens.set(key, token, Date.now() + (ttlSeconds * 1000) / 2);
  return token;
}

/** What a service accepts. */
export interface InternalTokenCheck {
  /** The service's name: tokens must be addressed to it. */
  audience: string;
  /** INTERNAL_TOKEN_PUBLIC_KEYS; unset: every issuer's development key (refused in production). */
  publicKeys?: string;
  /** The services whose own tokens it accepts, on its internal routes (its `calledBy`); the gateway's it always accepts. */
  callers?: readonly string[];
  /** INTERNAL_SIGNING_KEY of the service itself (what it seals with); unset: its development key. */
  signingKey?: string;
}

interface VerifiedToken {
  caller: Caller | null;
  issuer: string;
  expiresAtMs: number;
}

/** Checks internal tokens for one service: signature by the issuer's public key, issuer allowed, audience, expiry. */
export class InternalTokenVerifier {
  private readonly keys: PublicKeys | undefined;
  private readonly issuers: ReadonlySet<string>;

  constructor(private readonly check: InternalTokenCheck) {
    this.keys = check.publicKeys === undefined ? undefined : parsePublicKeys(check.publicKeys);
    this.issuers = new Set([GATEWAY_ISSUER, ...(check.callers ?? [])]);
  }

  /** The token's caller and issuer; throws when it is not a valid internal token for this service. */
  async verify(token: string): Promise<VerifiedToken> {
    const issuer = decodeJwt(token).iss;
    const { kid } = decodeProtectedHeader(token);
    if (typeof issuer !== 'string' || !this.issuers.has(issuer)) throw new Error(`issuer ${String(issuer)} may not call ${this.check.audience}`);
    const key = typeof kid === 'string' ? this.publicKey(issuer, kid) : undefined;
    if (!key) throw new Error(`no public key ${String(kid)} of ${issuer}`);
    const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], issuer, audience: this.check.audience, requiredClaims: ['exp', 'iat'] });
    return { caller: (payload.caller as Caller | undefined) ?? null, issuer, expiresAtMs: payload.exp! * 1000 };
  }

  private publicKey(issuer: string, kid: string): KeyObject | undefined {
    if (this.keys) return this.keys.get(issuer)?.get(kid);
    const dev = devSigningKey(issuer);
    return kid === dev.kid ? dev.publicKey : undefined;
  }
}

/** The caller of a valid token for `check.audience`; throws otherwise (tests' stand-ins check what they are sent). */
export async function verifyInternalToken(check: InternalTokenCheck, token: string): Promise<Caller | null> {
  return (await new InternalTokenVerifier(check).verify(token)).caller;
}

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by `requireInternalToken`; null for anonymous requests the gateway let through. */
    caller?: Caller | null;
  }
}

/**
 * Rejects every request that did not come through the gateway or from a service allowed to call this one
 * (401), and records the caller. A service's token opens internal routes only: the public ones are the
 * gateway's to forward.
 */
export function requireInternalToken(check: InternalTokenCheck) {
  const verifier = new InternalTokenVerifier(check);
  // Tokens already verified, until they expire: the gateway reuses a caller's token, so most requests bring one.
  const verified = new ExpiringCache<VerifiedToken>();
  return async (req: Request, _res: Response, next: NextFunction): Promise<void> => {
    const token = req.header(INTERNAL_TOKEN_HEADER);
    if (!token) return next(new UnauthorizedError());
    let checked = verified.get(token);
    if (checked === undefined) {
      try {
        checked = await verifier.verify(token);
        verified.set(token, checked, checked.expiresAtMs);
      } catch {
        return next(new UnauthorizedError('Invalid internal credentials.'));
      }
    }
    if (checked.issuer !== GATEWAY_ISSUER && !req.path.startsWith(INTERNAL_PATH_PREFIX)) return next(new UnauthorizedError('Invalid internal credentials.'));
    req.caller = checked.caller;
    if (checked.caller) setRequestTenant(checked.caller.tenantId);
    next();
  };
}

/** The authenticated caller of a request, or 401 where the route needs one and the request had none. */
export function callerOf(req: Request): Caller {
  if (!req.caller) throw new UnauthorizedError();
  return req.caller;
}
