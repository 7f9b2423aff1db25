import { Router } from 'express';
import { SignJWT } from 'jose';
import { InternalTokenSigner, mintInternalToken, newSigningKey, verifyInternalToken, type Caller } from '../../src/auth-context';
import { createServiceApp, listen, type RunningServer } from '../../src/http';
import { createLogger } from '../../src/logging/logger';

/**
 * Internal tokens are signed by each process with its own Ed25519 key and checked with public keys only
 * (docs/security.md §10.3): a service accepts the gateway's, and on its internal routes those of the services
 * allowed to call it; each checks the route's scope again.
 */
const caller = (scopes: string[]): Caller => ({
  userId: 'u1',
  tenantId: 't1',
  profileId: 'p1',
  role: 'member',
  salesAccess: false,
  scopes,
  credential: { kind: 'api_token', id: 'k1' },
});

const gatewayKey = newSigningKey('gw-1');
const importExportKey = newSigningKey('ie-1');
const auditKey = newSigningKey('au-1');
const publicKeys = JSON.stringify({
  gateway: { 'gw-1': gatewayKey.publicKey },
  'import-export': { 'ie-1': importExportKey.publicKey },
  audit: { 'au-1': auditKey.publicKey },
});
const gateway = new InternalTokenSigner('gateway', gatewayKey.signingKey);
const importExport = new InternalTokenSigner('import-export', importExportKey.signingKey);
const audit = new InternalTokenSigner('audit', auditKey.signingKey);

let leads: RunningServer;
beforeAll(async () => {
  const routes = Router()
    .get('/api/leads/', (_req, res) => void res.json({ read: true }))
    .post('/api/leads/', (_req, res) => void res.status(201).json({ wrote: true }))
    .post('/internal/import/leads/validate/', (_req, res) => void res.json({ validated: true }));
  // Leads as architecture §1 has it: import-export may call it, audit may not.
  const app = createServiceApp({ logger: createLogger('leads', 'silent'), health: { draining: false }, internalToken: { audience: 'leads', publicKeys, callers: ['import-export'] }, scopes: { leads: 'leads' }, routes });
  leads = await listen(app, 0);
});
afterAll(() => leads.close(100));

const send = async (method: string, path: string, token: string) => {
  const res = await fetch(`${leads.url}${path}`, { method, headers: { 'x-crm-internal-token': token } });
  return { status: res.status, body: await res.json() };
};

describe('internal tokens signed by each process with its own key', () => {
  it("when a service that may call leads signs for a caller, then leads takes it on its internal routes, and not on its public ones", async () => {
    const token = await mintInternalToken(importExport, 'leads', caller(['leads:write']));
    expect((await send('POST', '/internal/import/leads/validate/', token)).status).toBe(200);
    expect((await send('POST', '/api/leads/', token)).status).toBe(401);
  });

  it('when a service that may not call leads signs a token for a caller with its own key, then leads refuses it', async () => {
    const token = await mintInternalToken(audit, 'leads', caller(['leads:read', 'leads:write']));
    expect(await send('POST', '/internal/import/leads/validate/', token)).toEqual({ status: 401, body: { detail: 'Invalid internal credentials.' } });
  });

  it("when a service signs with its own key but names the gateway as issuer, then the gateway's public key refuses it", async () => {
    const posing = new InternalTokenSigner('gateway', importExportKey.signingKey);
    expect((await send('GET', '/api/leads/', await mintInternalToken(posing, 'leads', caller(['leads:read'])))).status).toBe(401);
  });

  it('when a token is addressed to another service, then leads refuses it', async () => {
    const token = await mintInternalToken(gateway, 'contacts', caller(['leads:read']));
    expect((await send('GET', '/api/leads/', token)).status).toBe(401);
  });

  it('when a token is an HMAC of the former shared secret, then it is refused', async () => {
    for (const secret of ['dev-only-internal-token-secret-change-me', 'a-production-internal-token-secret-0123456789']) {
      const hmac = await new SignJWT({ caller: caller(['leads:read']) })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('crm-gateway')
        .setAudience('leads')
        .setIssuedAt()
        .setExpirationTime('60s')
        .sign(new TextEncoder().encode(secret));
      expect((await send('GET', '/api/leads/', hmac)).status).toBe(401);
    }
  });

  it('when a token is signed with a key nobody listed, then it is refused', async () => {
    const rogue = new InternalTokenSigner('gateway', newSigningKey('gw-1').signingKey);
    expect((await send('GET', '/api/leads/', await mintInternalToken(rogue, 'leads', caller(['leads:read'])))).status).toBe(401);
  });
});

describe("each service checks the route's scope again", () => {
  it("when the gateway's valid token carries a caller without the route's scope, then 403 as the gateway answers it", async () => {
    const reader = await mintInternalToken(gateway, 'leads', caller(['leads:read']));
    expect((await send('GET', '/api/leads/', reader)).status).toBe(200);
    expect(await send('POST', '/api/leads/', reader)).toEqual({
      status: 403,
      body: { detail: 'You do not have permission to perform this action: the scope "leads:write" is required.' },
    });
    const writer = await mintInternalToken(gateway, 'leads', caller(['leads:write']));
    expect((await send('POST', '/api/leads/', writer)).status).toBe(201);
    expect((await send('GET', '/api/leads/', writer)).status).toBe(403);
  });

  it('when an anonymous token reaches a route that needs a scope, then 401', async () => {
    expect((await send('GET', '/api/leads/', await mintInternalToken(gateway, 'leads', null))).status).toBe(401);
  });
});

describe('rotating a key', () => {
  it('when an issuer has two public keys, then tokens of either verify; a service that lists only the old one refuses the new', async () => {
    const next = newSigningKey('gw-2');
    const both = JSON.stringify({ gateway: { 'gw-1': gatewayKey.publicKey, 'gw-2': next.publicKey } });
    const rotated = new InternalTokenSigner('gateway', `${next.signingKey},${gatewayKey.signingKey}`);
    const token = await mintInternalToken(rotated, 'leads', caller([]));
    await expect(verifyInternalToken({ audience: 'leads', publicKeys: both }, token)).resolves.toEqual(caller([]));
    await expect(verifyInternalToken({ audience: 'leads', publicKeys: both }, await mintInternalToken(gateway, 'leads', caller([])))).resolves.toEqual(caller([]));
    await expect(verifyInternalToken({ audience: 'leads', publicKeys }, token)).rejects.toThrow(/gw-2/);
    // The previous key still opens what it sealed; only the first signs.
    expect(rotated.secrets('list cursor')[1]).toBe(gateway.secrets('list cursor')[0]);
  });
});
