import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTRACT_FILES } from '../../src/contract-files';

/**
 * The committed pacts naming `provider`: message pacts (a `messages` list) or HTTP pacts (an
 * `interactions` list), each verified by its own suite.
 */
export function pactsNaming(provider: string, kind: 'messages' | 'interactions'): string[] {
  return readdirSync(CONTRACT_FILES.pacts)
    .map((file) => join(CONTRACT_FILES.pacts, file))
    .filter((file) => {
      const pact = JSON.parse(readFileSync(file, 'utf8'));
      return pact.provider.name === provider && Array.isArray(pact[kind]);
    });
}
