import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The Markdown of the repository names only code that exists (issue 33.5). Every path a Markdown file names
 * with `src/` in it, in backticks or as a link's target, must exist: relative to the repository's root, to
 * the Markdown file's own folder, or to the workspace the file is in (`src/consumer/` in a service's README).
 * A trailing `/` names a folder. A segment with `…`, a `<placeholder>`, a `*` glob or a `{a,b}` choice is a
 * pattern, and at least one path must match it. Fenced code blocks are examples, not references: skipped.
 */
const ROOT = path.resolve(__dirname, '../..');

/** Every Markdown file git knows of (tracked, and new ones not ignored), outside node_modules and dist. */
function markdownFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  return [...new Set(listed.split('\0'))]
    .filter((file) => file.endsWith('.md'))
    .filter((file) => !file.split('/').some((segment) => segment === 'node_modules' || segment === 'dist'))
    .filter((file) => existsSync(path.join(ROOT, file)))
    .sort();
}

/** The workspace folders of the root package.json (`services/*` expanded), longest first. */
function workspaceFolders(): string[] {
  const patterns = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
  return patterns
    .flatMap((pattern) => (pattern.endsWith('/*') ? subfolders(path.join(ROOT, pattern.slice(0, -2))).map((name) => `${pattern.slice(0, -2)}/${name}`) : [pattern]))
    .sort((a, b) => b.length - a.length);
}

function subfolders(folder: string): string[] {
  return existsSync(folder) ? readdirSync(folder, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name) : [];
}

export interface NamedPath {
  line: number;
  path: string;
}

