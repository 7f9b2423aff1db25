import { createHash, randomBytes } from 'node:crypto';

/** Opaque secrets (refresh and API tokens) are stored as their SHA-256: high entropy needs no salt. */
export const sha256Hex = (value: string): string => createHash('sha256').update(value, 'utf8').digest('hex');

/** A random secret of `bytes` bytes, base64url without padding. */
export const randomSecret = (bytes = 32): string => randomBytes(bytes).toString('base64url');
