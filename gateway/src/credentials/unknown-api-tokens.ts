import { ExpiringCache, type Logger } from '@crm/platform';
import type Redis from 'ioredis';

/** How long a token auth refused is answered 401 without asking auth again. */
export const UNKNOWN_API_TOKEN_SECONDS = 30;
/** Without Redis, the most refused tokens this process remembers; the oldest make room. */
const MAX_REMEMBERED_IN_PROCESS = 10_000;

/**
 * API tokens auth refused (unknown, revoked, expired), remembered briefly by their hash, so that the same
 * token sent again is answered 401 without a lookup in auth. In Redis, shared by every gateway process,
 * when there is one; else in this process, a bounded number. A refused token never becomes valid (a new
 * token has a new secret), so remembering one cannot refuse a good one. A Redis failure is a miss: auth
 * is asked, and the failure still counts against the client's address.
 */
export class UnknownApiTokens {
  private readonly inProcess = new ExpiringCache<true>(MAX_REMEMBERED_IN_PROCESS);

  constructor(
    /** None (the embedded default): remembered in this process. */
    private readonly redis: Redis | undefined,
    private readonly logger: Logger,
  ) {}

  async has(tokenHash: string): Promise<boolean> {
    if (!this.redis) return this.inProcess.get(tokenHash) === true;
    try {
      return (await this.redis.exists(unknownKey(tokenHash))) === 1;
    } catch (error) {
      this.logger.debug({ err: error }, 'unknown API-token cache unavailable');
      return false;
    }
  }

  async remember(tokenHash: string): Promise<void> {
    if (!this.redis) return this.inProcess.set(tokenHash, true, Date.now() + UNKNOWN_API_TOKEN_SECONDS * 1000);
    try {
      await this.redis.set(unknownKey(tokenHash), '1', 'EX', UNKNOWN_API_TOKEN_SECONDS);
    } catch (error) {
      this.logger.debug({ err: error }, 'unknown API-token cache unavailable');
    }
  }
}

const unknownKey = (tokenHash: string) => `api-token-unknown:${tokenHash}`;
