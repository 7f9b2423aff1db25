import { resolve } from 'node:path';

/** Where the generated contracts live, committed: `contracts/` at the root of the repository. */
export const CONTRACTS_DIR = resolve(__dirname, '..');

export const CONTRACT_FILES = {
  openapi: resolve(CONTRACTS_DIR, 'openapi.json'),
  asyncapi: resolve(CONTRACTS_DIR, 'asyncapi.json'),
  pacts: resolve(CONTRACTS_DIR, 'pacts'),
};

/** How a generated document is written, so a regenerated file differs from the committed one only when its content does. */
export const formatDocument = (document: unknown): string => `${JSON.stringify(document, null, 2)}\n`;
