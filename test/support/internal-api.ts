import { INTERNAL_TOKEN_HEADER, InternalTokenSigner, mintInternalToken, type Caller } from '@crm/platform';
import type { TestSystem } from './system';

/** The caller a user's access token stands for, as the gateway puts it in internal tokens. */
async function callerOf(system: TestSystem, token: string): Promise<Caller> {
  const me = await system.api.get('/api/auth/me/', { token });
  return {
    userId: me.body.user.id,
    tenantId: me.body.org.id,
    profileId: me.body.profile.id,
    role: me.body.profile.role,
    salesAccess: me.body.profile.sales_access,
    scopes: me.body.scopes,
    credential: { kind: 'user', id: me.body.user.id },
  };
}

/**
 * A request straight to a service's internal route (`/internal/...`), as another service makes it for
 * the user holding `token`: an internal token addressed to `service` with that user as the caller, signed
 * as `from` (import-export by default, which calls the owners' import and export routes) with its development key.
 */
export async function callInternal(system: TestSystem, service: string, method: 'GET' | 'POST', path: string, token: string, body?: unknown, accept = 'text/csv', from = 'import-export') {
  const caller = await callerOf(system, token);
  const internalToken = await mintInternalToken(new InternalTokenSigner(from), service, caller);
  const response = await fetch(`${system.services[service]!.url}${path}`, {
    method,
    // An export answers CSV to who asks for it, as import-export does (JSON answers ignore it).
    headers: { [INTERNAL_TOKEN_HEADER]: internalToken, 'content-type': 'application/json', accept },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.startsWith('application/json') ?? false;
  return { status: response.status, text, body: isJson ? JSON.parse(text) : undefined };
}

/**
 * A CSV export body as rows of cells, the header first: the BOM dropped, each line ending in CRLF
 * (the tests' cells need no quoting, so every comma separates two).
 */
export function csvRows(text: string): string[][] {
  const lines = text.replace(/^\uFEFF/, '').split('\r\n');
  if (lines.pop() !== '') throw new Error('the export does not end with CRLF');
  return lines.map((line) => line.split(','));
}
