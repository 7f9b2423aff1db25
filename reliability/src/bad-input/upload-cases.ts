import { fillPath, type PublicOperation, type Schema } from '../support/public-operations';
import { pathValues, type Entity, type TenantFixture } from '../support/two-tenants';
import { fileField, isImport, multipart, MULTIPART, type Part } from '../support/valid-requests';
import { callerToken, type Case, type CorpusContext, type Expectation } from './cases';
import { constraintViolations, isServerDerived } from './schema-values';

/**
 * Bad uploads for every multipart operation (attachments, imports, the deprecated upload): forms that
 * are not one file in the right field, bodies that are not well-formed multipart, files past the limit;
 * and, for the imports, CSV files that cannot be read or whose header or cells break the entity's
 * rules (generated from the entity's documented create body).
 */
export function uploadCases(context: CorpusContext): Case[] {
  const cases: Case[] = [];
  for (const operation of context.operations) {
    if (operation.body?.contentType !== 'multipart/form-data') continue;
    const field = fileField(operation);
    const token = callerToken(context, operation)!;
    const path = fillPath(operation.path, pathValues(context.own, operation.resource, operation.pathParameters));
    const push = (category: Case['category'], name: string, body: string | Buffer, contentType = MULTIPART, expect: Expectation = 'refused') =>
      cases.push({
        category,
        operation: operation.key,
        name,
        request: { method: operation.method, path, headers: { 'content-type': contentType, authorization: `Bearer ${token}` }, body },
        expect,
        authenticated: true,
      });
    const good = isImport(operation) ? `first_name\r\nValid\r\n` : 'content';
    const file = (content: string | Buffer = good, name = field): Part => ({ name, filename: 'upload.csv', content });
    const limit = isImport(operation) ? 5 * 1024 * 1024 : 10 * 1024 * 1024;

    push('bad multipart', 'an empty form', multipart([]));
    push('bad multipart', 'the file in another field', multipart([file(good, field === 'file' ? 'leads_file' : 'file')]));
    push('bad multipart', 'the file in a field named "document"', multipart([file(good, 'document')]));
    push('bad multipart', 'the closing boundary missing', multipart([file()], { closed: false }));
    push('bad multipart', 'cut off inside the part headers', multipart([file()]).subarray(0, 40));
    push('bad multipart', 'no boundary parameter', multipart([file()]), 'multipart/form-data');
    push('bad multipart', 'a boundary the body does not use', multipart([file()]), 'multipart/form-data; boundary=another');
    push('bad multipart', 'a JSON body', JSON.stringify({ [field]: good }), 'application/json');
    push('bad multipart', 'a multipart body labelled text/plain', multipart([file()]), 'text/plain');
    push('bad multipart', 'no body', '');
    push('bad multipart', 'two files', multipart([file(), file()]));
    push('bad multipart', 'a text field instead of a file', multipart([{ name: field, content: good }]));
    push('bad multipart', 'an extra text field', multipart([file(), { name: 'note', content: 'x' }]));
    push('bad multipart', 'a part without Content-Disposition', multipart([{ ...file(), bare: true }]));
    push('bad multipart', '10,000 parts', multipart(Array.from({ length: 10_000 }, (_, index) => ({ name: `f${index}`, content: 'x' }))));
    push('huge values', 'a file one byte past the limit', multipart([file(isImport(operation) ? `first_name\r\n${'x'.repeat(limit)}\r\n` : Buffer.alloc(limit + 1, 0x61))]));
    if (isImport(operation)) {
      for (const csv of csvCases(context.own, context.foreign, operation.resource as Entity, context.operations)) {
        // A preview reports a readable file's bad content in a 200; everything else must refuse it.
        const expect: Expectation = operation.path.endsWith('/preview/') ? 'reported' : 'refused';
        push('bad CSV', csv.name, multipart([file(csv.content)]), MULTIPART, expect);
      }
    }
  }
  return cases;
}

/** Writable columns of an entity's import: its documented create body without server-derived fields. */
function importColumns(entity: Entity, operations: PublicOperation[]): Array<[string, Schema]> {
  const create = operations.find((operation) => operation.key === `POST /api/${entity}/`);
  if (!create?.body) throw new Error(`no documented create body for ${entity}`);
  return Object.entries(create.body.schema.properties ?? {}).filter(([name, schema]) => name !== 'custom_fields' && !isServerDerived(schema));
}

