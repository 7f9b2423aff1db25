import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The repository stands on its own (issue 20.6): a team that clones it has everything the code and its
 * comments cite. Nothing points at the design notes and the specification the project began from, which
 * lived beside the checkout; the decisions are in docs/architecture.md and docs/api-contract.md, cited as
 * `architecture §N` / `api-contract §N`, and every such citation names a section that exists.
 */
const ROOT = path.resolve(__dirname, '../..');

/** The two documents and the short name a citation uses for each. */
const DOCS = { architecture: 'docs/architecture.md', 'api-contract': 'docs/api-contract.md' } as const;
type DocName = keyof typeof DOCS;

/**
 * Names of the documents outside the repository. Spelled so that this file does not match itself: the
 * notes' file name or a section of them (the word in capitals, then a section sign), and the spec's file.
 */
const OUTSIDE_NAMES = /\bDESIGN(?: §|\.md)|crm-api\.md/g;
/** A relative path into a `shared` folder, with every `../` before it: allowed only when it stays in the repository. */
const SHARED_PATH = /(?:\.\.\/)+shared\/[\w./-]*/g;
/** A citation: the document's short name (or file name), a section, and any sections listed after it (`§4, §5`, `§3 and §4`, `§4–§6`). */
const CITATION = /\b(architecture|api-contract)(?:\.md)? §(\d+)((?:(?:,| and| or|–|-) ?§\d+)*)/g;

/** Every file git knows of (tracked, and new ones not ignored), without the lock file and binaries. */
function repositoryTextFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  return [...new Set(listed.split('\0').filter((file) => file !== ''))]
    .filter((file) => path.basename(file) !== 'package-lock.json')
    .filter((file) => existsSync(path.join(ROOT, file)) && statSync(path.join(ROOT, file)).isFile())
    .sort();
}

function readText(file: string): string | undefined {
  const bytes = readFileSync(path.join(ROOT, file));
  return bytes.includes(0) ? undefined : bytes.toString('utf8');
}

/** Whether a relative path written in `file` names something inside the repository (as is, or as a module). */
function staysInRepository(file: string, relative: string): boolean {
  const target = path.resolve(ROOT, path.dirname(file), relative);
  if (target !== ROOT && !target.startsWith(ROOT + path.sep)) return false;
  return ['', '.ts', '.js', '.json', '/index.ts'].some((suffix) => existsSync(target.replace(/\/$/, '') + suffix));
}

/** `file:line: text` for each mention of a document outside the repository. */
function outsideReferences(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    const names = [...line.matchAll(OUTSIDE_NAMES)].map((match) => match[0]);
    const paths = [...line.matchAll(SHARED_PATH)].map((match) => match[0]).filter((relative) => !staysInRepository(file, relative));
    if (names.length + paths.length > 0) found.push(`${file}:${index + 1}: ${line.trim()}`);
  });
  return found;
}

/** The section numbers of a document: its `## §N …` headings. */
function sectionsOf(markdown: string): number[] {
  return [...markdown.matchAll(/^## §(\d+) /gm)].map((match) => Number(match[1]));
}

/** `file:line: citation` for each citation naming a section its document does not have. */
function brokenCitations(file: string, text: string, sections: Record<DocName, ReadonlySet<number>>): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(CITATION)) {
      const doc = match[1] as DocName;
      const numbers = [match[2]!, ...[...match[3]!.matchAll(/§(\d+)/g)].map((listed) => listed[1]!)].map(Number);
      const missing = numbers.filter((number) => !sections[doc].has(number));
      if (missing.length > 0) found.push(`${file}:${index + 1}: ${match[0]} (${DOCS[doc]} has no ${missing.map((n) => `§${n}`).join(', ')})`);
    }
  });
  return found;
}

const files = repositoryTextFiles();
const texts = new Map(files.flatMap((file) => {
  const text = readText(file);
  return text === undefined ? [] : [[file, text] as const];
}));
const docSections = {
  architecture: new Set(sectionsOf(readFileSync(path.join(ROOT, DOCS.architecture), 'utf8'))),
  'api-contract': new Set(sectionsOf(readFileSync(path.join(ROOT, DOCS['api-contract']), 'utf8'))),
};

it('reads the files of the repository (a sanity check of the listing)', () => {
  expect(texts.size).toBeGreaterThan(100);
  expect(texts.has('README.md')).toBe(true);
  expect(texts.has(DOCS.architecture) && texts.has(DOCS['api-contract'])).toBe(true);
});

it('cites no document outside the repository', () => {
  const found = [...texts].flatMap(([file, text]) => outsideReferences(file, text));
  expect(found).toEqual([]);
});

it('cites only sections that exist in docs/architecture.md and docs/api-contract.md', () => {
  const found = [...texts].flatMap(([file, text]) => brokenCitations(file, text, docSections));
  expect(found).toEqual([]);
});

it('numbers the sections of the two documents once each, §1 to §13 between them', () => {
  const all = [...docSections.architecture, ...docSections['api-contract']].sort((a, b) => a - b);
  expect(all).toEqual(Array.from({ length: 13 }, (_, index) => index + 1));
});

describe('the checks themselves', () => {
  // Built from parts, so that this file does not cite anything itself.
  const S = '\u00a7';
  const design = `DESIGN ${S}4`;
  const outside = ['..', 'shared', 'spec', 'crm-api'].join('/') + '.md';

  it('find a citation of the old notes, the old spec, or a path out of the repository', () => {
    expect(outsideReferences('shared/src/x.ts', `// ok\n// see ${design}\n// see ${outside}`)).toEqual([
      `shared/src/x.ts:2: // see ${design}`,
      `shared/src/x.ts:3: // see ${outside}`,
    ]);
    expect(outsideReferences('README.md', `the ${['DESIGN', 'md'].join('.')} notes`)).toHaveLength(1);
  });

  it('let a relative import into the shared workspace through', () => {
    const importLine = `import { openFreshSchema } from '${['..', '..', '..', 'shared', 'test', 'database', 'fresh-schema'].join('/')}';`;
    expect(outsideReferences('services/accounts-opportunities/test/x.test.ts', importLine)).toEqual([]);
  });

  it('find a citation of a section its document does not have, in a list too', () => {
    const text = [
      `a (api-contract ${S}10)`,
      `b (architecture ${S}1, api-contract ${S}5, ${S}7)`,
      `c (architecture ${S}4)`,
      `d docs/api-contract.md ${S}99`,
    ].join('\n');
    expect(brokenCitations('x.ts', text, docSections)).toEqual([
      `x.ts:2: api-contract ${S}5, ${S}7 (docs/api-contract.md has no ${S}7)`,
      `x.ts:3: architecture ${S}4 (docs/architecture.md has no ${S}4)`,
      `x.ts:4: api-contract.md ${S}99 (docs/api-contract.md has no ${S}99)`,
    ]);
  });
});
