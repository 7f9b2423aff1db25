import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The committed types are those of contracts/openapi.json as it is now: a contract changed without
 * `npm run client:generate` fails here. The generator runs in a node process of its own, as the npm script
 * runs it, and prints what it would write: openapi-typescript loads ES modules, which jest's CommonJS
 * runtime cannot.
 */
const PACKAGE = path.resolve(__dirname, '..');
const GENERATED = 'src/generated/openapi.ts';

it('when the types are generated from contracts/openapi.json again, then they equal the committed file', () => {
  const regenerated = execFileSync(process.execPath, [path.join(PACKAGE, 'scripts/generate-types.mjs'), '--stdout'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const committed = readFileSync(path.join(PACKAGE, GENERATED), 'utf8');
  expect(firstDifference(committed, regenerated)).toBeUndefined();
});

/** Where the committed file is stale: its first line that differs, instead of a diff of 600 KB. */
function firstDifference(committed: string, regenerated: string): string | undefined {
  if (committed === regenerated) return undefined;
  const [was, is] = [committed.split('\n'), regenerated.split('\n')];
  const line = was.findIndex((text, index) => text !== is[index]);
  return `${GENERATED} is stale from line ${line + 1} (${JSON.stringify(was[line])}, now ${JSON.stringify(is[line])}): run npm run client:generate`;
}