/** Well-typed cells that are still invalid, by column name (what a CSV can carry: text). */
const INVALID_CELLS: Array<[RegExp, string[]]> = [
  [/email$/, ['not-an-email', 'ada@']],
  [/^currency$/, ['XYZ']],
  [/^linkedin_url$/, ['javascript:alert(1)']],
  [/amount$/, ['-5', '1.005', 'lots', `${'9'.repeat(38)}.99`]],
  [/^board_position$/, ['1.5', 'first', '99999999999999']],
  [/_id$/, ['not-an-id', '00000000-0000-4000-8000-000000000000']],
  [/^tags$/, [Array.from({ length: 51 }, (_, index) => `t${index}`).join(';')]],
];

const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
const csvOf = (header: string[], row: string[]) => `${header.map(cell).join(',')}\r\n${row.map(cell).join(',')}\r\n`;

/** A name column to keep a row otherwise valid (both entities take `first_name`). */
const nameColumn = (column: string) => (column === 'first_name' ? 'last_name' : 'first_name');

function csvCases(own: TenantFixture, foreign: TenantFixture, entity: Entity, operations: PublicOperation[]): Array<{ name: string; content: string | Buffer }> {
  const found: Array<{ name: string; content: string | Buffer }> = [];
  const columns = importColumns(entity, operations);
  const withCell = (column: string, value: string) => csvOf([nameColumn(column), column], ['Valid', value]);
  for (const [column, schema] of columns) {
    for (const violation of constraintViolations(schema)) {
      if (typeof violation.value === 'string') found.push({ name: `${column}: ${violation.name}`, content: withCell(column, violation.value) });
    }
    for (const [pattern, values] of INVALID_CELLS) {
      if (pattern.test(column)) for (const value of values) found.push({ name: `${column}: ${JSON.stringify(value.slice(0, 40))}`, content: withCell(column, value) });
    }
  }
  if (columns.some(([column]) => column === 'assigned_to_id')) found.push({ name: "assigned_to_id: the other tenant's member", content: withCell('assigned_to_id', foreign.member.profileId) });
  if (columns.some(([column]) => column === 'owner_id')) found.push({ name: "owner_id: the other tenant's member", content: withCell('owner_id', foreign.member.profileId) });
  if (columns.some(([column]) => column === 'account_id')) found.push({ name: "account_id: the other tenant's account", content: withCell('account_id', foreign.records.accounts[0]!) });
  found.push(
    { name: "header: the other tenant's custom field", content: csvOf(['first_name', `cf_${foreign.definitions[entity].key}`], ['Valid', '1']) },
    { name: 'header: an unknown custom field', content: csvOf(['first_name', 'cf_nope'], ['Valid', '1']) },
    { name: 'a word in the own number field', content: csvOf(['first_name', `cf_${own.definitions[entity].key}`], ['Valid', 'many']) },
    { name: 'header: an unknown column', content: csvOf(['first_name', 'nickname'], ['Valid', 'x']) },
    { name: 'header: a repeated column', content: csvOf(['first_name', 'first_name'], ['Valid', 'x']) },
    { name: 'header: an empty column name', content: csvOf(['first_name', ''], ['Valid', 'x']) },
    { name: 'header: a tenant column', content: csvOf(['first_name', 'tenant_id'], ['Valid', foreign.orgId]) },
    { name: 'a row with too many cells', content: 'first_name\r\nValid,extra\r\n' },
    { name: 'a row with neither a name, an e-mail nor a company', content: 'title\r\nDr\r\n' },
    { name: 'invalid UTF-8', content: Buffer.concat([Buffer.from('first_name\r\nA'), Buffer.from([0xff, 0xfe]), Buffer.from('\r\n')]) },
    { name: 'a NUL byte in a cell', content: 'first_name\r\nA\u0000B\r\n' },
    { name: 'an unclosed quote', content: 'first_name\r\n"Valid\r\n' },
    { name: 'text after a closing quote', content: 'first_name\r\n"Valid"x\r\n' },
    { name: 'an empty file', content: '' },
    { name: 'only a BOM', content: Buffer.from([0xef, 0xbb, 0xbf]) },
    { name: 'UTF-16 with its BOM', content: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('first_name\r\nValid\r\n', 'utf16le')]) },
    { name: '5,001 rows', content: `first_name\r\n${'Valid\r\n'.repeat(5_001)}` },
  );
  for (const serverColumn of ['org', 'created_by', 'updated_at', 'version']) found.push({ name: `header: server-derived ${serverColumn}`, content: csvOf(['first_name', serverColumn], ['Valid', 'x']) });
  return found;
}
