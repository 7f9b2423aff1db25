// New internal-token key pairs (docs/security.md §5, §10.3), each an Ed25519 key under a key id (kid).
//   node scripts/internal-token-key.mjs <issuer> <kid>   one issuer's (the gateway or a service): its INTERNAL_SIGNING_KEY
//                                                        (a secret: that process alone) and the entry to add under it in
//                                                        INTERNAL_TOKEN_PUBLIC_KEYS (public: every service)
//   node scripts/internal-token-key.mjs --env <kid>      every issuer's, as the lines of docker compose's .env
// The same as `openssl genpkey -algorithm ed25519 -outform DER | base64 -w0` (the private key) and
// `... | base64 -d | openssl pkey -inform DER -pubout -outform DER | base64 -w0` (its public key).
import { generateKeyPairSync } from 'node:crypto';

/** The gateway and the services (system/src/service-list.ts), each signing with its own key. */
const ISSUERS = ['gateway', 'auth', 'leads', 'contacts', 'accounts-opportunities', 'import-export', 'audit'];
const KID = /^[A-Za-z0-9._-]{1,64}$/;

function keyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const der = (key, type) => key.export({ format: 'der', type }).toString('base64');
  return { privateKey: der(privateKey, 'pkcs8'), publicKey: der(publicKey, 'spki') };
}

const [first, kid] = process.argv.slice(2);
if (first === '--env' && KID.test(kid ?? '')) {
  const publicKeys = {};
  for (const issuer of ISSUERS) {
    const { privateKey, publicKey } = keyPair();
    console.log(`${issuer.toUpperCase().replace(/-/g, '_')}_INTERNAL_SIGNING_KEY=${kid}:${privateKey}`);
    publicKeys[issuer] = { [kid]: publicKey };
  }
  console.log(`INTERNAL_TOKEN_PUBLIC_KEYS='${JSON.stringify(publicKeys)}'`);
} else if (/^[a-z][a-z0-9-]{0,62}$/.test(first ?? '') && KID.test(kid ?? '')) {
  const { privateKey, publicKey } = keyPair();
  console.log(`INTERNAL_SIGNING_KEY=${kid}:${privateKey}`);
  console.log(`INTERNAL_TOKEN_PUBLIC_KEYS entry: ${JSON.stringify({ [first]: { [kid]: publicKey } })}`);
} else {
  console.error('usage: node scripts/internal-token-key.mjs <issuer> <kid>  |  node scripts/internal-token-key.mjs --env <kid>   (kid: e.g. 2026-11)');
  process.exit(2);
}
