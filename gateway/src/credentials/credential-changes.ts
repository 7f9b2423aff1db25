import { ExpiringCache, type Logger } from '@crm/platform';
import type Redis from 'ioredis';

/**
 * How long a change is remembered: past the life of any credential obtained before it (a cached API token
 * lives 30 seconds, an access token 15 minutes: auth's ACCESS_TOKEN_TTL_SECONDS, which must stay below this).
 */
const REMEMBERED_SECONDS = 24 * 60 * 60;

/**
 * How long this gateway reuses what Redis answered for a profile: at most four Redis reads per profile and
 * second, rather than one per request, and a change seen by another replica applies here within a second
 * (api-contract §10.1), this reuse and the request's own time included. At 500 ms a loaded machine (the full
 * test suite on 2 cores) took 1,020–1,046 ms: the request's time is not small beside it.
 */
const SHARED_READ_REUSE_MS = 250;

/**
 * Credentials obtained this long after a change may still carry the profile as it was: an access token's
 * `iat` counts whole seconds, and a lookup answered before the change may be cached just after it.
 */
const UNCERTAIN_AFTER_CHANGE_MS = 1_000;

/**
 * When each profile's role or sales access last changed, as the gateway saw it (it proxies every change),
 * so that credentials obtained before then stop carrying the old role. Kept in Redis when configured,
 * shared by every replica; in process otherwise (the embedded default has one gateway). Redis failing,
 * the changes this gateway proxied itself still apply.
 */
export class CredentialChanges {
  /** Changes this gateway proxied: all there is without Redis, what is left while Redis fails. */
  private readonly seenHere = new Map<string, number>();
  /** Redis's answer per profile (null: no change), a pending read shared by the requests that wait for it. */
  private readonly sharedReads = new ExpiringCache<Promise<number | null>>();

  constructor(
    private readonly redis: Redis | undefined,
    private readonly logger: Logger,
  ) {}

  /** The profile changed now: it applies to this gateway at once, to the other replicas within a second. */
  record(profileId: string): void {
    const at = Date.now();
    this.forgetOlderThan(at - REMEMBERED_SECONDS * 1000);
    this.seenHere.delete(profileId); // re-inserted last: the map stays in the order of the changes
    this.seenHere.set(profileId, at);
    this.redis
      ?.eval(RECORD_LATER_SCRIPT, 1, changedAtKey(profileId), at, REMEMBERED_SECONDS)
      .catch((error) => this.logger.warn({ err: error, profile_id: profileId }, 'could not share a change of credentials with the other gateways'));
  }

  /** When the profile last changed (ms), as far as this gateway knows; undefined: not lately. */
  async lastChangeOf(profileId: string): Promise<number | undefined> {
    const changedAt = Math.max(this.seenHere.get(profileId) ?? 0, (await this.readShared(profileId)) ?? 0);
    return changedAt > 0 ? changedAt : undefined;
  }

  private readShared(profileId: string): Promise<number | null> {
    if (!this.redis) return Promise.resolve(null);
    const reusable = this.sharedReads.get(profileId);
    if (reusable) return reusable;
    const read = this.redis.get(changedAtKey(profileId)).then(
      (value) => (value === null ? null : Number(value)),
      (error) => {
        this.logger.debug({ err: error }, 'changes of credentials unavailable');
        return null;
      },
    );
    this.sharedReads.set(profileId, read, Date.now() + SHARED_READ_REUSE_MS);
    return read;
  }

  private forgetOlderThan(limit: number): void {
    for (const [profileId, at] of this.seenHere) {
      if (at >= limit) return;
      this.seenHere.delete(profileId);
    }
  }
}

/** A credential of the profile obtained at `obtainedAtMs` may carry it as it was before its change at `changedAt`. */
export const mayPredate = (obtainedAtMs: number, changedAt: number): boolean => obtainedAtMs <= changedAt + UNCERTAIN_AFTER_CHANGE_MS;

const changedAtKey = (profileId: string) => `credentials-changed-at:${profileId}`;

/** Keeps the later of two changes recorded by two replicas whose writes cross. ARGV: the time, the seconds to keep it. */
const RECORD_LATER_SCRIPT = `
local current = tonumber(redis.call('GET', KEYS[1]))
if current and current >= tonumber(ARGV[1]) then return current end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
return tonumber(ARGV[1])
`;
