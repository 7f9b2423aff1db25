import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The shared packages name no entity (issue 33.1): what is particular to leads, contacts, accounts,
 * opportunities or tasks lives in the service that owns it, so a newcomer never finds a lead's rule
 * inside a generic module. Code only: identifiers and strings, not comments (which may give an example).
 */
const ROOT = path.resolve(__dirname, '../..');
const PACKAGES = ['shared/platform/src', 'shared/records/src', 'shared/testing/src'];
const ENTITY_WORD = /(^|[^a-z])(leads?|contacts?|accounts?|opportunit(y|ies)|tasks?|conversions?|converted|converting)([^a-z]|$)/i;

/** Every identifier and string of a TypeScript source that names an entity, with its line. */
export function entityNames(file: string, source: string): string[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const text = ts.isIdentifier(node) || ts.isPrivateIdentifier(node) ? node.text : ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) ? node.text : undefined;
    // camelCase and snake_case split into words, so `leadId` and `lead_id` are found as well as `lead`.
    if (text !== undefined && ENTITY_WORD.test(text.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' '))) {
      found.push(`${file}:${tree.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

const sources = PACKAGES.flatMap((dir) =>
  (readdirSync(path.join(ROOT, dir), { recursive: true }) as string[]).filter((file) => file.endsWith('.ts')).map((file) => path.join(dir, file)),
);

it('names no entity in the code of the shared packages', () => {
  expect(sources.length).toBeGreaterThan(100);
  expect(sources.flatMap((file) => entityNames(file, readFileSync(path.join(ROOT, file), 'utf8')))).toEqual([]);
});

describe('the check itself', () => {
  it('finds an entity in an identifier or a string, in any spelling, and not in a comment', () => {
    const source = "// a lead, for example\nconst ownerId = 'x';\nconst leadId = 1;\nconst t = 'contact.created';\nconst k = `${a}_opportunity`;\nconst ACCOUNT_ID = 2;";
    expect(entityNames('x.ts', source)).toEqual(['x.ts:3: leadId', 'x.ts:4: contact.created', 'x.ts:5: _opportunity', 'x.ts:6: ACCOUNT_ID']);
  });
});
