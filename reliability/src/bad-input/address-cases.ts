import { fillPath, type Parameter, type PublicOperation } from '../support/public-operations';
import { pathValues, type Entity } from '../support/two-tenants';
import { validRequest } from '../support/valid-requests';
import { BAD_DATES, BAD_DAYS, callerToken, type Case, type Category, type CorpusContext, type Expectation } from './cases';
import { acceptedBy } from './schema-values';

/**
 * Bad addresses: malformed, absent or mis-encoded ids in every path parameter of every operation (sent
 * with a body the operation accepts, so a wrong match would show as a change), and bad query parameters
 * on every read that documents some (exports take their list's filters): values the parameter's schema
 * refuses, out-of-range pages, bad dates, unknown or repeated or nested parameters, and filters on the
 * other tenant's ids or custom fields.
 */
const BAD_IDS: Array<[string, (ownId: string) => string]> = [
  ['not a UUID', () => 'not-a-uuid'],
  ['a UUID of nothing', () => '00000000-0000-4000-8000-000000000000'],
  ['the own id in upper case', (id) => id.toUpperCase()],
  ['the own id with a character more', (id) => `${id}0`],
  ['the own id in braces', (id) => encodeURIComponent(`{${id}}`)],
  ['an encoded NUL', () => '%00'],
  ['an encoded quote and SQL', () => encodeURIComponent("1' OR '1'='1")],
  ['an encoded dot-dot', () => '%2e%2e'],
  ['an encoded slash', (id) => `${id}%2F..`],
  ['a malformed escape', () => '%E0%A4%A'],
  ['1,000 characters', () => 'a'.repeat(1000)],
  ['-1', () => '-1'],
];

/** Query values by how the contract or the design refuses them, with the expectation for each. */
function badQueryValues(parameter: Parameter): Array<{ name: string; value: string; expect: Expectation }> {
  const found: Array<{ name: string; value: string; expect: Expectation }> = [];
  const candidates = ['not-valid!', '', '-1', '1.5', '1e3', ' 1', '9'.repeat(12), 'nope', '--created_at', 'created_at,email', 'password'];
  if (parameter.schema.maxLength !== undefined) candidates.push('x'.repeat(parameter.schema.maxLength + 1));
  for (const value of candidates) if (!acceptedBy(parameter.schema, value)) found.push({ name: `${JSON.stringify(value.slice(0, 20))}`, value, expect: 'refused' });
  const { name } = parameter;
  if (name === 'page') found.push({ name: '0', value: '0', expect: 'refused' }, { name: 'past the end', value: '999999999', expect: 'harmless' });
  if (name === 'page_size') found.push({ name: '0', value: '0', expect: 'refused' }, { name: '101', value: '101', expect: 'refused' });
  if (/__(gte|lte)$/.test(name)) {
    // created_at and updated_at take a day or a timestamp, a date field (due_date) a day only.
    const others = /^(created|updated)_at__/.test(name) ? ['2026-01-01T25:00:00Z', '2026-01-01T00:00:00+99:00', '2026-13-45', '0', `2026-01-01${'0'.repeat(300)}`] : ['2026-01-01T00:00:00Z'];
    for (const value of [...BAD_DATES, ...others]) found.push({ name: JSON.stringify(value.slice(0, 30)), value, expect: 'refused' });
  }
  if (['status', 'source', 'stage', 'priority'].includes(name)) found.push({ name: 'not a choice', value: 'bogus', expect: 'refused' });
  if (name === 'search' || name === 'tags') {
    for (const value of ["' OR 1=1 --", '%', '_', 'a\u0000b', '\\', ',,,', 'ü'.repeat(50)]) found.push({ name: JSON.stringify(value), value, expect: 'harmless' });
  }
  return found;
}

/** The ids a filter parameter names, per parameter: the other tenant's record of that kind. */
const FILTER_IDS: Record<string, (context: CorpusContext, entity: Entity) => string> = {
  assigned_to: ({ foreign }) => foreign.member.profileId,
  owner: ({ foreign }) => foreign.member.profileId,
  account: ({ foreign }) => foreign.records.accounts[0]!,
  contact: ({ foreign }) => foreign.records.contacts[0]!,
  lead: ({ foreign }) => foreign.records.leads[0]!,
  opportunity: ({ foreign }) => foreign.records.opportunities[0]!,
  record_id: ({ foreign }) => foreign.records.leads[0]!,
};

