import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The Docker build context (`COPY . .` in the Dockerfile) leaves out local data and secrets: the embedded
 * default's `.crm-data/` (databases, auth's signing keys) wherever a process ran, `.env` files, keys.
 * .dockerignore is read as Docker reads it: one pattern a line (`#` comments), anchored at the root, `*`
 * and `?` within a path segment, `**` over any number of them, `!` re-including, the last match winning,
 * and a path left out when a folder above it is.
 */
const ROOT = path.resolve(__dirname, '../..');

/** A .dockerignore pattern as a regular expression over a root-relative path. */
export function patternToRegExp(pattern: string): RegExp {
  let source = '';
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index]!;
    if (char === '*' && pattern[index + 1] === '*') {
      // `**/` is any number of folders (none too); a trailing `**` is everything below.
      source += pattern[index + 2] === '/' ? '(?:.*/)?' : '.*';
      index += pattern[index + 2] === '/' ? 2 : 1;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

interface Rule {
  regExp: RegExp;
  exclude: boolean;
}

export function parseDockerignore(text: string): Rule[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const exclude = !line.startsWith('!');
      const pattern = (exclude ? line : line.slice(1)).trim().replace(/^(\.?\/)+/, '').replace(/\/+$/, '');
      return { regExp: patternToRegExp(pattern), exclude };
    });
}

/** Whether the path is left out of the build context: the last rule matching it or a folder above it. */
export function isIgnored(rules: Rule[], file: string): boolean {
  const segments = file.split('/');
  const prefixes = segments.map((_, index) => segments.slice(0, index + 1).join('/'));
  let ignored = false;
  for (const rule of rules) if (prefixes.some((prefix) => rule.regExp.test(prefix))) ignored = rule.exclude;
  return ignored;
}

describe('.dockerignore', () => {
  const rules = parseDockerignore(readFileSync(path.join(ROOT, '.dockerignore'), 'utf8'));

  it.each([
    '.crm-data/auth/x',
    '.crm-data',
    'services/leads/.crm-data/x',
    'system/.crm-data/auth/signing-keys.json',
    '.data/pg/x',
    'services/auth/.data/x',
    '.env',
    '.env.production',
    'services/auth/.env',
    'server.pem',
    'k8s/tls/crm.key',
    'test-results/report.xml',
    'bench-results/run.json',
    'node_modules/express/index.js',
    'gateway/dist/main.js',
  ])('leaves out %s', (file) => {
    expect(isIgnored(rules, file)).toBe(true);
  });

  it.each([
    'package.json',
    'package-lock.json',
    'tsconfig.json',
    'tsconfig.base.json',
    'services/leads/package.json',
    'services/leads/src/main.ts',
    'gateway/src/proxy/upstream-proxy.ts',
    'contracts/openapi.json',
    'shared/platform/src/config/config.ts',
  ])('keeps %s, which the image is built from', (file) => {
    expect(isIgnored(rules, file)).toBe(false);
  });

  it('reads patterns as Docker does', () => {
    const sample = parseDockerignore('# a comment\n.crm-data\n**/*.log\n!keep.log\ndocs/*.md\n');
    expect(['.crm-data/x', 'a/b/c.log', 'c.log', 'keep.log', 'docs/a.md', 'docs/deeper/a.md', 'services/leads/.crm-data/x'].map((file) => isIgnored(sample, file))).toEqual([
      true,
      true,
      true,
      false,
      true,
      false,
      false,
    ]);
  });
});
