import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVICE_PROCESSES } from '@crm/system';

/** The checkout this script runs from (reliability/dist/support → the repository). */
export const REPOSITORY = path.resolve(__dirname, '../../..');

/** Where the commit of release N is named (docs/operations.md §9, "Release compatibility"). */
const PREVIOUS_RELEASE_FILE = 'deploy/releases/previous.txt';

/** A release's sources extracted apart from the checkout and built, ready to run. */
export interface ReleaseTree {
  commit: string;
  root: string;
  /** Extracted and built by an earlier run (the tree of a commit never changes): nothing was done now. */
  reused: boolean;
  extractSeconds: number;
  buildSeconds: number;
  /** What its own tsc said against this checkout's dependencies (type definitions that moved on, mostly). */
  typeErrors: string[];
  /** Packages whose version here differs from the release's lockfile: what it runs with instead of its own. */
  dependencyDifferences: string[];
}

/** The commit id `deploy/releases/previous.txt` names: its first line that is neither empty nor a comment. */
export function previousRelease(): string {
  const named = readFileSync(path.join(REPOSITORY, PREVIOUS_RELEASE_FILE), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line !== '' && !line.startsWith('#'));
  if (!named || !/^[0-9a-f]{7,40}$/.test(named)) throw new Error(`${PREVIOUS_RELEASE_FILE} names no commit id (got ${JSON.stringify(named)})`);
  return named;
}

const git = (args: string[]) => spawnSync('git', args, { cwd: REPOSITORY, encoding: 'utf8' });

/** The projects a release's system runs from: the gateway and every service (their references build the shared ones). */
const PROJECTS = ['gateway', ...SERVICE_PROCESSES.map(({ name }) => `services/${name}`)];
const ENTRY_POINTS = PROJECTS.map((project) => `${project}/dist/main.js`);

/**
 * Release `commit` as a tree of its own, built: `git archive <commit> | tar -x` into the system's temporary folder
 * (not a worktree or a checkout: the repository's index and working tree stay untouched), this checkout's
 * node_modules linked into it but for its own workspaces (`@crm/*` point at the release's packages), then its own
 * `tsc -b` of the gateway and the services. A commit's tree never changes, so a tree built once is reused
 * (RELEASE_TREE_REBUILD=1 builds it afresh).
 */
export function prepareRelease(commit: string): ReleaseTree {
  const resolved = git(['rev-parse', '--verify', '--quiet', `${commit}^{commit}`]);
  if (resolved.status !== 0) {
    throw new Error(
      `release N ${commit} (${PREVIOUS_RELEASE_FILE}) is not in this checkout: fetch it (\`git fetch origin ${commit}\`, ` +
        'or `git fetch --unshallow` in a shallow clone), or name a commit this repository has',
    );
  }
  const full = resolved.stdout.trim();
  const root = path.join(os.tmpdir(), `crm-release-${full}`);
  const built = path.join(root, '.crm-release-built');
  const reused = existsSync(built) && process.env.RELEASE_TREE_REBUILD !== '1';
  let extractSeconds = 0;
  if (!reused) {
    const started = Date.now();
    rmSync(root, { recursive: true, force: true });
    mkdirSync(root, { recursive: true });
    const extracted = spawnSync('bash', ['-c', 'set -o pipefail; git archive "$0" | tar -x -C "$1"', full, root], { cwd: REPOSITORY, encoding: 'utf8' });
    if (extracted.status !== 0) throw new Error(`git archive ${full} | tar -x failed: ${extracted.stderr}`);
    extractSeconds = (Date.now() - started) / 1000;
  }
  linkNodeModules(root);
  const dependencyDifferences = differingDependencies(root);
  let buildSeconds = 0;
  let typeErrors: string[] = [];
  if (!reused) {
    const started = Date.now();
    const tsc = spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', ...PROJECTS], { cwd: root, encoding: 'utf8' });
    buildSeconds = (Date.now() - started) / 1000;
    typeErrors = `${tsc.stdout}${tsc.stderr}`.split('\n').filter((line) => line.includes('error TS'));
    // Type errors still emit (tsc -b does, without noEmitOnError): what matters is that every entry point is there.
    const missing = ENTRY_POINTS.filter((entry) => !existsSync(path.join(root, entry)));
    if (missing.length > 0) throw new Error(`the build of release N left no ${missing.join(', ')}:\n${typeErrors.slice(0, 20).join('\n')}`);
    writeFileSync(built, `${full}\n${typeErrors.join('\n')}\n`);
  } else {
    typeErrors = readFileSync(built, 'utf8').split('\n').slice(1).filter(Boolean);
  }
  return { commit: full, root, reused, extractSeconds, buildSeconds, typeErrors, dependencyDifferences };
}

/**
 * `<root>/node_modules`: a link to each of this checkout's installed packages, and `@crm/*` pointing at the
 * release's own workspaces. One link to the whole node_modules would not do: its `@crm/*` links lead back into
 * this checkout, so release N's services would load this checkout's shared code.
 */
function linkNodeModules(root: string): void {
  const modules = path.join(root, 'node_modules');
  rmSync(modules, { recursive: true, force: true });
  mkdirSync(path.join(modules, '@crm'), { recursive: true });
  for (const entry of readdirSync(path.join(REPOSITORY, 'node_modules'))) {
    if (entry === '@crm' || entry.startsWith('.package-lock') || entry === '.cache') continue;
    symlinkSync(path.join(REPOSITORY, 'node_modules', entry), path.join(modules, entry));
  }
  for (const workspace of workspacesOf(root)) {
    const { name } = JSON.parse(readFileSync(path.join(root, workspace, 'package.json'), 'utf8')) as { name: string };
    if (name.startsWith('@crm/')) symlinkSync(path.join('..', '..', workspace), path.join(modules, name));
  }
}

/** The release's workspace folders, from its package.json (`dir` or `dir/*`). */
function workspacesOf(root: string): string[] {
  const { workspaces = [] } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces?: string[] };
  return workspaces.flatMap((pattern) => {
    const folders = pattern.endsWith('/*')
      ? readdirSync(path.join(root, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => `${pattern.slice(0, -2)}/${entry.name}`)
      : [pattern];
    return folders.filter((folder) => existsSync(path.join(root, folder, 'package.json')));
  });
}

/** `name: release N's version → this checkout's` for each top-level package of the release's lockfile installed otherwise. */
function differingDependencies(root: string): string[] {
  const lockfile = path.join(root, 'package-lock.json');
  if (!existsSync(lockfile)) return ['the release has no package-lock.json'];
  const { packages = {} } = JSON.parse(readFileSync(lockfile, 'utf8')) as { packages?: Record<string, { version?: string; link?: boolean; optional?: boolean }> };
  const differences: string[] = [];
  for (const [key, entry] of Object.entries(packages)) {
    if (!key.startsWith('node_modules/') || key.lastIndexOf('node_modules/') !== 0 || entry.link) continue;
    const name = key.slice('node_modules/'.length);
    const installed = path.join(REPOSITORY, 'node_modules', name, 'package.json');
    if (!existsSync(installed)) {
      if (!entry.optional) differences.push(`${name}: ${entry.version} → not installed`);
      continue;
    }
    const { version } = JSON.parse(readFileSync(installed, 'utf8')) as { version: string };
    if (version !== entry.version) differences.push(`${name}: ${entry.version} → ${version}`);
  }
  return differences;
}
