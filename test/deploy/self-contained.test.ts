import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The repository stands on its own (issue 20.6): a team that clones it has everything the code and its
 * comments cite. Nothing points at the design notes and the specification the project began from, which
 * lived beside the checkout; the decisions are in docs/architecture.md and docs/api-contract.md, cited as
 * `architecture §N` / `api-contract §N`, the other pages as `docs/<page>.md §N`. Every page of docs/ numbers
 * its own top-level sections §1, §2, … (issue 33.5), and every such citation names a section that exists.
 */
const ROOT = path.resolve(__dirname, '../..');

/** Every page of docs/, by the name a citation uses for it (`architecture`, `api-contract`, `benchmarks`, …). */
const DOCS: Record<string, string> = Object.fromEntries(
  readdirSync(path.join(ROOT, 'docs'))
    .filter((file) => file.endsWith('.md'))
    .map((file) => [file.slice(0, -'.md'.length), `docs/${file}`]),
);
type DocName = string;

/**
 * Names of the documents outside the repository. Spelled so that this file does not match itself: the
 * notes' file name or a section of them (the word in capitals, then a section sign), and the spec's file.
 */
const OUTSIDE_NAMES = /\bDESIGN(?: §|\.md)|crm-api\.md/g;
/** A relative path into a `shared` folder, with every `../` before it: allowed only when it stays in the repository. */
const SHARED_PATH = /(?:\.\.\/)+shared\/[\w./-]*/g;
/**
 * A citation: the page (`architecture` or `api-contract`, with or without `.md`; any other page by its file
 * name, `docs/benchmarks.md`), a section, and any sections listed after it (`§4, §5`, `§3 and §4`, `§4–§6`).
 * A section's own subsection (`§8.8.3` of an RFC) is not one.
 */
const CITATION = /\b(?:docs\/)?(?:(architecture|api-contract)(?:\.md)?|([\w-]+)\.md)`? §(\d+)(?![.\d])((?:(?:,| and| or|–|-) ?§\d+(?![.\d]))*)/g;
/**
 * The SQL migrations are frozen once applied (their checksums are locked): those written before issue 33.5
 * cite the numbering docs/architecture.md and docs/api-contract.md used to share, which architecture.md's
 * "How to cite" maps to the numbers of today.
 */
const FROZEN = /^services\/[^/]+\/migrations\/[^/]+\.sql$/;

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

/** A document's top-level headings (`## …`), outside fenced code blocks. */
function topHeadings(markdown: string): string[] {
  let fence: string | undefined;
  return markdown.split('\n').filter((line) => {
    const opening = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === undefined && opening !== undefined) fence = opening;
    else if (fence !== undefined && line.trim().startsWith(fence)) fence = undefined;
    else return fence === undefined && line.startsWith('## ');
    return false;
  });
}

/** The section numbers of a document: its `## §N …` headings. */
function sectionsOf(markdown: string): number[] {
  return topHeadings(markdown).flatMap((heading) => {
    const number = /^## §(\d+) /.exec(heading)?.[1];
    return number === undefined ? [] : [Number(number)];
  });
}

/** `file:line: citation` for each citation naming a section its document does not have. */
function brokenCitations(file: string, text: string, sections: Record<DocName, ReadonlySet<number>>): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(CITATION)) {
      const doc: DocName = match[1] ?? match[2]!;
      // A file name that is no page of docs/ (`README.md`, an RFC's) is not cited by section here.
      if (sections[doc] === undefined) continue;
      const numbers = [match[3]!, ...[...match[4]!.matchAll(/§(\d+)/g)].map((listed) => listed[1]!)].map(Number);
      const missing = numbers.filter((number) => !sections[doc]!.has(number));
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
const docSections: Record<DocName, ReadonlySet<number>> = Object.fromEntries(
  Object.entries(DOCS).map(([doc, file]) => [doc, new Set(sectionsOf(readFileSync(path.join(ROOT, file), 'utf8')))]),
);

it('reads the files of the repository (a sanity check of the listing)', () => {
  expect(texts.size).toBeGreaterThan(100);
  expect(texts.has('README.md')).toBe(true);
  expect(texts.has(DOCS.architecture!) && texts.has(DOCS['api-contract']!)).toBe(true);
});

it('cites no document outside the repository', () => {
  const found = [...texts].flatMap(([file, text]) => outsideReferences(file, text));
  expect(found).toEqual([]);
});

it('cites only sections that exist in the pages of docs/', () => {
  const found = [...texts].filter(([file]) => !FROZEN.test(file)).flatMap(([file, text]) => brokenCitations(file, text, docSections));
  expect(found).toEqual([]);
});

it.each(Object.values(DOCS).sort())('numbers every top-level section of %s on its own, §1, §2, … with no gap', (file) => {
  const headings = topHeadings(readFileSync(path.join(ROOT, file), 'utf8'));
  expect(headings.length).toBeGreaterThan(0);
  expect(headings.map((heading) => /^## §(\d+) \S/.exec(heading)?.[1] ?? heading)).toEqual(headings.map((_, index) => String(index + 1)));
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
    const importLine = `import { openFreshSchema } from '${['..', '..', '..', 'shared', 'platform', 'test', 'database', 'fresh-schema'].join('/')}';`;
    expect(outsideReferences('services/accounts-opportunities/test/x.test.ts', importLine)).toEqual([]);
  });

  it('find a citation of a section its document does not have, in a list too', () => {
    const text = [
      `a (api-contract ${S}6)`,
      `b (architecture ${S}1, api-contract ${S}5, ${S}97)`,
      `c (architecture ${S}98)`,
      `d docs/api-contract.md ${S}99`,
      `e (docs/benchmarks.md ${S}2; \`docs/operations.md\` ${S}96; README.md ${S}95; RFC 9110 (${S}8.8.3))`,
    ].join('\n');
    expect(brokenCitations('x.ts', text, docSections)).toEqual([
      `x.ts:2: api-contract ${S}5, ${S}97 (docs/api-contract.md has no ${S}97)`,
      `x.ts:3: architecture ${S}98 (docs/architecture.md has no ${S}98)`,
      `x.ts:4: docs/api-contract.md ${S}99 (docs/api-contract.md has no ${S}99)`,
      `x.ts:5: docs/operations.md\` ${S}96 (docs/operations.md has no ${S}96)`,
    ]);
  });

  it('find a top-level section without its number, or numbers with a gap', () => {
    const numbers = (markdown: string) => topHeadings(markdown).map((heading) => /^## §(\d+) \S/.exec(heading)?.[1] ?? heading);
    expect(numbers(`# T\n## ${S}1 A\n\`\`\`sh\n## not a heading\n\`\`\`\n### ${S}9 sub\n## B\n## ${S}4 C`)).toEqual(['1', '## B', '4']);
  });
});
