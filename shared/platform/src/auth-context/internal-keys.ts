import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, hkdfSync, type KeyObject } from 'node:crypto';

/**
 * The Ed25519 keys internal tokens are signed with (docs/security.md §5): each process signs with its own
 * private key (INTERNAL_SIGNING_KEY) and checks with the public keys of the others (INTERNAL_TOKEN_PUBLIC_KEYS).
 * Keys travel as base64 DER (PKCS#8 private, SPKI public), as `openssl genpkey -algorithm ed25519 -outform DER`
 * writes them, each under its id (`kid`), so an issuer may have several public keys while one replaces another.
 */
export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

/** Issuer → key id → public key. */
export type PublicKeys = ReadonlyMap<string, ReadonlyMap<string, KeyObject>>;

const KEY_ID = /^[A-Za-z0-9._-]{1,64}$/;
const ISSUER = /^[a-z][a-z0-9-]{0,62}$/;

/** The key id of every development key: production refuses it (and any key derived as below). */
export const DEV_KEY_ID = 'dev';

/** What every key id this repository publishes for development says of itself (the dev overlay's). */
const PUBLISHED_KEY_MARK = /not-for-production/i;

/** INTERNAL_SIGNING_KEY: `<kid>:<base64 PKCS#8>`, a comma, the previous ones (they open what they sealed; only the first signs). */
export function parseSigningKeys(setting: string): SigningKey[] {
  return setting.split(',').map((entry) => {
    const parts = entry.trim().split(':');
    const [kid, base64] = parts;
    if (parts.length !== 2 || !KEY_ID.test(kid!) || !base64) throw new Error('each key must be <kid>:<base64 PKCS#8 DER of an Ed25519 private key>');
    let privateKey: KeyObject;
    try {
      privateKey = createPrivateKey({ key: Buffer.from(base64, 'base64'), format: 'der', type: 'pkcs8' });
    } catch {
      throw new Error(`key ${kid}: not a base64 PKCS#8 DER private key`);
    }
    if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error(`key ${kid}: must be an Ed25519 key`);
    return { kid: kid!, privateKey, publicKey: createPublicKey(privateKey) };
  });
}

/** INTERNAL_TOKEN_PUBLIC_KEYS: JSON `{"<issuer>": {"<kid>": "<base64 SPKI DER>", …}, …}`. */
export function parsePublicKeys(setting: string): PublicKeys {
  let parsed: unknown;
  try {
    parsed = JSON.parse(setting);
  } catch {
    throw new Error('must be JSON: {"<issuer>": {"<kid>": "<base64 SPKI DER of an Ed25519 public key>"}}');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('must be a JSON object of issuers');
  const keys = new Map<string, Map<string, KeyObject>>();
  for (const [issuer, ofIssuer] of Object.entries(parsed)) {
    if (!ISSUER.test(issuer)) throw new Error(`"${issuer}" is not an issuer name (the gateway, or a service's name)`);
    if (typeof ofIssuer !== 'object' || ofIssuer === null || Array.isArray(ofIssuer)) throw new Error(`${issuer}: must be an object of key ids`);
    const byKid = new Map<string, KeyObject>();
    for (const [kid, base64] of Object.entries(ofIssuer as Record<string, unknown>)) {
      if (!KEY_ID.test(kid) || typeof base64 !== 'string') throw new Error(`${issuer}: each key must be "<kid>": "<base64 SPKI DER>"`);
      let publicKey: KeyObject;
      try {
        publicKey = createPublicKey({ key: Buffer.from(base64, 'base64'), format: 'der', type: 'spki' });
      } catch {
        throw new Error(`${issuer} ${kid}: not a base64 SPKI DER public key`);
      }
      if (publicKey.asymmetricKeyType !== 'ed25519') throw new Error(`${issuer} ${kid}: must be an Ed25519 key`);
      byKid.set(kid, publicKey);
    }
    keys.set(issuer, byKid);
  }
  return keys;
}

/** A public key as INTERNAL_TOKEN_PUBLIC_KEYS writes it. */
export const publicKeyText = (key: KeyObject): string => key.export({ format: 'der', type: 'spki' }).toString('base64');

/** A private key as INTERNAL_SIGNING_KEY writes it (without its id). */
export const privateKeyText = (key: KeyObject): string => key.export({ format: 'der', type: 'pkcs8' }).toString('base64');

/** A new key pair under `kid`: the INTERNAL_SIGNING_KEY value, and the public key to list under its issuer in INTERNAL_TOKEN_PUBLIC_KEYS. */
export function newSigningKey(kid: string): { signingKey: string; publicKey: string } {
  if (!KEY_ID.test(kid)) throw new Error('a key id is 1 to 64 letters, digits, dots, dashes or underscores');
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return { signingKey: `${kid}:${privateKeyText(privateKey)}`, publicKey: publicKeyText(publicKey) };
}

/** PKCS#8 DER of an Ed25519 key up to its 32-byte seed (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

const devKeys = new Map<string, SigningKey>();

/**
 * The development key pair of `issuer`, derived from its name: anyone can compute it, so outside production a
 * process signs and checks with these when its settings are unset, and production refuses them.
 */
export function devSigningKey(issuer: string): SigningKey {
  let key = devKeys.get(issuer);
  if (!key) {
    const seed = createHash('sha256').update(`crm development internal signing key, not for production\0${issuer}`).digest();
    const privateKey = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
    key = { kid: DEV_KEY_ID, privateKey, publicKey: createPublicKey(privateKey) };
    devKeys.set(issuer, key);
  }
  return key;
}

/** A key anyone can have: a development key id, a published one, or the development key of one of `issuers`. */
export function isPublishedKey(kid: string, publicKey: KeyObject, issuers: Iterable<string>): boolean {
  if (kid === DEV_KEY_ID || PUBLISHED_KEY_MARK.test(kid)) return true;
  for (const issuer of issuers) if (publicKey.equals(devSigningKey(issuer).publicKey)) return true;
  return false;
}

/**
 * A secret of the process's own derived from its signing key for one `purpose` (sealing list cursors, signing
 * cache entries): nobody else holds it, and it changes when the key does.
 */
export const derivedSecret = (key: SigningKey, purpose: string): string =>
  Buffer.from(hkdfSync('sha256', key.privateKey.export({ format: 'der', type: 'pkcs8' }), Buffer.alloc(0), `crm ${purpose}`, 32)).toString('hex');
