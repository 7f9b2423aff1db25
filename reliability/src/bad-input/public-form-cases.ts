import { gzipSync } from 'node:zlib';
import { fillPath, isPublicForm, type PublicOperation, type Schema } from '../support/public-operations';
import type { RawRequest } from '../support/raw-request';
import { pathValues } from '../support/two-tenants';
import { multipart, MULTIPART, validBody, type Part } from '../support/valid-requests';
import type { Case, Category, CorpusContext, Expectation } from './cases';
import { MALFORMED, MALFORMED_UNICODE, nestedObjects } from './json-cases';
import { hugeValues, wrongTypeValues } from './schema-values';

/**
 * Bad requests to the one write anyone on the internet can reach: a web form's submissions
 * (`POST /api/public/web-forms/{publicKey}/submissions/`, no credential) and its CORS preflight
 * (`OPTIONS`). The body may come in three encodings (JSON, url-encoded, multipart without files), so
 * most changes are made in each: malformed bodies, wrong media types and content encodings, wrong
 * types, arrays and repeated fields, over-long values (the lead's own limits, read from the documented
 * `POST /api/leads/` body), bodies over 16 KB, huge numbers of fields, unknown and server-set fields,
 * invalid e-mails, NUL characters, unpaired surrogates and invalid UTF-8, malformed percent-encoding,
 * files and broken multipart; then bad, unknown, inactive, deleted and other tenants' keys in the path,
 * origins the form does not list, and the honeypot. Each case is one change away from a submission the
 * own tenant's form takes (the base, sent once as the control); a few go to the other tenant's form, whose
 * answers must tell nothing about that tenant. Nothing a case sends may be stored: the table checksums
 * prove it, the honeypot's decoy 201 included.
 */
const BODY_LIMIT = 16 * 1024;
const FORM = 'application/x-www-form-urlencoded';
const HONEYPOT = 'website';
/** The submission's `message` (no lead field: the service's own limit, not in the document). */
const MESSAGE_MAX = 10_000;
/** A submission's fields the lead takes, with the limits of the lead's own fields. */
const LEAD_FIELDS = ['first_name', 'last_name', 'email', 'phone', 'company_name', 'title'];

type Encoding = 'JSON' | 'url-encoded' | 'multipart';
const ENCODINGS: readonly Encoding[] = ['JSON', 'url-encoded', 'multipart'];
type Field = [name: string, value: string];

/** JSON written by hand, so a key may repeat, be `__proto__`, or carry any text. */
const jsonText = (fields: ReadonlyArray<[string, unknown]>) => `{${fields.map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`).join(',')}}`;
const urlEncodedText = (fields: readonly Field[]) => fields.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
const multipartBody = (fields: ReadonlyArray<[string, string | Buffer]>) => multipart(fields.map(([name, content]) => ({ name, content })));

function encoded(encoding: Encoding, fields: readonly Field[]): { body: string | Buffer; contentType: string } {
  if (encoding === 'JSON') return { body: jsonText(fields), contentType: 'application/json' };
  if (encoding === 'url-encoded') return { body: urlEncodedText(fields), contentType: FORM };
  return { body: multipartBody(fields), contentType: MULTIPART };
}

/** The base with `name` set to `value` (added at the end when the base has no such field). */
const withField = (base: readonly Field[], name: string, value: string): Field[] =>
  base.some(([field]) => field === name) ? base.map(([field, old]) => [field, field === name ? value : old]) : [...base, [name, value]];

/**
 * The base padded with a custom field (`cf_note`, which no definition limits: it stays in the
 * submission's data) of `unit` repeated until the encoded body is at least `bytes` long: every field valid,
 * only the size wrong.
 */
function paddedTo(encoding: Encoding, base: readonly Field[], bytes: number, unit = 'x'): { body: string | Buffer; contentType: string } {
  const size = (count: number) => Buffer.byteLength(encoded(encoding, [...base, ['cf_note', unit.repeat(count)]]).body);
  const perUnit = size(1) - size(0);
  return encoded(encoding, [...base, ['cf_note', unit.repeat(Math.max(1, Math.ceil((bytes - size(0)) / perUnit)))]]);
}

/** The most characters each documented lead field takes (`maxLength` of its string branch), from `POST /api/leads/`. */
function leadFieldLimits(operations: readonly PublicOperation[]): Record<string, number> {
  const create = operations.find((operation) => operation.key === 'POST /api/leads/');
  const properties = create?.body?.schema.properties ?? {};
  const limits: Record<string, number> = {};
  for (const name of LEAD_FIELDS) {
    const lengths = (properties[name]?.anyOf ?? [properties[name] ?? {}]).map((branch: Schema) => branch.maxLength).filter((max): max is number => max !== undefined);
    if (lengths.length === 0) throw new Error(`no documented maxLength for ${name} of POST /api/leads/: the web form's over-long cases need it`);
    limits[name] = Math.max(...lengths);
  }
  return limits;
}

