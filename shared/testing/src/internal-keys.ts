import { newSigningKey } from '@crm/platform';

/**
 * Internal-token keys a production start accepts (not the development ones): a fresh key pair of its own as
 * INTERNAL_SIGNING_KEY and its public key as INTERNAL_TOKEN_PUBLIC_KEYS, for tests of what else production refuses.
 */
export function productionInternalKeys(issuer = 'gateway'): { INTERNAL_SIGNING_KEY: string; INTERNAL_TOKEN_PUBLIC_KEYS: string } {
  const { signingKey, publicKey } = newSigningKey(`${issuer}-test`);
  return { INTERNAL_SIGNING_KEY: signingKey, INTERNAL_TOKEN_PUBLIC_KEYS: JSON.stringify({ [issuer]: { [`${issuer}-test`]: publicKey } }) };
}
