import { randomUUID } from 'node:crypto';
import { generateKeyPair, importJWK, SignJWT, type CryptoKey, type JWK } from 'jose';
import { authConfig, openedSigningKey, signingKeyCipher } from '@crm/auth';
import { GATEWAY_ISSUER, InternalTokenSigner, loadConfig, mintInternalToken, newSigningKey, type Caller } from '@crm/platform';
import { callInternal } from '../support/internal-api';
import type { TestSystem } from '../support/system';
import { addMember, PASSWORD, registerTenant, type TenantAdmin } from '../support/tenants';
import { startWithTenant } from '../support/suite';

let system: TestSystem, admin: TenantAdmin;
beforeAll(async () => ({ system, admin } = await startWithTenant()));
afterAll(() => system.stop());

const TOKEN_NOT_VALID = { detail: expect.any(String), code: 'token_not_valid' };

/** The key auth signs with, opened from its own schema: lets a test forge tokens auth would sign. */
async function authSigningKey(): Promise<{ kid: string; privateJwk: JWK }> {
  const cipher = await signingKeyCipher(loadConfig(authConfig, process.env));
  return openedSigningKey(system.services.auth!.dataSource.manager, cipher, new Date());
}

/** Claims of a valid access token for the admin, which a test then spoils one at a time. */
function adminClaims() {
  return {
    tid: admin.orgId,
    pid: admin.profileId,
    role: 'admin',
    sales: true,
    scope: 'leads:read leads:write audit:read',
  };
}

interface SignOptions {
  claims?: Record<string, unknown>;
  audience?: string;
  issuer?: string;
  expiresAt?: number;
  kid?: string;
  /** Signs with this key instead of auth's own (the header still names auth's kid unless `kid` is given). */
  signer?: CryptoKey;
}

async function signWithAuthKey(options: SignOptions = {}): Promise<string> {
  const { kid, privateJwk } = await authSigningKey();
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(options.claims ?? adminClaims())
    .setProtectedHeader({ alg: 'EdDSA', kid: options.kid ?? kid, typ: 'JWT' })
    .setSubject(admin.userId)
    .setJti(randomUUID())
    .setIssuedAt(now - 60)
    .setExpirationTime(options.expiresAt ?? now + 300)
    .setIssuer(options.issuer ?? 'crm-auth')
    .setAudience(options.audience ?? 'crm-api')
    .sign(options.signer ?? (await importJWK(privateJwk, 'EdDSA')));
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const me = (token: string) => system.api.get('/api/auth/me/', { token });

describe('access tokens at the gateway', () => {
  it('when a token signed like auth signs them is sent, then it is accepted (the forging helper is sound)', async () => {
    const res = await me(await signWithAuthKey());
    expect(res.status).toBe(200);
    expect(res.body.profile.id).toBe(admin.profileId);
  });

  it('when no token is sent, then 401 with only a detail and a Bearer challenge', async () => {
    const res = await system.api.get('/api/auth/me/');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: expect.any(String) });
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('when the token has expired, then 401 token_not_valid', async () => {
    const expired = await signWithAuthKey({ expiresAt: Math.floor(Date.now() / 1000) - 120 });
    const res = await me(expired);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(TOKEN_NOT_VALID);
  });

  it('when the token is unsigned (alg none), then 401 token_not_valid', async () => {
    const now = Math.floor(Date.now() / 1000);
    const payload = { ...adminClaims(), sub: admin.userId, jti: randomUUID(), iat: now, exp: now + 300, iss: 'crm-auth', aud: 'crm-api' };
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
    const res = await me(unsigned);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(TOKEN_NOT_VALID);
  });

  it('when a real token is tampered with (a claim changed), then 401 token_not_valid', async () => {
    const [header, payload, signature] = admin.access.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const tampered = `${header}.${base64url({ ...claims, role: 'admin', tid: '00000000-0000-4000-8000-000000000000' })}.${signature}`;
    const res = await me(tampered);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(TOKEN_NOT_VALID);
  });

  it('when the token is for another audience or issuer, then 401 token_not_valid', async () => {
    for (const token of [await signWithAuthKey({ audience: 'some-other-api' }), await signWithAuthKey({ issuer: 'someone-else' })]) {
      const res = await me(token);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(TOKEN_NOT_VALID);
    }
  });

  it('when the token names a key auth never published, or a known kid signed by another key, then 401 token_not_valid', async () => {
    const stranger = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const unknownKid = await signWithAuthKey({ kid: 'not-a-published-kid', signer: stranger.privateKey });
    const knownKidWrongKey = await signWithAuthKey({ signer: stranger.privateKey });
    for (const token of [unknownKid, knownKidWrongKey]) {
      const res = await me(token);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(TOKEN_NOT_VALID);
    }
  });

  it('when the token is garbage, then 401 token_not_valid', async () => {
    for (const token of ['abc', 'a.b.c', '....']) {
      const res = await me(token);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(TOKEN_NOT_VALID);
    }
  });
});

describe('scopes', () => {
  it('when a member without audit:read asks for the audit log, then 403 with a detail', async () => {
    const member = await addMember(system.api, admin, true);
    const res = await system.api.get('/api/audit-logs/', { token: member.access });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: expect.any(String) });
  });

  it('when an API token lacks the route scope, then 403; with it, the same route answers', async () => {
    const created = await system.api.post('/api/auth/api-tokens/', { name: 'reader', scopes: ['leads:read'] }, { token: admin.access });
    expect(created.status).toBe(201);
    const denied = await system.api.get('/api/audit-logs/', { token: created.body.token });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ detail: expect.any(String) });

    const auditor = await system.api.post('/api/auth/api-tokens/', { name: 'auditor', scopes: ['audit:read'] }, { token: admin.access });
    expect((await system.api.get('/api/audit-logs/', { token: auditor.body.token })).status).toBe(200);
  });
});