/** A value one character past `max` (an e-mail that still looks like one). */
const overLong = (name: string, max: number) => (name === 'email' ? `${'a'.repeat(max - 8)}@x.test` + 'x'.repeat(2) : 'x'.repeat(max + 1));

export function publicFormCases(context: CorpusContext): Case[] {
  const cases: Case[] = [];
  const { own, foreign } = context;
  const submission = context.operations.find((operation) => operation.method === 'POST' && isPublicForm(operation));
  if (!submission) throw new Error('no public web form operation in the document: the corpus expects POST /api/public/web-forms/{publicKey}/submissions/');
  const preflight = context.operations.find((operation) => operation.method === 'OPTIONS' && operation.path === submission.path);
  if (!preflight) throw new Error(`no documented OPTIONS ${submission.path} (the form's CORS preflight)`);

  const base: Field[] = Object.entries(validBody(submission, own, 'corpus')).map(([name, value]) => [name, String(value)]);
  const pathOf = (publicKey: string) => fillPath(submission.path, { ...pathValues(own, 'public', submission.pathParameters), publicKey });
  const ownPath = pathOf(own.webForm.publicKey);
  const foreignPath = pathOf(foreign.webForm.publicKey);

  const add = (category: Category, name: string, request: RawRequest, expect: Expectation = 'refused', operation: PublicOperation = submission) =>
    cases.push({ category, operation: operation.key, name, request, expect, authenticated: false, leakCheckedOnEveryAnswer: true });
  /**
   * A POST of `body` as `contentType` (none when undefined) to the own form, or to `path`, from a page of the
   * site that form lists (else every case would be refused for its origin alone); a header given undefined is left out.
   */
  const post = (body: string | Buffer, contentType: string | undefined, options: { path?: string; headers?: Record<string, string | undefined> } = {}): RawRequest => {
    const path = options.path ?? ownPath;
    const headers: Record<string, string | undefined> = {
      ...(contentType === undefined ? {} : { 'content-type': contentType }),
      origin: path === foreignPath ? foreign.webForm.origin : own.webForm.origin,
      ...options.headers,
    };
    return { method: 'POST', path, headers: Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined)), body };
  };
  const postEncoded = (encoding: Encoding, fields: readonly Field[], options?: { path?: string; headers?: Record<string, string> }) => {
    const { body, contentType } = encoded(encoding, fields);
    return post(body, contentType, options);
  };
  /** The same fields in every encoding: one case each. */
  const inEvery = (category: Category, name: string, fields: readonly Field[], expect: Expectation = 'refused', path?: string) => {
    for (const encoding of ENCODINGS) add(category, `${name} (${encoding})`, postEncoded(encoding, fields, { path }), expect);
  };
  const json = (fields: ReadonlyArray<[string, unknown]>) => post(jsonText(fields), 'application/json');
  const withJsonValue = (name: string, value: unknown) => json([...base.filter(([field]) => field !== name), [name, value]]);
  const validJson = jsonText(base);
  const validUrlEncoded = urlEncodedText(base);
  const validMultipart = multipartBody(base);

  // Malformed JSON, and the fields in a JSON document that is not an object.
  for (const [name, raw] of MALFORMED) add('malformed JSON', name, post(raw, 'application/json'));
  add('malformed JSON', 'the fields in an array', post(`[${validJson}]`, 'application/json'));
  add('malformed JSON', 'the fields as a JSON string', post(JSON.stringify(validUrlEncoded), 'application/json'));
  add('malformed JSON', 'a url-encoded body labelled JSON', post(validUrlEncoded, 'application/json'));
  add('malformed JSON', 'a multipart body labelled JSON', post(validMultipart, 'application/json'));

  // Media types and content encodings a form is not sent in.
  add('wrong media types', 'JSON as text/plain', post(validJson, 'text/plain'));
  add('wrong media types', 'url-encoded fields as text/plain (an HTML form with enctype="text/plain")', post(base.map(([name, value]) => `${name}=${value}`).join('\r\n'), 'text/plain'));
  add('wrong media types', 'XML', post(`<lead>${base.map(([name, value]) => `<${name}>${value}</${name}>`).join('')}</lead>`, 'application/xml'));
  add('wrong media types', 'JSON without a Content-Type', post(validJson, undefined));
  add('wrong media types', 'url-encoded fields without a Content-Type', post(validUrlEncoded, undefined));
  add('wrong media types', 'JSON labelled url-encoded', post(validJson, FORM));
  add('wrong media types', 'multipart labelled url-encoded', post(validMultipart, FORM));
  add('wrong media types', 'JSON labelled multipart', post(validJson, MULTIPART));
  add('wrong media types', 'url-encoded labelled multipart', post(validUrlEncoded, MULTIPART));
  add('wrong media types', 'multipart/mixed', post(validMultipart, MULTIPART.replace('form-data', 'mixed')));
  add('wrong media types', 'text/json', post(validJson, 'text/json'));
  add('wrong media types', 'application/jsonx', post(validJson, 'application/jsonx'));
  add('wrong media types', 'application/octet-stream', post(validJson, 'application/octet-stream'));
  add('wrong media types', 'a media type of 10,000 characters', post(validJson, `application/${'x'.repeat(10_000)}`));
  add('wrong media types', 'JSON in UTF-16LE declared so', post(Buffer.from(validJson, 'utf16le'), 'application/json; charset=utf-16le'));
  add('wrong media types', 'url-encoded in UTF-16LE declared so', post(Buffer.from(validUrlEncoded, 'utf16le'), `${FORM}; charset=utf-16le`));
  // "René" in ISO-8859-1 (E9): not UTF-8, so it can only be read as sent or refused, never changed.
  const latin1 = Buffer.from(jsonText(withField(base, 'first_name', 'René')), 'latin1');
  add('wrong media types', 'JSON in ISO-8859-1 declared so, with a non-ASCII letter', post(latin1, 'application/json; charset=iso-8859-1'));
  add('wrong media types', 'gzip declared, not gzip', post(validJson, 'application/json', { headers: { 'content-encoding': 'gzip' } }));
  add('wrong media types', 'deflate declared, gzip sent', post(gzipSync(validJson), 'application/json', { headers: { 'content-encoding': 'deflate' } }));
  add('wrong media types', 'an unknown content encoding', post(validJson, 'application/json', { headers: { 'content-encoding': 'zstd-x' } }));
  add('wrong media types', 'gzip of url-encoded fields, truncated', post(gzipSync(validUrlEncoded).subarray(0, 20), FORM, { headers: { 'content-encoding': 'gzip' } }));

  // Fields the form does not have, and fields only the server sets (or another tenant's ids), in every encoding.
  inEvery('unknown fields', 'an unknown field', [...base, ['nickname', 'x']]);
  inEvery('unknown fields', 'the fields in upper case', base.map(([name, value]) => [name.toUpperCase(), value]));
  inEvery('unknown fields', 'a field name with a trailing space', [...base.slice(1), [`${base[0]![0]} `, base[0]![1]]]);
  inEvery('unknown fields', 'an empty field name', [...base, ['', 'x']]);
  inEvery('unknown fields', '"cf_" with no key', [...base, ['cf_', 'x']]);
  inEvery('unknown fields', 'a bracketed name (first_name[])', [...base.slice(1), [`${base[0]![0]}[]`, base[0]![1]]]);
  inEvery('unknown fields', 'a nested name (lead[email])', [...base, ['lead[email]', 'x@example.test']]);
  inEvery('unknown fields', '__proto__', [...base, ['__proto__', 'x']]);
  inEvery('unknown fields', 'constructor', [...base, ['constructor', 'x']]);
  inEvery('unknown fields', 'an empty honeypot and an unknown field', [...base, [HONEYPOT, ''], ['nickname', 'x']]);
  add('unknown fields', '__proto__ holding unknown fields (JSON)', withJsonValue('__proto__', { role: 'admin', tenant_id: foreign.orgId }));
  add('unknown fields', '__proto__ holding a known field (JSON)', withJsonValue('__proto__', { first_name: 'Mallory' }));
  const serverFields: Array<[name: string, value: string, label: string]> = [
    ['source', 'import', '"import"'],
    ['status', 'converted', '"converted"'],
    ['tags', 'vip', '"vip"'],
    ['assigned_to_id', foreign.member.profileId, "the other tenant's member"],
    ['owner_id', foreign.member.profileId, "the other tenant's member"],
    ['tenant_id', foreign.orgId, 'the other tenant'],
    ['org_id', foreign.orgId, 'the other tenant'],
    ['id', own.records.leads[0]!, "the own tenant's lead"],
    ['lead_id', foreign.records.leads[0]!, "the other tenant's lead"],
    ['form_id', foreign.webForm.id, "the other tenant's form"],
    ['public_key', foreign.webForm.publicKey, "the other tenant's form's key"],
    ['custom_fields', '{}', '"{}"'],
    ['received_at', '2001-01-01T00:00:00.000Z', 'a past time'],
    ['created_by', foreign.admin.profileId, "the other tenant's admin"],
  ];
  for (const [name, value, label] of serverFields) inEvery('injected server fields', `${name}: ${label}`, [...base, [name, value]]);

  // Wrong types (JSON carries them), arrays and repeated fields (every encoding).
  const documented = Object.entries(submission.body!.schema.properties ?? {}).filter(([name]) => name !== HONEYPOT);
  const customSchema = (submission.body!.schema as Schema & { additionalProperties?: Schema }).additionalProperties as Schema | undefined;
  for (const [name, schema] of [...documented, ['cf_note', customSchema ?? {}] as [string, Schema]]) {
    // Not null: the service takes null as a blank field, as every optional text field of the API (the
    // document of this body says `string` only, without null: a discrepancy of the contract, reported).
    for (const value of wrongTypeValues(schema).filter((wrong) => wrong !== null)) add('wrong types', `${name}: ${JSON.stringify(value)} (JSON)`, withJsonValue(name, value));
    // A custom field's value is kept as sent (any JSON number or string): only its size and Infinity are wrong there.
    const huge = name === 'cf_note' ? hugeValues({ type: 'string' }) : hugeValues(schema);
    for (const { name: kind, value } of huge) add('huge values', `${name}: ${kind} (JSON)`, withJsonValue(name, value));
    add('huge values', `${name}: 1e400 (JSON)`, post(jsonText(base.filter(([field]) => field !== name)).replace(/\}$/, `,${JSON.stringify(name)}:1e400}`), 'application/json'));
  }
  for (const name of ['first_name', 'email', 'message', 'cf_note']) {
    const value = base.find(([field]) => field === name)?.[1] ?? 'x';
    const twice: Field[] = [...withField(base, name, value), [name, value]];
    for (const encoding of ['url-encoded', 'multipart'] as const) add('wrong types', `${name} repeated (${encoding})`, postEncoded(encoding, twice));
    add('wrong types', `${name}: a list of two (JSON)`, withJsonValue(name, [value, value]));
  }
  add('wrong types', 'cf_deep: 2,000 arrays deep (JSON)', post(validJson.replace(/\}$/, `,"cf_deep":${'['.repeat(2_000)}${']'.repeat(2_000)}}`), 'application/json'));
  add('wrong types', 'cf_deep: 2,000 objects deep (JSON)', post(validJson.replace(/\}$/, `,"cf_deep":${nestedObjects(2_000)}}`), 'application/json'));

  // Over-long values (the lead's own limits), bodies over 16 KB, and huge numbers of fields.
  const limits = { ...leadFieldLimits(context.operations), message: MESSAGE_MAX };
  for (const [name, max] of Object.entries(limits)) inEvery('huge values', `${name}: ${max + 1} characters`, withField(base, name, overLong(name, max)));
  for (const encoding of ENCODINGS) {
    const over = paddedTo(encoding, base, BODY_LIMIT + 1);
    add('huge values', `valid fields, 16 KB + 1 byte (${encoding})`, post(over.body, over.contentType));
    const multibyte = paddedTo(encoding, base, BODY_LIMIT + 1, 'ü');
    add('huge values', `over 16 KB in bytes, under in characters (${encoding})`, post(multibyte.body, multibyte.contentType));
    const megabyte = paddedTo(encoding, base, 1024 * 1024);
    add('huge values', `a 1 MB body (${encoding})`, post(megabyte.body, megabyte.contentType));
    const manyUnknown = encoded(encoding, [...base, ...Array.from({ length: 20_000 }, (_, index): Field => [`f${index}`, ''])]);
    add('huge values', `20,000 unknown fields (${encoding})`, post(manyUnknown.body, manyUnknown.contentType));
    // As many as fit in 16 KB: refused for being unknown, not for their size.
    const fitting = encoding === 'multipart' ? 120 : 1_000;
    const someUnknown = encoded(encoding, [...base, ...Array.from({ length: fitting }, (_, index): Field => [`f${index}`, ''])]);
    add('huge values', `${fitting.toLocaleString('en')} unknown fields within 16 KB (${encoding})`, post(someUnknown.body, someUnknown.contentType));
    const longName = encoded(encoding, [...base, ['n'.repeat(10_000), 'x']]);
    add('huge values', `a field name of 10,000 characters (${encoding})`, post(longName.body, longName.contentType));
  }
  add('huge values', 'a 12 MB body (JSON)', post(paddedTo('JSON', base, 12 * 1024 * 1024).body, 'application/json'));
  add('huge values', '17 KB chunked, without Content-Length (JSON)', post(paddedTo('JSON', base, BODY_LIMIT + 1024).body, 'application/json', { headers: { 'transfer-encoding': 'chunked' } }));
  add('huge values', 'gzip of 1 MB inflating past 16 KB (JSON)', post(gzipSync(paddedTo('JSON', base, 1024 * 1024).body), 'application/json', { headers: { 'content-encoding': 'gzip' } }));
  add('huge values', 'gzip of 1 MB inflating past 16 KB (url-encoded)', post(gzipSync(paddedTo('url-encoded', base, 1024 * 1024).body), FORM, { headers: { 'content-encoding': 'gzip' } }));
  add('huge values', '1,000 custom fields holding objects (JSON)', json([...base, ...Array.from({ length: 1_000 }, (_, index): [string, unknown] => [`cf_k${index}`, {}])]));
  add('huge values', 'a body 100,000 arrays deep (JSON)', post(`${'['.repeat(100_000)}${']'.repeat(100_000)}`, 'application/json'));
  add('huge values', 'a body 100,000 objects deep (JSON)', post(nestedObjects(100_000), 'application/json'));

  // Values the lead's rules refuse; text the database cannot hold (NUL, unpaired surrogates, invalid UTF-8).
  for (const email of ['not-an-email', 'ada@', 'two@at@example.test', 'ada@example..test', 'ada@example.test\r\nBcc: x@example.test']) {
    inEvery('invalid values', `email: ${JSON.stringify(email)}`, withField(base, 'email', email));
  }
  for (const name of ['first_name', 'message', 'cf_note', HONEYPOT]) inEvery('invalid values', `${name}: a NUL character`, withField(base, name, 'a\u0000b'));
  inEvery('invalid values', 'a NUL character in a field name', [...base, ['cf_a\u0000b', 'x']]);
  for (const name of ['first_name', 'message', 'cf_note']) {
    for (const [kind, text] of MALFORMED_UNICODE) add('invalid values', `${name}: ${kind} (JSON)`, withJsonValue(name, text));
  }
  add('invalid values', 'an unpaired surrogate in a field name (JSON)', post(validJson.replace(/\}$/, ',"cf_\\ud800":"x"}'), 'application/json'));
  // The same text as a client that does not check its UTF-8 sends it: the surrogate's three bytes, or bytes of no character.
  const rawBytes: Array<[string, number[]]> = [
    ['an unpaired surrogate as UTF-8 bytes (ED A0 80)', [0xed, 0xa0, 0x80]],
    ['invalid UTF-8 (FF FE)', [0xff, 0xfe]],
    ['a truncated UTF-8 sequence (E0 A4)', [0xe0, 0xa4]],
    ['an overlong "/" (C0 AF)', [0xc0, 0xaf]],
  ];
  const others = base.filter(([name]) => name !== 'first_name');
  for (const [kind, bytes] of rawBytes) {
    const text = Buffer.from(bytes);
    const [before, after] = jsonText([...others, ['first_name', '@@']]).split('@@') as [string, string];
    add('invalid values', `first_name: ${kind}, raw (JSON)`, post(Buffer.concat([Buffer.from(before), text, Buffer.from(after)]), 'application/json'));
    add('invalid values', `first_name: ${kind}, raw (url-encoded)`, post(Buffer.concat([Buffer.from(`${urlEncodedText(others)}&first_name=`), text]), FORM));
    add('invalid values', `first_name: ${kind}, raw (multipart)`, post(multipartBody([...others, ['first_name', text]]), MULTIPART));
  }
  inEvery('invalid values', 'no field but the honeypot, empty', [[HONEYPOT, '']]);
  inEvery('invalid values', 'every field blank', base.map(([name]) => [name, ' ']));
  add('invalid values', 'an empty object (JSON)', post('{}', 'application/json'));
  add('invalid values', 'no body at all', post('', undefined));
  add('invalid values', 'an Idempotency-Key of 256 characters', post(validJson, 'application/json', { headers: { 'idempotency-key': 'k'.repeat(256) } }));

  // Malformed percent-encoding (url-encoded only): escapes cut short or not hex, and bytes of no UTF-8 character.
  const escapes: Array<[string, string]> = [
    ['an escape cut short (%E0%A4%A)', '%E0%A4%A'],
    ['a lone "%"', '%'],
    ['"%" and no hex (%ZZ)', '%ZZ'],
    ['"%" and one hex digit at the end (%4)', 'Ada%4'],
    ['an encoded byte of no UTF-8 character (%FF)', '%FF'],
    ['an encoded truncated sequence (%C3)', 'Ada%C3'],
    ['an encoded invalid continuation (%C3%28)', '%C3%28'],
    ['an encoded unpaired surrogate (%ED%A0%80)', '%ED%A0%80'],
    ['an encoded overlong "/" (%C0%AF)', '%C0%AF'],
    ['an encoded code point past U+10FFFF (%F4%90%80%80)', '%F4%90%80%80'],
    ['an encoded NUL (%00)', 'a%00b'],
    ['a "%u" escape (%u0041)', '%u0041'],
  ];
  for (const [kind, escape] of escapes) {
    add('bad url-encoding', `first_name: ${kind}`, post(`${urlEncodedText(base.filter(([name]) => name !== 'first_name'))}&first_name=${escape}`, FORM));
    add('bad url-encoding', `a field name with ${kind}`, post(`${validUrlEncoded}&cf_${escape}=x`, FORM));
  }

  // Multipart that is not a form of text fields: files, and bodies that are not well-formed multipart.
  const file = (name: string, filename: string, content: string | Buffer = 'hello'): Part => ({ name, filename, content });
  const parts = (...extra: Part[]) => multipart([...base.map(([name, content]) => ({ name, content })), ...extra]);
  add('bad multipart', 'a file', post(parts(file('attachment', 'cv.pdf', '%PDF-1.4')), MULTIPART));
  add('bad multipart', 'first_name sent as a file', post(multipart([...base.slice(1).map(([name, content]) => ({ name, content })), file('first_name', 'name.txt', 'Ada')]), MULTIPART));
  add('bad multipart', 'an empty file input (filename="")', post(parts(file('attachment', '', '')), MULTIPART));
  add('bad multipart', 'a file named with a path (../../etc/passwd)', post(parts(file('cf_cv', '../../etc/passwd', 'root:x:0:0')), MULTIPART));
  add('bad multipart', 'the honeypot sent as a file', post(parts(file(HONEYPOT, 'a.txt', 'x')), MULTIPART));
  add('bad multipart', 'the closing boundary missing', post(multipart(base.map(([name, content]) => ({ name, content })), { closed: false }), MULTIPART));
  add('bad multipart', 'cut off inside the part headers', post(validMultipart.subarray(0, 40), MULTIPART));
  add('bad multipart', 'no boundary parameter', post(validMultipart, 'multipart/form-data'));
  add('bad multipart', 'a boundary the body does not use', post(validMultipart, 'multipart/form-data; boundary=another'));
  add('bad multipart', 'a part without Content-Disposition', post(multipart([...base.map(([name, content]) => ({ name, content })), { name: 'x', content: 'x', bare: true }]), MULTIPART));
  add('bad multipart', 'a Content-Disposition without a name', post(validMultipart.toString('utf8').replace('form-data; name="first_name"', 'form-data'), MULTIPART));
  add('bad multipart', 'no parts, only the closing boundary', post(multipart([]), MULTIPART));
  add('bad multipart', '10,000 parts', post(multipart(Array.from({ length: 10_000 }, (_, index) => ({ name: `f${index}`, content: 'x' }))), MULTIPART));

  // Keys that open no active form: malformed, unknown, inactive, deleted, ids in place of keys, another
  // spelling of the real one; on the submission and its preflight.
  const key = own.webForm.publicKey;
  const keys: Array<[string, string]> = [
    ["the own form's id", own.webForm.id],
    ["the other tenant's form's id", foreign.webForm.id],
    ['the own inactive form', own.inactiveWebForm.publicKey],
    ["the other tenant's inactive form", foreign.inactiveWebForm.publicKey],
    ['the own deleted form', own.deletedWebFormKey],
    ["the other tenant's deleted form", foreign.deletedWebFormKey],
    ['the key with a character more', `${key}A`],
    ['the key without its last character', key.slice(0, -1)],
    ['the key in lower case', key.toLowerCase() === key ? `${key}x` : key.toLowerCase()],
    ['the key with an encoded space after it', `${key}%20`],
    ['the key with an encoded NUL after it', `${key}%00`],
    ['the key with an encoded slash after it', `${key}%2F`],
    ['the key with a ";" parameter', `${key};x=1`],
    ['the key percent-encoded character by character', [...key].map((character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`).join('')],
    ['the key percent-encoded in part', `%${key.charCodeAt(0).toString(16).toUpperCase()}${key.slice(1)}`],
    ['128 characters, well-formed, of no form', 'a'.repeat(128)],
    ['129 characters', 'a'.repeat(129)],
    ['10,000 characters', 'a'.repeat(10_000)],
    ['"-"', '-'],
    ['"_"', '_'],
    ['"*" encoded', '%2A'],
    ['"." encoded', '%2e'],
    ['a non-ASCII character', '%E2%9C%93'],
    ['a malformed escape', '%ZZ'],
    ['SQL', encodeURIComponent("' OR '1'='1")],
    ['a template', encodeURIComponent('{publicKey}')],
  ];
  for (const [name, bad] of keys) {
    add('bad public keys', `{publicKey}: ${name}`, post(validJson, 'application/json', { path: pathOf(bad) }));
    add('bad public keys', `{publicKey}: ${name}`, { method: 'OPTIONS', path: pathOf(bad), headers: { origin: own.webForm.origin, 'access-control-request-method': 'POST' } }, 'refused', preflight);
  }
  for (const [name, path] of [
    ['no key', '/api/public/web-forms//submissions/'],
    ['no key segment', '/api/public/web-forms/submissions/'],
    ['the key twice', `/api/public/web-forms/${key}/${key}/submissions/`],
    ['the key in the query', `/api/public/web-forms/submissions/?public_key=${key}`],
  ] as const) {
    add('bad public keys', `${name}`, post(validJson, 'application/json', { path }));
  }

  // Origins the form does not list: the submission (with a valid body) and its preflight.
  const site = new URL(own.webForm.origin);
  const origins: Array<[string, string]> = [
    ['another site', 'https://evil.test'],
    ['"null" (a sandboxed frame, a file)', 'null'],
    ["the other tenant's site", foreign.webForm.origin],
    ['the site over http', `http://${site.host}`],
    ['the site on another port', `${own.webForm.origin}:8443`],
    ['a host ending in the site', `https://evil${site.host}`],
    ['the site as a subdomain of another', `${own.webForm.origin}.evil.test`],
    ['the site with a path', `${own.webForm.origin}/contact`],
    ['two origins', `${own.webForm.origin} https://evil.test`],
  ];
  for (const [name, origin] of origins) {
    add('disallowed origins', `Origin: ${name}`, post(validJson, 'application/json', { headers: { origin } }));
    add('disallowed origins', `Origin: ${name}, url-encoded`, post(validUrlEncoded, FORM, { headers: { origin } }));
    add('disallowed origins', `Origin: ${name}`, { method: 'OPTIONS', path: ownPath, headers: { origin, 'access-control-request-method': 'POST' } }, 'refused', preflight);
  }

  // A form that lists origins takes nothing from a request that names no page (docs/security.md §10.4):
  // neither Origin nor Referer, or a Referer elsewhere.
  add('disallowed origins', 'no Origin, no Referer', post(validJson, 'application/json', { headers: { origin: undefined } }));
  add('disallowed origins', 'no Origin, no Referer, url-encoded', post(validUrlEncoded, FORM, { headers: { origin: undefined } }));
  add('disallowed origins', 'no Origin, a Referer on another site', post(validUrlEncoded, FORM, { headers: { origin: undefined, referer: 'https://evil.test/contact' } }));
  add('disallowed origins', 'no Origin, a Referer naming the site in its path', post(validUrlEncoded, FORM, { headers: { origin: undefined, referer: `https://evil.test/${own.webForm.origin}` } }));

  // The honeypot filled: the decoy 201 (or a refusal), whatever else the body holds, and nothing stored.
  inEvery('honeypot', 'filled, the rest valid', [...base, [HONEYPOT, 'https://spam.test']], 'decoy');
  inEvery('honeypot', 'filled with spaces', [...base, [HONEYPOT, '   ']], 'decoy');
  inEvery('honeypot', 'filled, and an unknown field', [...base, [HONEYPOT, 'x'], ['nickname', 'x']], 'decoy');
  inEvery('honeypot', 'filled, and an over-long first_name', [...withField(base, 'first_name', 'x'.repeat(300)), [HONEYPOT, 'x']], 'decoy');
  inEvery('honeypot', 'filled, and an invalid e-mail', [...withField(base, 'email', 'not-an-email'), [HONEYPOT, 'x']], 'decoy');
  inEvery('honeypot', "filled, to the other tenant's form", [...base, [HONEYPOT, 'x']], 'decoy', foreignPath);
  for (const encoding of ['url-encoded', 'multipart'] as const) add('honeypot', `repeated (${encoding})`, postEncoded(encoding, [...base, [HONEYPOT, 'x'], [HONEYPOT, 'y']]), 'decoy');
  for (const value of [7, 12.5, true, ['x'], { url: 'x' }]) add('honeypot', `${HONEYPOT}: ${JSON.stringify(value)} (JSON)`, withJsonValue(HONEYPOT, value), 'decoy');
  add('honeypot', 'filled, from an origin the form does not list', post(jsonText([...base, [HONEYPOT, 'x']]), 'application/json', { headers: { origin: 'https://evil.test' } }), 'decoy');

  // The other tenant's live form: bad bodies are refused there too, and its answers tell nothing of it.
  const other = (name: string) => `the other tenant's form: ${name}`;
  inEvery('unknown fields', other('an unknown field'), [...base, ['nickname', 'x']], 'refused', foreignPath);
  inEvery('huge values', other('first_name of 256 characters'), withField(base, 'first_name', 'x'.repeat(256)), 'refused', foreignPath);
  inEvery('invalid values', other('a NUL character'), withField(base, 'first_name', 'a\u0000b'), 'refused', foreignPath);
  inEvery('injected server fields', other("lead_id: the own tenant's lead"), [...base, ['lead_id', own.records.leads[0]!]], 'refused', foreignPath);
  add('malformed JSON', other('an unclosed object'), post('{"email": "x', 'application/json', { path: foreignPath }));
  add('bad multipart', other('a file'), post(parts(file('attachment', 'cv.pdf')), MULTIPART, { path: foreignPath }));
  add('huge values', other('valid fields, 16 KB + 1 byte (JSON)'), post(paddedTo('JSON', base, BODY_LIMIT + 1).body, 'application/json', { path: foreignPath }));
  add('disallowed origins', other("Origin: the own tenant's site"), post(validJson, 'application/json', { path: foreignPath, headers: { origin: own.webForm.origin } }));
  add('disallowed origins', other("Origin: the own tenant's site"), { method: 'OPTIONS', path: foreignPath, headers: { origin: own.webForm.origin, 'access-control-request-method': 'POST' } }, 'refused', preflight);
  return cases;
}
