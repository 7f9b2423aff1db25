import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * No test file skips or focuses a test (`it.skip`, `describe.only`, `xit`, `fit`, `test.todo`…): a skipped
 * case is a behaviour nobody checks any more, a focused one silently drops the rest of its file. Only our
 * own test folders are read; vendored code (gateway/vendor/) is not a test.
 */
const ROOT = path.resolve(__dirname, '../..');
const FOCUS_OR_SKIP = /(?<![\w.$]|function\s)\b(?:(?:it|test|describe)\s*\.\s*(?:skip|only|todo|failing)|x(?:it|test|describe)|f(?:it|describe))\s*(?:\.\s*each\b[^(]*)?\(/;

/** Where `source` skips or focuses a test, as `file:line: text`. */
export function focusedOrSkipped(file: string, source: string): string[] {
  return source.split('\n').flatMap((line, index) => (FOCUS_OR_SKIP.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : []));
}

const TEST_FOLDERS = ['test', 'gateway/test', 'system/test', 'contracts/test', 'clients/typescript/test', ...['shared', 'services'].flatMap((parent) =>
  readdirSync(path.join(ROOT, parent)).map((name) => `${parent}/${name}/test`),
)];

const testFiles = TEST_FOLDERS.flatMap((folder) => {
  const full = path.join(ROOT, folder);
  try {
    return (readdirSync(full, { recursive: true }) as string[]).filter((file) => file.endsWith('.ts')).map((file) => path.join(folder, file));
  } catch {
    return []; // a workspace without tests of its own
  }
});

it('skips and focuses no test', () => {
  expect(testFiles.length).toBeGreaterThan(150);
  expect(testFiles.flatMap((file) => focusedOrSkipped(file, readFileSync(path.join(ROOT, file), 'utf8')))).toEqual([]);
});

it('finds every spelling of a skipped or focused test, and not a function that merely ends so', () => {
  // Spelled in pieces, so this file does not trip its own check.
  const [only, skip, todo] = ['only', 'skip', 'todo'];
  const source = [`it.${only}('a', () => {});`, `describe.${skip}('b', () => {});`, `${'x'}it('c', () => {});`, `${'f'}describe('d', () => {});`, `it.${skip}.each([1])('e', () => {});`, `test.${todo}('f');`, 'function fit(e) { return e; }', "it('g', () => {});"].join('\n');
  expect(focusedOrSkipped('x.ts', source).map((hit) => hit.split(':')[1])).toEqual(['1', '2', '3', '4', '5', '6']);
});
