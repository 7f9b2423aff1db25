import { fillPath, isPublicForm, type PublicOperation, type Schema } from '../support/public-operations';
import { BODY_ID_PROPERTIES, pathValues, type Entity, type TenantFixture } from '../support/two-tenants';
import { BAD_DAYS, callerToken, jsonHeaders, type Case, type Category, type CorpusContext, type Expectation } from './cases';
import { constraintViolations, hugeValues, isServerDerived, wrongTypeValues } from './schema-values';
import { validBody } from '../support/valid-requests';

/**
 * Bad JSON bodies for every operation taking JSON, each one change away from a body the operation
 * accepts: broken JSON and wrong content types; per documented property, values of the wrong type,
 * values past a constraint, values that are well-typed but invalid, far too large values, ids of the
 * other tenant or of nothing; server-derived fields set by the client; unknown fields; bodies too
 * large or too deep.
 */
const ABSENT_ID = '00000000-0000-4000-8000-000000000000';

export const MALFORMED: Array<[string, string | Buffer]> = [
  ['an unclosed object', '{"a": 1'],
  ['a key without a value', '{"a":}'],
  ['a trailing comma', '{"a": 1,}'],
  ['single quotes', "{'a': 1}"],
  ['an unquoted key', '{a: 1}'],
  ['NaN', '{"a": NaN}'],
  ['a comment', '{"a": 1 /* x */}'],
  ['two documents', '{}{}'],
  ['a truncated literal', 'nul'],
  ['an empty body', ''],
  ['whitespace only', '  \n '],
  ['a raw control character in a string', '{"a": "x\u0001y"}'],
  ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])],
  ['an array', '[]'],
  ['null', 'null'],
  ['a string', '"text"'],
  ['a number', '42'],
  ['true', 'true'],
  ['1e400 at the top', '1e400'],
];


/** Well-typed values the contract cannot express as invalid, by property name. */
const SEMANTICALLY_INVALID: Array<[RegExp, unknown[]]> = [
  [/email$/, ['not-an-email', 'ada@', 'two@at@example.test', 'ada@example..test']],
  [/_date$/, BAD_DAYS],
  [/^currency$/, ['XYZ', 'usd', 'US Dollar']],
  [/^(website|linkedin_url)$/, ['javascript:alert(1)', 'not a url', 'ftp://example.test/x']],
  [/amount$/, ['-5.00', '1.005', 'lots', -1]],
  [/^scopes$/, [['leads:delete'], ['admin']]],
  [/^refresh$/, ['not-a-refresh-token']],
  // A web form's redirect and the origins it takes submissions from.
  [/^redirect_url$/, ['javascript:alert(1)', 'not a url', 'ftp://example.test/x', 'https://user:secret@example.test/thanks', '//example.test/thanks']],
  [/^allowed_origins$/, [['https://example.test/path'], ['*'], ['null'], ['javascript:alert(1)'], ['https://user@example.test'], ['example.test']]],
];

/** What a client might put in a server-derived field: the other tenant's ids, a past timestamp, ... */
function injectedValues(name: string, own: TenantFixture, foreign: TenantFixture, entity: Entity): unknown[] {
  const isForm = (entity as string) === 'web-forms';
  const byName: Record<string, unknown[]> = {
    id: isForm ? [foreign.webForm.id, own.inactiveWebForm.id] : [foreign.records[entity]?.[0] ?? foreign.orgId, own.records[entity]?.[1] ?? ABSENT_ID],
    public_key: [foreign.webForm.publicKey, own.inactiveWebForm.publicKey, 'chosen-by-the-client'],
    submission_count: [0, 1000],
    org: [foreign.orgId, { id: foreign.orgId }],
    created_by: [foreign.admin.profileId],
    assigned_to: [foreign.admin.profileId, { id: foreign.admin.profileId }],
    owner: [foreign.admin.profileId],
    created_at: ['2001-01-01T00:00:00.000Z'],
    updated_at: ['2001-01-01T00:00:00.000Z'],
    version: [999],
    account_id: [foreign.conversion.accountId],
    contact_id: [foreign.conversion.contactId],
    opportunity_id: [foreign.conversion.opportunityId],
    lead_id: [foreign.records.leads[0]],
    lead_ids: [[foreign.records.leads[0]]],
    account: [{ id: foreign.records.accounts[0], name: 'x' }],
    custom_field_definitions: [[]],
    conversion_status: ['done'],
    key: ['renamed_key'],
    field_type: ['date'],
  };
  const values = byName[name];
  if (!values) throw new Error(`no injected value for the server-derived field "${name}": add one`);
  return values;
}

/** `depth` nested objects around `inner`, as JSON text (JSON.stringify itself would recurse that deep). */
export const nestedObjects = (depth: number, inner = '1') => `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`;

