import type { IncomingMessage } from 'node:http';
import type { ApiTokenCache } from './api-token-cache';

const REVOKE_PATH = /^\/api\/auth\/api-tokens\/([^/?]+)\/?(?:\?.*)?$/;

/**
 * Watches upstream answers for a successful revocation (`DELETE /api/auth/api-tokens/<id>/` → 204) and
 * evicts that token from the cache, so it stops working at once rather than when its entry expires.
 */
export function apiTokenRevocationWatcher(cache: ApiTokenCache) {
  return (req: IncomingMessage, statusCode: number): void => {
    if (req.method !== 'DELETE' || statusCode !== 204) return;
    const match = REVOKE_PATH.exec(req.url ?? '');
    if (!match) return;
    let tokenId: string;
    try {
      tokenId = decodeURIComponent(match[1]);
    } catch {
      return;
    }
    void cache.evict(tokenId);
  };
}
