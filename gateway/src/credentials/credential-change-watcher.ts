import type { IncomingMessage } from 'node:http';
import type { CredentialChanges } from './credential-changes';

const MEMBER_PATH = /^\/api\/auth\/users\/([^/?]+)\/?(?:\?.*)?$/;

/**
 * Watches upstream answers for a successful change of a member's role or sales access
 * (`PATCH /api/auth/users/<profileId>/` → 200) and records it before the answer is relayed, so the
 * member's credentials obtained before it stop carrying the old role from the next request on.
 */
export function credentialChangeWatcher(changes: CredentialChanges) {
  return (req: IncomingMessage, statusCode: number): void => {
    if (req.method !== 'PATCH' || statusCode !== 200) return;
    const match = MEMBER_PATH.exec(req.url ?? '');
    if (!match) return;
    let profileId: string;
    try {
      profileId = decodeURIComponent(match[1]);
    } catch {
      return;
    }
    changes.record(profileId);
  };
}
