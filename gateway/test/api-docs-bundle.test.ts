import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { RENDERER_BUNDLE_FILE } from '../src/docs/api-docs.routes';

/**
 * `/api/docs`'s renderer is a file kept in the repository, not an installed package: it is the one
 * `scripts/update-api-reference.sh` wrote, byte for byte (a hand edit, or a partial copy, fails here).
 */
describe('the API reference bundle in gateway/vendor', () => {
  const folder = dirname(RENDERER_BUNDLE_FILE);

  it('matches the checksum its update script recorded', () => {
    const [recorded, name] = readFileSync(join(folder, 'SHA256SUMS'), 'utf8').trim().split(/\s+/);
    expect(name).toBe('standalone.js');
    expect(createHash('sha256').update(readFileSync(RENDERER_BUNDLE_FILE)).digest('hex')).toBe(recorded);
  });

  it('says which release of which package it is', () => {
    expect(readFileSync(join(folder, 'VERSION'), 'utf8')).toMatch(/^@scalar\/api-reference \d+\.\d+\.\d+ \(MIT licence\)/);
  });
});
