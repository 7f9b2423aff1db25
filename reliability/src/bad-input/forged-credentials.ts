import { createHmac, createPrivateKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { authConfig, openedSigningKey, signingKeyCipher } from '@crm/auth';
import { loadConfig } from '@crm/platform';
import type { Client } from 'pg';
import type { TenantFixture } from '../support/two-tenants';

/** A credential the gateway must refuse (401) on every route that needs one. */
export interface ForgedCredential {
  name: string;
  category: 'forged credentials' | 'expired credentials';
  /** The Authorization header to send (none when undefined). */
  authorization?: string;
  /** Added to the query string instead of (or besides) the header. */
  query?: string;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');
const decodePart = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

function signed(header: object, payload: object, key: KeyObject): string {
  const input = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
  return `${input}.${base64url(sign(null, Buffer.from(input), key))}`;
}

/** The key auth signs access tokens with now, read from its table: to forge tokens only a bug would accept. */
async function currentSigningKey(db: Client): Promise<{ kid: string; key: KeyObject; publicX: string }> {
  const cipher = await signingKeyCipher(loadConfig(authConfig, process.env));
  // Auth's own reading of its keys, in its schema for this transaction only.
  await db.query('BEGIN');
  await db.query('SET LOCAL search_path = auth');
  const authDb = { query: (sql: string, parameters?: unknown[]) => db.query(sql, parameters).then((result) => result.rows) };
  const { kid, privateJwk } = await openedSigningKey(authDb, cipher, new Date()).finally(() => db.query('COMMIT'));
  return { kid, key: createPrivateKey({ key: privateJwk, format: 'jwk' }), publicX: String(privateJwk.x) };
}

/**
 * Credentials that must all be refused: tokens altered after signing (another tenant's claims, a raised
 * role), tokens signed with `none`, with HS256 keyed by the public key, with another key; tokens signed
 * with auth's real key but expired, without `exp`, for another issuer or audience; things that are not
 * a bearer token at all; a forged API token; a refresh token in place of an access token.
 */
export async function forgedCredentials(db: Client, own: TenantFixture, foreign: TenantFixture): Promise<ForgedCredential[]> {
  const credentials = await forgedTokens(db, own, foreign);
  return credentials.map((credential) => ({ category: 'forged credentials', ...credential }));
}

async function forgedTokens(db: Client, own: TenantFixture, foreign: TenantFixture): Promise<Array<Omit<ForgedCredential, 'category'> & Partial<ForgedCredential>>> {
  const real = await currentSigningKey(db);
  const [header, payload, signature] = own.admin.access.split('.') as [string, string, string];
  const claims = decodePart(payload);
  const memberClaims = decodePart(own.member.access.split('.')[1]!);
  const now = Math.floor(Date.now() / 1000);
  const otherKey = generateKeyPairSync('ed25519').privateKey;
  const realHeader = { alg: 'EdDSA', kid: real.kid, typ: 'JWT' };
  const bearer = (token: string) => `Bearer ${token}`;
  // One character in the middle of the signature changed (the last one may only carry padding bits).
  const middle = Math.floor(signature.length / 2);
  const alteredSignature = `${signature.slice(0, middle)}${signature[middle] === 'A' ? 'B' : 'A'}${signature.slice(middle + 1)}`;
  const hsInput = `${base64url(JSON.stringify({ alg: 'HS256', kid: real.kid, typ: 'JWT' }))}.${payload}`;

  return [
    { name: 'no credential' },
    { name: 'signature altered', authorization: bearer(`${header}.${payload}.${alteredSignature}`) },
    {
      name: "other tenant's claims on own signature",
      authorization: bearer(`${header}.${base64url(JSON.stringify({ ...claims, tid: foreign.orgId, pid: foreign.admin.profileId, sub: foreign.admin.userId }))}.${signature}`),
    },
    {
      name: 'member raised to admin on own signature',
      authorization: bearer(`${own.member.access.split('.')[0]}.${base64url(JSON.stringify({ ...memberClaims, role: 'admin', scope: claims.scope }))}.${own.member.access.split('.')[2]}`),
    },
    { name: 'alg none', authorization: bearer(`${base64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${payload}.`) },
    { name: 'alg none without signature part', authorization: bearer(`${base64url(JSON.stringify({ alg: 'none' }))}.${payload}`) },
    { name: 'HS256 keyed by the public key', authorization: bearer(`${hsInput}.${createHmac('sha256', real.publicX).update(hsInput).digest('base64url')}`) },
    { name: 'signed by another key under the real kid', authorization: bearer(signed(realHeader, claims, otherKey)) },
    { name: 'signed by another key under an unknown kid', authorization: bearer(signed({ ...realHeader, kid: 'forged-kid' }, claims, otherKey)) },
    { name: 'expired an hour ago (real key)', category: 'expired credentials', authorization: bearer(signed(realHeader, { ...claims, iat: now - 7200, exp: now - 3600 }, real.key)) },
    { name: 'expired 30 s ago, past the clock tolerance (real key)', category: 'expired credentials', authorization: bearer(signed(realHeader, { ...claims, exp: now - 30 }, real.key)) },
    { name: 'not valid before an hour from now (real key)', authorization: bearer(signed(realHeader, { ...claims, nbf: now + 3600 }, real.key)) },
    { name: 'without exp (real key)', authorization: bearer(signed(realHeader, { ...claims, exp: undefined }, real.key)) },
    { name: 'another issuer (real key)', authorization: bearer(signed(realHeader, { ...claims, iss: 'someone-else' }, real.key)) },
    { name: 'another audience (real key)', authorization: bearer(signed(realHeader, { ...claims, aud: 'another-api' }, real.key)) },
    { name: 'claims of the wrong types (real key)', authorization: bearer(signed(realHeader, { ...claims, tid: 42, scope: ['leads:read'] }, real.key)) },
    { name: 'not a JWT', authorization: bearer('not.a.jwt') },
    { name: 'empty bearer', authorization: 'Bearer ' },
    { name: 'basic scheme with real credentials', authorization: `Basic ${base64url(`${own.admin.email}:correct horse battery`)}` },
    { name: 'forged API token', authorization: bearer(`crm_pat_${'x'.repeat(43)}`) },
    { name: "API token of the other tenant's id", authorization: bearer(`crm_pat_${foreign.apiToken.id}`) },
    { name: 'refresh token as access token', authorization: bearer(own.admin.refresh) },
    { name: 'valid token in the query string only', query: `access_token=${own.admin.access}` },
  ];
}
