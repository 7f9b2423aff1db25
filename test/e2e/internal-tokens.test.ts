import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { GATEWAY_ISSUER, INTERNAL_TOKEN_HEADER, InternalTokenSigner, mintInternalToken, type Caller } from '@crm/platform';
import type { TestSystem } from '../support/system';
import type { TenantAdmin } from '../support/tenants';
import { startWithTenant } from '../support/suite';

/**
 * Internal tokens on the running services (docs/security.md §10.3): each process signs with its own key, a
 * service takes another's tokens only if architecture §1 lets it call, and checks the route's scope itself.
 * The requests go straight to a service, past the gateway, as a compromised process inside the network would.
 */
let system: TestSystem, admin: TenantAdmin;
beforeAll(async () => ({ system, admin } = await startWithTenant()));
afterAll(() => system.stop());

const callerWith = (scopes: string[]): Caller => ({
  userId: admin.userId,
  tenantId: admin.orgId,
  profileId: admin.profileId,
  role: 'admin',
  salesAccess: true,
  scopes,
  credential: { kind: 'user', id: admin.userId },
});

async function send(service: string, method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${system.services[service]!.url}${path}`, {
    method,
    headers: { [INTERNAL_TOKEN_HEADER]: token, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** Signed as `issuer` with its (development) key, for the admin with every scope. */
const signedBy = (issuer: string, audience: string, scopes = ['leads:read', 'leads:write', 'contacts:read', 'contacts:write', 'audit:read']) =>
  mintInternalToken(new InternalTokenSigner(issuer), audience, callerWith(scopes));

const LEAD_LOOKUP = '/internal/lookup/leads/';

describe('internal tokens between services', () => {
  it('when a service that may call leads asks its lookup, then it answers; when audit, which may not, signs the same with its own key, then 401', async () => {
    expect((await send('leads', 'POST', LEAD_LOOKUP, await signedBy('accounts-opportunities', 'leads'), { ids: [randomUUID()] })).status).toBe(200);
    expect(await send('leads', 'POST', LEAD_LOOKUP, await signedBy('audit', 'leads'), { ids: [randomUUID()] })).toEqual({ status: 401, body: { detail: 'Invalid internal credentials.' } });
  });

  it("when a service's own token is sent to a public route of a service it may call, then 401: public routes take the gateway's only", async () => {
    expect((await send('leads', 'GET', '/api/leads/', await signedBy('import-export', 'leads'))).status).toBe(401);
  });

  it('when a token addressed to contacts is sent to leads, then 401', async () => {
    expect((await send('leads', 'GET', '/api/leads/', await signedBy(GATEWAY_ISSUER, 'contacts'))).status).toBe(401);
    expect((await send('leads', 'GET', '/api/leads/', await signedBy(GATEWAY_ISSUER, 'leads'))).status).toBe(200);
  });

  it('when a token is an HMAC of the former shared development secret, then 401', async () => {
    const hmac = await new SignJWT({ caller: callerWith(['leads:read']) })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('crm-gateway')
      .setAudience('leads')
      .setIssuedAt()
      .setExpirationTime('60s')
      .sign(new TextEncoder().encode('dev-only-internal-token-secret-change-me'));
    expect((await send('leads', 'GET', '/api/leads/', hmac)).status).toBe(401);
  });

  it("when the gateway's validly signed token lacks the route's scope, then the service itself answers 403 as the gateway does", async () => {
    const readOnly = await signedBy(GATEWAY_ISSUER, 'leads', ['leads:read']);
    expect((await send('leads', 'GET', '/api/leads/', readOnly)).status).toBe(200);
    expect(await send('leads', 'POST', '/api/leads/', readOnly, { first_name: 'Ada', last_name: 'Lovelace', email: `ada-${randomUUID()}@example.com` })).toEqual({
      status: 403,
      body: { detail: 'You do not have permission to perform this action: the scope "leads:write" is required.' },
    });
    expect((await send('audit', 'GET', '/api/audit-logs/', await signedBy(GATEWAY_ISSUER, 'audit', ['leads:read']))).status).toBe(403);
    expect((await send('leads', 'GET', '/api/web-forms/', await signedBy(GATEWAY_ISSUER, 'leads', ['contacts:read']))).status).toBe(403);
  });
});
