import { createHash } from 'node:crypto';
import { ExpiringCache, rateLimitHeaders, TooManyRequestsError } from '@crm/platform';
import type { Request, Response } from 'express';
import type { RateLimitRejections } from './rate-limit.middleware';
import { clientAddress, rateLimitKey, type BucketRateLimiter, type RateDecision } from './rate-limiter';

const BUCKET = 'unauthenticated';
/** Addresses and (address, credential) pairs this process keeps refusing at once; the oldest make room (each cost a full rate of failures). */
const MAX_REFUSED = 100_000;

/** An address or (address, credential) pair refused until `untilMs`, with the count that used it up. */
interface UsedUp {
  decision: RateDecision;
  untilMs: number;
}

/** What the pipeline may do with a request's credential, given its address's failures. */
export interface CredentialAllowance {
  /**
   * False once the address has used up its rate: only a check that costs auth nothing may run (an access
   * token's signature, an API token the gateway holds as resolved); one that needs a lookup in auth is 429.
   */
  lookupsAllowed: boolean;
  /** The address's refusal, when it has used up its rate. */
  addressUsedUp?: UsedUp;
}

/**
 * Which credential a failure is counted against besides its address: the first 16 hex digits of the
 * SHA-256 of the `Authorization` header as sent (no header: one fingerprint), so a Redis key never holds a
 * token's characters. A client repeating one failing token fills its own count; another token does not.
 */
const credentialFingerprint = (req: Request) =>
  createHash('sha256')
    .update(req.headers.authorization ?? '')
    .digest('hex')
    .slice(0, 16);

/**
 * The `unauthenticated` bucket (THROTTLE_RATES), counted twice for each request whose credential fails
 * (401): against its client address, and against that address and the credential's fingerprint.
 * - A credential that has used up the rate at its address is answered 429 before it is looked at.
 * - An address that has used up the rate (across all the credentials it sent) has its credentials looked
 *   at only where that costs auth nothing: a user access token is checked against the keys the gateway
 *   holds, an API token the gateway holds as resolved passes; any other API token is 429 without a lookup
 *   in auth. So a flood of made-up `crm_pat_` tokens still costs auth nothing, while a valid user at that
 *   address still gets in. A failure there is answered 429 too.
 * A valid credential is never counted against its address.
 */
export class UnauthenticatedLimit {
  /**
   * The addresses and (address, credential) pairs that used up their rate, until their window ends: each
   * gateway process learns it from the failure it counts at or past the limit, so the check before a
   * credential needs no round trip to Redis.
   */
  private readonly usedUp = new ExpiringCache<UsedUp>(MAX_REFUSED);

  constructor(
    private readonly limiter: BucketRateLimiter,
    private readonly rejections: RateLimitRejections,
  ) {}

  /** Before the credential is looked at: 429 when it has used up its rate at the request's address; else what may be done to check it. */
  allowanceBeforeCredential(req: Request, res: Response): CredentialAllowance {
    const address = clientAddress(req);
    const credentialRefused = this.usedUp.get(pairKey(address, credentialFingerprint(req)));
    if (credentialRefused) this.refuse(res, credentialRefused);
    const addressUsedUp = this.usedUp.get(address);
    return addressUsedUp ? { lookupsAllowed: false, addressUsedUp } : { lookupsAllowed: true };
  }

  /** 429 for a credential that would need a lookup in auth, from an address that has used up its rate. */
  refuseLookup(res: Response, allowance: CredentialAllowance): never {
    this.refuse(res, allowance.addressUsedUp!);
  }

  /**
   * The request's credential failed: one more against its address and against its credential there (the
   * answer carries where the address stands). From an address that had used up its rate: 429, not 401.
   */
  async countFailure(req: Request, res: Response, allowance: CredentialAllowance): Promise<void> {
    const address = clientAddress(req);
    const pair = pairKey(address, credentialFingerprint(req));
    const [ofAddress, ofCredential] = await Promise.all([
      this.limiter.consume(BUCKET, rateLimitKey(BUCKET, null, address)),
      this.limiter.consume(BUCKET, rateLimitKey(BUCKET, null, pair)),
    ]);
    this.rememberIfUsedUp(address, ofAddress);
    this.rememberIfUsedUp(pair, ofCredential);
    res.set(rateLimitHeaders(ofAddress));
    if (allowance.addressUsedUp) this.refuse(res, this.usedUp.get(address) ?? allowance.addressUsedUp);
  }

  private rememberIfUsedUp(key: string, decision: RateDecision): void {
    if (decision.remaining > 0) return;
    const untilMs = Date.now() + decision.resetSeconds * 1000;
    this.usedUp.set(key, { decision, untilMs }, untilMs);
  }

  private refuse(res: Response, { decision, untilMs }: UsedUp): never {
    const resetSeconds = Math.max(1, Math.ceil((untilMs - Date.now()) / 1000));
    res.set(rateLimitHeaders({ ...decision, remaining: 0, resetSeconds }));
    this.rejections.inc({ bucket: BUCKET });
    throw new TooManyRequestsError(resetSeconds);
  }
}

/** An address's count for one credential: `unauthenticated:ip:<address>:credential:<fingerprint>` in Redis. */
const pairKey = (address: string, fingerprint: string) => `${address}:credential:${fingerprint}`;
