import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { INTERNAL_TOKEN_HEADER, listen, newSigningKey as newInternalSigningKey, verifyInternalToken, type Caller, type RunningServer } from '@crm/platform';
import { freePort } from '@crm/system';
import express, { type Express, type Request } from 'express';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK, type JWTPayload } from 'jose';

/** The gateway's key in these tests (its INTERNAL_SIGNING_KEY), and the public keys the stand-in upstreams check its tokens with. */
const testKey = newInternalSigningKey('gateway-test');
export const TEST_INTERNAL_SIGNING_KEY = testKey.signingKey;
export const TEST_INTERNAL_PUBLIC_KEYS = JSON.stringify({ gateway: { 'gateway-test': testKey.publicKey } });
export const TEST_ISSUER = 'crm-auth';
export const TEST_AUDIENCE = 'crm-api';

/** What an upstream saw of one request. */
export interface SeenRequest {
  service: string;
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** The caller in the internal token (null: anonymous token). */
  caller: Caller | null;
  bodySha256: string;
  bodyLength: number;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A stand-in service: rejects requests without its internal token (as real services do), echoes the rest. */
function echoApp(service: string, seen: SeenRequest[], app: Express = express()): Express {
  app.use(async (req, res) => {
    const body = await readBody(req);
    const token = req.header(INTERNAL_TOKEN_HEADER);
    let caller: Caller | null;
    try {
      if (!token) throw new Error('none');
      caller = await verifyInternalToken({ audience: service, publicKeys: TEST_INTERNAL_PUBLIC_KEYS }, token);
    } catch {
      res.status(401).json({ detail: `no valid internal token for ${service}` });
      return;
    }
    const entry: SeenRequest = {
      service,
      method: req.method,
      url: req.originalUrl,
      headers: req.headers,
      caller,
      bodySha256: createHash('sha256').update(body).digest('hex'),
      bodyLength: body.length,
    };
    seen.push(entry);
    if (req.query.upstream_ratelimit) res.set('RateLimit', '"upstream";r=999;t=1');
    res.status(req.method === 'DELETE' ? 204 : 200);
    if (req.method === 'DELETE' || req.method === 'HEAD') res.end();
    else res.json(entry);
  });
  return app;
}

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export async function newSigningKey(kid: string): Promise<SigningKey> {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA', use: 'sig' } };
}

export interface AccessTokenInput {
  userId: string;
  tenantId?: string;
  profileId?: string;
  role?: 'admin' | 'member';
  sales?: boolean;
  scopes?: string[];
  /** Seconds from now; negative for an expired token. */
  expiresIn?: number;
  issuer?: string;
  audience?: string;
  extraClaims?: JWTPayload;
}

/** Signs a user access token the way auth does (EdDSA, kid, the architecture §2 claims). */
export async function signAccessToken(key: SigningKey, input: AccessTokenInput): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    tid: input.tenantId ?? 'tenant-1',
    pid: input.profileId ?? `profile-of-${input.userId}`,
    role: input.role ?? 'admin',
    sales: input.sales ?? true,
    scope: (input.scopes ?? []).join(' '),
    ...input.extraClaims,
  })
    .setProtectedHeader({ alg: 'EdDSA', kid: key.kid, typ: 'JWT' })
    .setSubject(input.userId)
    .setJti(`jti-${Math.random()}`)
    .setIssuedAt(now)
    .setExpirationTime(now + (input.expiresIn ?? 900))
    .setIssuer(input.issuer ?? TEST_ISSUER)
    .setAudience(input.audience ?? TEST_AUDIENCE)
    .sign(key.privateKey);
}

export interface FakeAuth {
  url: string;
  key: SigningKey;
  seen: SeenRequest[];
  /** Every request for the key set, with the headers it came with. */
  jwksRequests: IncomingHttpHeaders[];
  resolveRequests: Array<{ token: string; headers: IncomingHttpHeaders }>;
  /** API tokens auth knows: token → caller. Revoking (DELETE api-tokens/<id>/) removes the entry. */
  apiTokens: Map<string, Caller>;
  close(): Promise<void>;
}

/** auth's stand-in: publishes a JWKS, resolves API tokens, revokes them, echoes the rest of /api/auth. */
export async function startFakeAuth(): Promise<FakeAuth> {
  const key = await newSigningKey('key-1');
  const seen: SeenRequest[] = [];
  const jwksRequests: IncomingHttpHeaders[] = [];
  const resolveRequests: FakeAuth['resolveRequests'] = [];
  const apiTokens = new Map<string, Caller>();

  const app = express();
  const internal = async (req: Request) => {
    const token = req.header(INTERNAL_TOKEN_HEADER);
    if (!token) return false;
    return verifyInternalToken({ audience: 'auth', publicKeys: TEST_INTERNAL_PUBLIC_KEYS }, token).then(
      () => true,
      () => false,
    );
  };
  app.get('/api/auth/.well-known/jwks.json', async (req, res) => {
    jwksRequests.push(req.headers);
    if (!(await internal(req))) return void res.status(401).json({ detail: 'internal token needed' });
    res.json({ keys: [key.publicJwk] });
  });
  app.post('/internal/api-tokens/resolve', express.json(), async (req, res) => {
    resolveRequests.push({ token: req.body.token, headers: req.headers });
    if (!(await internal(req))) return void res.status(401).json({ detail: 'internal token needed' });
    const caller = apiTokens.get(req.body.token);
    if (!caller) return void res.status(401).json({ detail: 'Invalid API token.' });
    res.json({ caller });
  });
  app.delete('/api/auth/api-tokens/:id/', async (req, res, next) => {
    for (const [token, caller] of apiTokens) if (caller.credential.id === req.params.id) apiTokens.delete(token);
    next();
  });
  echoApp('auth', seen, app);
  const server = await listen(app, 0);
  return { url: server.url, key, seen, jwksRequests, resolveRequests, apiTokens, close: () => server.close(100) };
}

export interface FakeService {
  url: string;
  seen: SeenRequest[];
  close(): Promise<void>;
}

export async function startFakeService(service: string): Promise<FakeService> {
  const seen: SeenRequest[] = [];
  const server: RunningServer = await listen(echoApp(service, seen), 0);
  return { url: server.url, seen, close: () => server.close(100) };
}

/** A port nothing listens on (below the ephemeral range: see `freePort`). */
export const closedPort = freePort;