/** The paths with `src/` a Markdown text names in inline code or as a link's target, with their line. */
export function namedPaths(markdown: string): NamedPath[] {
  // Blank out fenced code blocks, keeping the line count.
  let fence: string | undefined;
  const prose = markdown
    .split('\n')
    .map((line) => {
      const opening = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence === undefined && opening !== undefined) {
        fence = opening;
        return '';
      }
      if (fence !== undefined) {
        if (line.trim().startsWith(fence)) fence = undefined;
        return '';
      }
      return line;
    })
    .join('\n');
  const lineAt = (index: number) => prose.slice(0, index).split('\n').length;
  const found: NamedPath[] = [];
  for (const span of prose.matchAll(/(`+)([\s\S]+?)\1(?!`)/g)) {
    for (const token of span[2]!.split(/\s+/)) {
      const cleaned = cleanToken(token);
      if (cleaned !== undefined) found.push({ line: lineAt(span.index!), path: cleaned });
    }
  }
  for (const link of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const cleaned = cleanToken(link[1]!.replace(/#.*$/, ''));
    if (cleaned !== undefined) found.push({ line: lineAt(link.index!), path: cleaned });
  }
  return found.sort((a, b) => a.line - b.line);
}

/** A token as a path (quotes, brackets, punctuation and a `:line` suffix taken off), or undefined when it names none with `src/`. */
function cleanToken(token: string): string | undefined {
  const cleaned = token
    .replace(/^[("'[]+/, '')
    .replace(/[)"',;.:\]]+$/, '')
    .replace(/:\d+$/, '');
  if (!/(^|\/)src\//.test(cleaned) || /^[a-z]+:\/\//i.test(cleaned)) return undefined;
  return cleaned;
}

/** Whether a segment is a pattern rather than a name. */
const isPattern = (segment: string) => /[…*<>{}]|^\.\.\.$/.test(segment);

/** A pattern segment as a regular expression over one name. */
function segmentRegExp(segment: string): RegExp {
  let source = '';
  for (let index = 0; index < segment.length; index++) {
    const char = segment[index]!;
    if (char === '*' || char === '…') source += '.*';
    else if (char === '<') {
      const close = segment.indexOf('>', index);
      source += '[^/]+';
      index = close === -1 ? segment.length : close;
    } else if (char === '{') {
      const close = segment.indexOf('}', index);
      const choices = segment.slice(index + 1, close === -1 ? undefined : close).split(',');
      source += `(?:${choices.map((choice) => choice.replace(/[.+^$()|[\]\\?]/g, '\\$&')).join('|')})`;
      index = close === -1 ? segment.length : close;
    } else source += char.replace(/[.+^$()|[\]\\?]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** Whether `relative` (maybe a pattern) names something under `base`; a trailing `/` wants a folder. */
export function existsUnder(base: string, relative: string): boolean {
  const folderOnly = relative.endsWith('/');
  const segments = relative.split('/').filter((segment, index) => segment !== '' && !(segment === '.' && index === 0));
  const matches = (at: string, rest: string[]): boolean => {
    if (rest.length === 0) return existsSync(at) && (!folderOnly || statSync(at).isDirectory());
    const [segment, ...after] = rest as [string, ...string[]];
    // `…`, `...` or `**` alone: any number of folders, none too.
    if (segment === '…' || segment === '...' || segment === '**') {
      if (matches(at, after)) return true;
      return subfolders(at).some((name) => matches(path.join(at, name), rest));
    }
    if (!isPattern(segment)) return matches(path.join(at, segment), after);
    if (!existsSync(at) || !statSync(at).isDirectory()) return false;
    const regExp = segmentRegExp(segment);
    return readdirSync(at).filter((name) => name !== 'node_modules' && name !== 'dist' && regExp.test(name)).some((name) => matches(path.join(at, name), after));
  };
  return matches(path.resolve(base), segments);
}

/** The folders a path written in `file` may be relative to: the root, the file's folder, its workspace. */
export function basesOf(file: string, workspaces: readonly string[]): string[] {
  const workspace = workspaces.find((folder) => file.startsWith(`${folder}/`));
  return [...new Set([ROOT, path.join(ROOT, path.dirname(file)), ...(workspace ? [path.join(ROOT, workspace)] : [])])];
}

/** `file:line: path` for each path a Markdown file names that exists under none of its bases. */
export function missingPaths(file: string, markdown: string, workspaces: readonly string[]): string[] {
  const bases = basesOf(file, workspaces);
  return namedPaths(markdown)
    .filter((named) => !bases.some((base) => existsUnder(base, named.path)))
    .map((named) => `${file}:${named.line}: ${named.path}`);
}

const workspaces = workspaceFolders();
const files = markdownFiles();

it('finds the Markdown files and the workspaces (a sanity check of the listing)', () => {
  expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md', 'services/leads/README.md', 'clients/typescript/README.md']));
  expect(workspaces).toEqual(expect.arrayContaining(['shared/platform', 'shared/records', 'gateway', 'services/leads', 'clients/typescript']));
});

it('names only paths with src/ that exist', () => {
  const missing = files.flatMap((file) => missingPaths(file, readFileSync(path.join(ROOT, file), 'utf8'), workspaces));
  expect(missing).toEqual([]);
});

describe('the checks themselves', () => {
  it('find the paths of inline code and of links, not those of fenced blocks or URLs', () => {
    const text = [
      'See `shared/src/records/` and (`src/consumer/event-handlers.ts`: one handler).',
      'A [link](../../shared/platform/src/http/created.ts#L3) and `node services/auth/dist/main.js` (no src).',
      '```ts',
      "import { x } from '../src/in-a-fence';",
      '```',
      'Run `x --from src/y.ts, z` and read [docs](https://example.com/src/page).',
    ].join('\n');
    expect(namedPaths(text)).toEqual([
      { line: 1, path: 'shared/src/records/' },
      { line: 1, path: 'src/consumer/event-handlers.ts' },
      { line: 2, path: '../../shared/platform/src/http/created.ts' },
      { line: 6, path: 'src/y.ts' },
    ]);
  });

  it('fail on a made-up path, from every base', () => {
    const text = 'The lookup lives in `services/leads/src/made-up/lookup.ts` and `src/made-up/`.';
    expect(missingPaths('services/leads/README.md', text, workspaces)).toEqual([
      'services/leads/README.md:1: services/leads/src/made-up/lookup.ts',
      'services/leads/README.md:1: src/made-up/',
    ]);
  });

  it('resolve a path from the root, the file’s folder or its workspace, and a trailing / as a folder only', () => {
    expect(missingPaths('services/leads/README.md', '`src/leads/` `shared/records/src/records/record-access.ts` `../../shared/records/src/replicas/`', workspaces)).toEqual([]);
    expect(missingPaths('docs/x.md', '`src/leads/`', workspaces)).toEqual(['docs/x.md:1: src/leads/']);
    expect(missingPaths('README.md', '`shared/records/src/records/record-access.ts/`', workspaces)).toEqual(['README.md:1: shared/records/src/records/record-access.ts/']);
  });

  it('take `…`, `<placeholder>`, `*` and `{a,b}` as patterns that must match something', () => {
    const matching = '`services/<name>/src/index.ts` `services/*/src/main.ts` `shared/records/src/…/record-access.ts` `services/{leads,contacts}/src/merge/`';
    expect(missingPaths('README.md', matching, workspaces)).toEqual([]);
    expect(missingPaths('README.md', '`services/<name>/src/made-up.ts` `shared/src/…/made-up.ts`', workspaces)).toEqual([
      'README.md:1: services/<name>/src/made-up.ts',
      'README.md:1: shared/src/…/made-up.ts',
    ]);
  });
});
