import type { IncomingMessage } from 'node:http';
import type { ApiTokenCache } from './api-token-cache';
import type { CredentialChanges } from './credential-changes';

/** What the gateway does when the answer to one kind of request passes through it. */
export type UpstreamAnswerWatcher = (req: IncomingMessage, statusCode: number) => void;

/**
 * Calls `act` with the id in `path` (its one group) when a `method` request to it is answered `status`:
 * the gateway sees every change of a credential as it forwards it, so it can act before the answer
 * reaches the client.
 */
function watchFor(method: string, path: RegExp, status: number, act: (id: string) => void): UpstreamAnswerWatcher {
  return (req, statusCode) => {
    if (req.method !== method || statusCode !== status) return;
    const match = path.exec(req.url ?? '');
    if (!match) return;
    let id: string;
    try {
      id = decodeURIComponent(match[1]!);
    } catch {
      return;
    }
    act(id);
  };
}

/**
 * A successful revocation (`DELETE /api/auth/api-tokens/<id>/` → 204) evicts that token from the cache,
 * so it stops working at once rather than when its entry expires.
 */
export const apiTokenRevocationWatcher = (cache: ApiTokenCache): UpstreamAnswerWatcher =>
  watchFor('DELETE', /^\/api\/auth\/api-tokens\/([^/?]+)\/?(?:\?.*)?$/, 204, (tokenId) => void cache.evict(tokenId));

/**
 * A successful change of a member's role or sales access (`PATCH /api/auth/users/<profileId>/` → 200) is
 * recorded before the answer is relayed, so the member's credentials obtained before it stop carrying
 * the old role from the next request on.
 */
export const credentialChangeWatcher = (changes: CredentialChanges): UpstreamAnswerWatcher =>
  watchFor('PATCH', /^\/api\/auth\/users\/([^/?]+)\/?(?:\?.*)?$/, 200, (profileId) => changes.record(profileId));