/** A request the operation would accept from the caller, at `path`: its valid body, or a valid upload. */
export const acceptedRequest = (context: CorpusContext, operation: PublicOperation, path: string) =>
  validRequest(operation, context.own, path, callerToken(context, operation));

export function pathCases(context: CorpusContext): Case[] {
  const cases: Case[] = [];
  for (const operation of context.operations) {
    const own = pathValues(context.own, operation.resource, operation.pathParameters);
    for (const parameter of operation.pathParameters) {
      for (const [name, bad] of BAD_IDS) {
        const path = fillPath(operation.path, { ...own, [parameter.name]: bad(own[parameter.name]!) });
        cases.push({
          category: 'bad path ids',
          operation: operation.key,
          name: `{${parameter.name}}: ${name}`,
          request: acceptedRequest(context, operation, path),
          expect: 'refused',
          authenticated: !operation.anonymous,
        });
      }
    }
  }
  return cases;
}

/** A read's query parameters; an export takes those of its entity's list. */
function queryParametersOf(operation: PublicOperation, operations: PublicOperation[]): Parameter[] {
  if (!operation.path.endsWith('/export/')) return operation.queryParameters;
  return operations.find((other) => other.key === `GET /api/${operation.resource}/`)?.queryParameters ?? [];
}

export function queryCases(context: CorpusContext): Case[] {
  const cases: Case[] = [];
  for (const operation of context.operations) {
    if (operation.method !== 'GET') continue;
    const parameters = queryParametersOf(operation, context.operations);
    if (parameters.length === 0) continue;
    const entity = operation.resource as Entity;
    const path = fillPath(operation.path, pathValues(context.own, operation.resource, operation.pathParameters));
    const add = (category: Category, name: string, query: string, expect: Expectation) =>
      cases.push({ category, operation: operation.key, name, request: { ...acceptedRequest(context, operation, `${path}?${query}`) }, expect, authenticated: true });
    const param = (name: string, value: string) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`;
    for (const parameter of parameters) {
      for (const bad of badQueryValues(parameter)) add('bad query parameters', `${parameter.name}: ${bad.name}`, param(parameter.name, bad.value), bad.expect);
      add('bad query parameters', `${parameter.name}: repeated`, `${param(parameter.name, 'a')}&${param(parameter.name, 'b')}`, 'refused');
      add('bad query parameters', `${parameter.name}: as an array`, `${encodeURIComponent(parameter.name)}[]=1`, 'refused');
      add('bad query parameters', `${parameter.name}: as an object`, `${encodeURIComponent(parameter.name)}[$ne]=1`, 'refused');
      const foreignId = FILTER_IDS[parameter.name];
      if (foreignId) add('foreign ids in filters', `${parameter.name}: the other tenant's`, param(parameter.name, foreignId(context, entity)), 'harmless');
    }
    add('bad query parameters', 'an unknown parameter', 'nickname=x', 'refused');
    add('bad query parameters', 'an unknown custom field', 'cf_nope=1', 'refused');
    if (context.own.definitions[entity] && parameters.some((parameter) => parameter.name === 'search')) {
      const { key, dateKey } = context.own.definitions[entity];
      for (const value of ['abc', '1e400', 'NaN', '', '1,5']) add('bad query parameters', `cf_${key} (a number field): ${JSON.stringify(value)}`, param(`cf_${key}`, value), 'refused');
      for (const value of BAD_DAYS) add('bad query parameters', `cf_${dateKey} (a date field): ${JSON.stringify(value)}`, param(`cf_${dateKey}`, value), 'refused');
    }
    if (context.foreign.definitions[entity]) {
      add('foreign ids in filters', "the other tenant's custom field", param(`cf_${context.foreign.definitions[entity].key}`, '7'), 'refused');
    }
  }
  return cases;
}