export function jsonBodyCases(context: CorpusContext): Case[] {
  const cases: Case[] = [];
  const { own, foreign } = context;
  for (const operation of context.operations) {
    if (operation.body?.contentType !== 'application/json') continue;
    // A web form's public submissions take fields in three encodings: bad-input/public-form-cases.ts.
    if (isPublicForm(operation)) continue;
    const entity = operation.resource as Entity;
    const token = callerToken(context, operation);
    const path = fillPath(operation.path, pathValues(own, operation.resource, operation.pathParameters));
    const base = validBody(operation, own, 'corpus');
    // A duplicate check is a read: a well-typed but odd value may simply find nothing.
    const readOnly = operation.route.bucket === 'read';
    const add = (category: Category, name: string, body: string | Buffer, expect: Expectation = 'refused', contentType?: string, extraHeaders?: Record<string, string>) =>
      cases.push({
        category,
        operation: operation.key,
        name,
        request: { method: operation.method, path, headers: { ...jsonHeaders(token, contentType), ...extraHeaders }, body },
        expect,
        authenticated: token !== undefined,
      });
    const withValue = (name: string, value: unknown) => JSON.stringify({ ...base, [name]: value });
    const body: BodyContext = { operation, entity, base, readOnly, add, withValue, own, foreign };

    // An empty body reads as `{}`: for a PATCH, a change of nothing (it must then change nothing).
    for (const [name, raw] of MALFORMED) add('malformed JSON', name, raw, raw === '' && operation.method === 'PATCH' ? 'harmless' : 'refused');
    const valid = JSON.stringify(base);
    add('malformed JSON', 'a valid body sent as text/plain', valid, 'refused', 'text/plain');
    add('malformed JSON', 'a form-encoded body', new URLSearchParams(base as Record<string, string>).toString(), 'refused', 'application/x-www-form-urlencoded');
    add('malformed JSON', 'a JSON body in an unsupported charset', valid, 'refused', 'application/json; charset=iso-8859-1');
    add('malformed JSON', 'gzip declared, not gzip', valid, 'refused', undefined, { 'content-encoding': 'gzip' });
    add('malformed JSON', 'an unknown content encoding', valid, 'refused', undefined, { 'content-encoding': 'zstd-x' });

    for (const [name, schema] of Object.entries(operation.body.schema.properties ?? {})) {
      if (name === 'custom_fields') customFieldCases(body);
      else if (isServerDerived(schema)) {
        for (const value of injectedValues(name, own, foreign, entity)) add('injected server fields', `${name}: ${JSON.stringify(value)}`, withValue(name, value));
      } else {
        propertyCases(body, name, schema);
      }
    }
    add('unknown fields', 'an unknown field', withValue('nickname', 'x'));
    add('unknown fields', 'a field in another case', JSON.stringify(Object.fromEntries(Object.entries(base).map(([key, value]) => [key.toUpperCase(), value]))));
    add('unknown fields', '__proto__', `{"__proto__": {"role": "admin"}, ${valid.slice(1)}`);
    add('unknown fields', 'constructor.prototype', withValue('constructor', { prototype: { role: 'admin' } }));
    for (const field of ['tenant_id', 'org_id', 'tenant', 'organization_id']) add('injected server fields', `${field}: the other tenant`, withValue(field, foreign.orgId));
    if (operation.resource === 'leads' && !readOnly && 'status' in (operation.body.schema.properties ?? {}) && operation.method !== 'PUT') {
      add('injected server fields', 'status converted without a PUT', withValue('status', 'converted'));
    }
    add('huge values', 'a 2 MB body', withValue('padding', 'x'.repeat(2 * 1024 * 1024)));
    add('huge values', 'a 12 MB body', withValue('padding', 'x'.repeat(12 * 1024 * 1024)));
    add('huge values', 'a body 100,000 arrays deep', `${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    add('huge values', 'a body 100,000 objects deep', nestedObjects(100_000));
    add('huge values', '20,000 unknown fields', JSON.stringify({ ...base, ...Object.fromEntries(Array.from({ length: 20_000 }, (_, index) => [`f${index}`, index])) }));
  }
  cases.push(...convertedLeadCases(context));
  return cases;
}

/** One operation's bad bodies in the making: its valid base and how to add a case changing it. */
interface BodyContext {
  operation: PublicOperation;
  entity: Entity;
  base: Record<string, unknown>;
  /** A duplicate check: a well-typed but odd value may simply find nothing. */
  readOnly: boolean;
  add: (category: Category, name: string, body: string | Buffer, expect?: Expectation) => void;
  /** The base with one property set to `value`, as JSON text. */
  withValue: (name: string, value: unknown) => string;
  own: TenantFixture;
  foreign: TenantFixture;
}

/** Every kind of malformed UTF-16 a JSON string can carry (JSON.stringify writes them as `\uXXXX` escapes). */
export const MALFORMED_UNICODE: ReadonlyArray<[string, string]> = [
  ['a lone high surrogate', '\ud800x'],
  ['a lone low surrogate', 'x\udc00'],
  ['a surrogate pair reversed', '\udc00\ud800'],
  ['a high surrogate at the end', 'ab\ud83d'],
];

function propertyCases({ operation, entity, readOnly, add, withValue, own, foreign }: BodyContext, name: string, schema: Schema): void {
  for (const value of wrongTypeValues(schema)) add('wrong types', `${name}: ${JSON.stringify(value)}`, withValue(name, value));
  for (const violation of constraintViolations(schema)) add('invalid values', `${name}: ${violation.name}`, withValue(name, violation.value));
  for (const huge of hugeValues(schema)) add('huge values', `${name}: ${huge.name}`, withValue(name, huge.value));
  add('huge values', `${name}: 1e400 (parses as Infinity)`, withValue(name, 0).replace(`"${name}":0`, `"${name}":1e400`));
  for (const [pattern, values] of SEMANTICALLY_INVALID) {
    if (!pattern.test(name)) continue;
    for (const value of values) add('invalid values', `${name}: ${JSON.stringify(value)}`, withValue(name, value), readOnly ? 'harmless' : 'refused');
  }
  const types = JSON.stringify(schema);
  if (types.includes('"string"') && !name.endsWith('_id') && name !== 'merge_id') {
    add('invalid values', `${name}: a NUL character`, withValue(name, 'a\u0000b'), readOnly ? 'harmless' : 'refused');
    for (const [kind, text] of MALFORMED_UNICODE) add('invalid values', `${name}: ${kind}`, withValue(name, text), readOnly ? 'harmless' : 'refused');
  }
  const foreignId = BODY_ID_PROPERTIES[name];
  if (foreignId) {
    const asValue = (id: string) => (name.endsWith('_ids') ? [id] : id);
    add('foreign ids in bodies', `${name}: the other tenant's`, withValue(name, asValue(foreignId(foreign, entity))));
    add('invalid values', `${name}: an id of nothing`, withValue(name, asValue(ABSENT_ID)));
    add('invalid values', `${name}: a malformed id`, withValue(name, asValue('not-an-id')));
    add('invalid values', `${name}: an upper-case id`, withValue(name, asValue(foreignId(own, entity).toUpperCase())));
    if (name === 'merge_id') add('invalid values', 'merge_id: the record itself', withValue(name, own.records[entity][0]));
  }
  if (operation.key === 'POST /api/auth/register/' && name === 'email') add('invalid values', 'email: already registered', withValue(name, own.admin.email));
  if (operation.key === 'POST /api/auth/users/' && name === 'email') add('invalid values', "email: the other tenant's user", withValue(name, foreign.member.email));
  if (operation.key === 'POST /api/auth/login/' && name === 'password') {
    add('wrong credentials', 'a wrong password', withValue(name, 'wrong password 123'));
    add('wrong credentials', "the other tenant's password", JSON.stringify({ email: own.admin.email, password: `${foreign.marker}-nope` }));
  }
}

function customFieldCases({ add, base, own, foreign, entity }: BodyContext): void {
  const withFields = (fields: unknown) => JSON.stringify({ ...base, custom_fields: fields });
  const ownKey = own.definitions[entity].key;
  add('invalid values', 'custom_fields: an unknown key', withFields({ nope: 1 }));
  add('foreign ids in bodies', "custom_fields: the other tenant's field", withFields({ [foreign.definitions[entity].key]: 1 }));
  add('wrong types', 'custom_fields: text in a number field', withFields({ [ownKey]: 'abc' }));
  add('wrong types', 'custom_fields: an object in a number field', withFields({ [ownKey]: { value: 1 } }));
  for (const date of BAD_DAYS) add('invalid values', `custom_fields: ${JSON.stringify(date)} in a date field`, withFields({ [own.definitions[entity].dateKey]: date }));
  for (const value of ['text', [1], 5, true]) add('wrong types', `custom_fields: ${JSON.stringify(value)}`, withFields(value));
  add('huge values', 'custom_fields: 5,000 levels deep', JSON.stringify({ ...base, custom_fields: 0 }).replace('"custom_fields":0', `"custom_fields":{"${ownKey}":${nestedObjects(5_000)}}`));
  add('huge values', 'custom_fields: 10,000 keys', withFields(Object.fromEntries(Array.from({ length: 10_000 }, (_, index) => [`k${index}`, index]))));
}

/** A converted lead's status may not change, and it cannot be converted twice (422). */
function convertedLeadCases(context: CorpusContext): Case[] {
  const changes: Array<[string, string]> = [['PUT', 'new'], ['PUT', 'converted'], ['PATCH', 'new'], ['PATCH', 'qualified']];
  return changes.map(([method, status]) => ({
    category: 'injected server fields',
    operation: `${method} /api/leads/{id}/`,
    name: `a converted lead to status ${status}`,
    request: {
      method,
      path: `/api/leads/${context.own.conversion.leadId}/`,
      headers: jsonHeaders(context.own.admin.access),
      body: JSON.stringify({ first_name: 'Convert', last_name: `${context.own.marker} Three`, status }),
    },
    expect: 'refused',
    authenticated: true,
  }));
}