describe('services behind the gateway', () => {
  it('when a service port is called without the internal token, then 401, even with a valid access token', async () => {
    for (const service of [system.services.auth!, system.services.audit!]) {
      const path = service.name === 'auth' ? '/api/auth/me/' : '/api/audit-logs/';
      const bare = await fetch(`${service.url}${path}`);
      expect(bare.status).toBe(401);
      expect(await bare.json()).toEqual({ detail: expect.any(String) });
      const withBearer = await fetch(`${service.url}${path}`, { headers: { authorization: `Bearer ${admin.access}` } });
      expect(withBearer.status).toBe(401);
    }
  });

  it('when an internal token is signed with a key the service does not know, then the service answers 401', async () => {
    const forged = await mintInternalToken(new InternalTokenSigner(GATEWAY_ISSUER, newSigningKey('rogue').signingKey), 'auth', null);
    const res = await fetch(`${system.services.auth!.url}/api/auth/me/`, { headers: { 'x-crm-internal-token': forged } });
    expect(res.status).toBe(401);
  });

  it('when a client sends identity headers, then the gateway drops them and the service sees the real caller', async () => {
    const other = await registerTenant(system.api, 'Other');
    const forgedCaller: Caller = {
      userId: other.userId,
      tenantId: other.orgId,
      profileId: other.profileId,
      role: 'admin',
      salesAccess: true,
      scopes: ['audit:read'],
      credential: { kind: 'user', id: other.userId },
    };
    // Even a correctly signed internal token sent by a client must not replace the gateway's own.
    const forgedInternal = await mintInternalToken(new InternalTokenSigner(GATEWAY_ISSUER, process.env.INTERNAL_SIGNING_KEY), 'auth', forgedCaller);
    const res = await system.api.get('/api/auth/me/', {
      token: admin.access,
      headers: { 'x-crm-internal-token': forgedInternal, 'x-tenant-id': other.orgId, 'x-user-id': other.userId },
    });
    expect(res.status).toBe(200);
    expect(res.body.org.id).toBe(admin.orgId);
    expect(res.body.profile.id).toBe(admin.profileId);
  });

  it('when a request carries X-Request-Id, then the answer echoes it; otherwise one is made', async () => {
    const given = await system.api.get('/api/auth/me/', { token: admin.access, headers: { 'x-request-id': 'trace-abc-123' } });
    expect(given.headers.get('x-request-id')).toBe('trace-abc-123');
    const made = await system.api.get('/api/auth/me/', { token: admin.access });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('when a path under /api matches no route, then 404 with a detail', async () => {
    const res = await system.api.get('/api/nothing-here/', { token: admin.access });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: expect.any(String) });
  });

  it('when the health probes are asked, then the gateway and every service answer 200', async () => {
    for (const url of [system.gatewayUrl, ...Object.values(system.services).map((s) => s.url)]) {
      expect((await fetch(`${url}/livez`)).status).toBe(200);
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
    }
  });
});

describe('canonical paths (api-contract §2)', () => {
  /** Real routes spelled otherwise: express alone routes each to a handler, the gateway to another entry or none. */
  const MISSPELLED = [
    { service: 'auth', method: 'POST', path: '/api/auth/login' },
    { service: 'auth', method: 'POST', path: '/api/auth/LOGIN/' },
    { service: 'leads', method: 'POST', path: '/api/LEADS/' },
    // At the gateway, a lead's own path (`/api/leads/:id/`, a malformed id), which has no POST: 405, before any handler too.
    { service: 'leads', method: 'POST', path: '/api/leads/DUPLICATES/', atGateway: { status: 405, body: { detail: 'Method "POST" not allowed.' } } },
  ] as const;
  const NOT_FOUND = { status: 404, body: { detail: 'Not found.' } };

  it('when a route is spelled otherwise with a valid token, then the gateway answers 404 without reaching the handler or counting the write', async () => {
    const caller = await registerTenant(system.api, 'Spelling');
    const credentials = { email: caller.email, password: PASSWORD };
    for (const misspelled of MISSPELLED) {
      const { method, path } = misspelled;
      const res = await system.api.request(method, path, credentials, { token: caller.access });
      expect({ path, status: res.status, body: res.body }).toEqual({ path, ...('atGateway' in misspelled ? misspelled.atGateway : NOT_FOUND) });
    }
    // The caller's first counted write: its bucket is full but for this one.
    const write = await system.api.post('/api/auth/api-tokens/', { name: 'first write', scopes: ['leads:read'] }, { token: caller.access });
    expect(write.status).toBe(201);
    const limit = Number(/;q=(\d+);/.exec(write.headers.get('ratelimit-policy') ?? '')?.[1]);
    expect(write.headers.get('ratelimit')).toMatch(new RegExp(`^"write";r=${limit - 1};`));
  });

  it('when a service is called past the gateway with a route spelled otherwise, then it answers 404 too', async () => {
    const credentials = { email: admin.email, password: PASSWORD };
    for (const { service, method, path } of MISSPELLED) {
      const res = await callInternal(system, service, method, path, admin.access, credentials, undefined, GATEWAY_ISSUER);
      expect({ path, status: res.status, body: res.body }).toEqual({ path, ...NOT_FOUND });
    }
    expect((await callInternal(system, 'auth', 'POST', '/api/auth/login/', admin.access, credentials, undefined, GATEWAY_ISSUER)).status).toBe(200);
  });
});
