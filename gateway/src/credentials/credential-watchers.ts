import type { IncomingMessage } from 'node:http';
import type { ApiTokenCache } from './api-token-cache';
import type { CredentialChanges } from './credential-changes';

/** What the gateway does when the answer to one kind of request passes through it (before it is relayed). */
export type UpstreamAnswerWatcher = (req: IncomingMessage, answer: IncomingMessage) => void;

/**
 * Calls `act` with the id in `path` (its one group) when a `method` request to it is answered `status`:
 * the gateway sees every change of a credential as it forwards it, so it can act before the answer
 * reaches the client.
 */
function watchFor(method: string, path: RegExp, status: number, act: (id: string) => void): UpstreamAnswerWatcher {
  return (req, answer) => {
    if (req.method !== method || answer.statusCode !== status) return;
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
 * Auth names the profiles whose credentials an answer changed (a role, deactivation, a password, a
 * logout: `x-crm-credentials-changed`); they are recorded before the answer is relayed, so the member's
 * credentials obtained before it are checked again from the next request on. The header, meant for the
 * gateway, never reaches the client.
 */
export const credentialChangeWatcher =
  (changes: CredentialChanges): UpstreamAnswerWatcher =>
  (_req, answer) => {
    const announced = answer.headers[CREDENTIALS_CHANGED_HEADER];
    if (announced === undefined) return;
    delete answer.headers[CREDENTIALS_CHANGED_HEADER];
    if (typeof announced !== 'string' || (answer.statusCode ?? 500) >= 300) return;
    for (const profileId of announced.split(',')) if (profileId !== '') changes.record(profileId.trim());
  };

/** Set by auth, read and removed here (services/auth/src/credentials/end-credentials.ts). */
const CREDENTIALS_CHANGED_HEADER = 'x-crm-credentials-changed';
