#!/usr/bin/env node
/**
 * The Pact suites, in their order: the consumers write `contracts/pacts/` afresh from their tests; a
 * pact that differs from the committed one fails the run (commit it, after reading what changed); then
 * every provider verifies the committed pacts against what it really produces.
 */
const { execFileSync, spawnSync } = require('node:child_process');
const { rmSync, mkdirSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const pacts = join(root, 'contracts', 'pacts');
const jest = (pattern) => {
  const run = spawnSync(process.execPath, [require.resolve('jest/bin/jest'), '--runInBand', pattern], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, CRM_PACT_SUITES: '1' },
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
};

rmSync(pacts, { recursive: true, force: true });
mkdirSync(pacts, { recursive: true });
jest('contracts/test/pact/.*consumers\\.pact\\.test\\.ts$');

let changed;
try {
  changed = execFileSync('git', ['status', '--porcelain', '--', 'contracts/pacts'], { cwd: root, encoding: 'utf8' }).trim();
} catch {
  console.warn('run-pacts: not a git checkout, so whether the pacts are committed cannot be checked');
  changed = '';
}
if (changed !== '') {
  console.error(`run-pacts: the consumers' pacts differ from the committed ones; review and commit them:\n${changed}`);
  spawnSync('git', ['--no-pager', 'diff', '--stat', '--', 'contracts/pacts'], { cwd: root, stdio: 'inherit' });
  process.exit(1);
}
jest('contracts/test/pact/.*(producers|providers)\\.pact\\.test\\.ts$');
