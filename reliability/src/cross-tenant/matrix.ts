import { matchRoute, ROUTE_TABLE, type RouteEntry } from '@crm/gateway';
import { fillPath, type Parameter, type PublicOperation } from '../support/public-operations';
import type { RawRequest } from '../support/raw-request';
import { BODY_ID_PROPERTIES, pathValues, SHARED_VALUES, type Entity, type TenantFixture } from '../support/two-tenants';
import { fileField, generalised, isImport, multipart, MULTIPART, validBody, validRequest } from '../support/valid-requests';

/**
 * The cross-tenant matrix: for every documented operation (and every undocumented method on a documented
 * path, so each route-table entry is reached), the attacker tenant's admin, member and API token call it
 * with the victim tenant's ids in the path, the victim's ids in the body, and look for the victim's data
 * through lists, filters, searches, exports and duplicate checks.
 */
export const KINDS = ["victim's ids in the path", "victim's ids in the body", "looking for the victim's data", 'undocumented method', 'anonymous'] as const;
export type Kind = (typeof KINDS)[number];

/**
 * - `refused`: must not succeed (a 2xx reads or changes the victim's data);
 * - `reported`: an import preview may answer 200, but only reporting the victim's ids as invalid;
 * - `read`: may succeed, but nothing of the victim's may be in the answer;
 * - `independent`: a name unique per tenant, taken by the victim: a 409 would tell the attacker the
 *   victim has it.
 * In every case, no id or marker of the victim's that the request did not itself carry may appear.
 */
export type Expectation = 'refused' | 'reported' | 'read' | 'independent';

export interface Actor {
  name: string;
  token: string;
}

export interface TenantCase {
  /** The documented operation, or `METHOD /template/ (undocumented)`. */
  operation: string;
  kind: Kind;
  actor: string;
  name: string;
  request: RawRequest;
  expect: Expectation;
  /** The route-table entry answering the request (undefined: none, the gateway answers 404). */
  route: RouteEntry | undefined;
  /**
   * Sent after every other case: it may give the attacker a record named like the victim's (a custom
   * field with the victim's key), which would then show in the attacker's own answers.
   */
  last?: boolean;
}

export interface MatrixContext {
  operations: PublicOperation[];
  attacker: TenantFixture;
  victim: TenantFixture;
  actors: Actor[];
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** For a filter naming a record or a profile: the victim's ones. */
const FILTER_IDS: Record<string, (victim: TenantFixture) => string[]> = {
  assigned_to: (victim) => [victim.member.profileId, victim.admin.profileId],
  owner: (victim) => [victim.member.profileId, victim.admin.profileId],
  account: (victim) => victim.records.accounts,
  contact: (victim) => victim.records.contacts,
  lead: (victim) => victim.records.leads,
  opportunity: (victim) => victim.records.opportunities,
  record_id: (victim) => [...victim.records.leads, ...victim.records.contacts, ...victim.records.accounts, victim.member.profileId],
};

/**
 * Headers a client might hope the services trust (the gateway must drop or replace them): the victim's
 * tenant, profile and user, and a made-up internal token.
 */
const identityHeaders = (victim: TenantFixture): Record<string, string> => ({
  'x-tenant-id': victim.orgId,
  'x-org-id': victim.orgId,
  'x-profile-id': victim.admin.profileId,
  'x-user-id': victim.admin.userId,
  'x-crm-internal-token': 'forged.internal.token',
});

/** Filter values that find the victim's records by what they hold. */
const textProbes = (victim: TenantFixture): Record<string, string[]> => ({
  search: [victim.marker, `Company ${victim.marker}`, SHARED_VALUES.leadEmail, SHARED_VALUES.phone],
  tags: [victim.marker],
  type: ['lead.created', 'contact.created'],
});

export function buildMatrix(context: MatrixContext): TenantCase[] {
  const cases: TenantCase[] = [];
  for (const operation of context.operations) {
    for (const actor of operation.anonymous ? [undefined] : context.actors) {
      const add = (kind: Kind, name: string, request: RawRequest, expect: Expectation) =>
        cases.push({ operation: operation.key, kind, actor: actor?.name ?? 'anonymous', name, request, expect, route: routeOf(request) });
      if (operation.anonymous) anonymousCases(operation, context, add);
      else {
        pathCases(operation, context, actor!.token, add);
        bodyCases(operation, context, actor!.token, add);
        lookingCases(operation, context, actor!.token, add);
      }
      if (actor === context.actors[0]) {
        for (const collision of collisionCases(operation, context, actor.token)) {
          cases.push({ operation: operation.key, kind: "victim's ids in the body", actor: actor.name, ...collision, route: routeOf(collision.request), last: true });
        }
      }
    }
  }
  return [...cases, ...undocumentedMethodCases(context)];
}

type Add = (kind: Kind, name: string, request: RawRequest, expect: Expectation) => void;

const routeOf = (request: RawRequest) => matchRoute(ROUTE_TABLE, request.method, request.path.split('?')[0]!);

export const EVERY_ID_THE_VICTIMS = "every id the victim's";

/** The victim's ids in every path parameter; with two, also the attacker's record holding the victim's note or file. */
function pathCases(operation: PublicOperation, context: MatrixContext, token: string, add: Add): void {
  if (operation.pathParameters.length === 0) return;
  const { attacker, victim } = context;
  const victimValues = pathValues(victim, operation.resource, operation.pathParameters);
  const victimPath = fillPath(operation.path, victimValues);
  add("victim's ids in the path", EVERY_ID_THE_VICTIMS, validRequest(operation, attacker, victimPath, token, 'xt'), 'refused');
  if (operation.method === 'GET') add("victim's ids in the path", `${EVERY_ID_THE_VICTIMS} (HEAD)`, { ...validRequest(operation, attacker, victimPath, token), method: 'HEAD' }, 'refused');
  if (operation.pathParameters.length > 1) {
    const last = operation.pathParameters.at(-1)!.name;
    const mixed = { ...pathValues(attacker, operation.resource, operation.pathParameters), [last]: victimValues[last]! };
    add("victim's ids in the path", `own record, the victim's {${last}}`, validRequest(operation, attacker, fillPath(operation.path, mixed), token, 'xt'), 'refused');
  }
}

/** The victim's ids (and custom field, and org) in the body of a request on the attacker's own records. */
function bodyCases(operation: PublicOperation, context: MatrixContext, token: string, add: Add): void {
  const { attacker, victim } = context;
  const entity = operation.resource as Entity;
  const ownPath = fillPath(operation.path, pathValues(attacker, operation.resource, operation.pathParameters));
  if (operation.body?.contentType === 'application/json') {
    const properties = operation.body.schema.properties ?? {};
    const base = validBody(operation, attacker, 'xt');
    const readOnly = operation.route.bucket === 'read';
    const send = (name: string, body: Record<string, unknown>) =>
      add("victim's ids in the body", name, { method: operation.method, path: ownPath, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) }, readOnly ? 'read' : 'refused');
    for (const name of Object.keys(properties)) {
      const victimId = BODY_ID_PROPERTIES[name];
      if (victimId) send(`${name}: the victim's`, { ...base, [name]: name.endsWith('_ids') ? [victimId(victim, entity)] : victimId(victim, entity) });
    }
    if ('custom_fields' in properties) send("custom_fields: the victim's field", { ...base, custom_fields: { [victim.definitions[entity].key]: 1 } });
    if ('org' in properties) send("org: the victim's", { ...base, org: victim.orgId });
  }
  if (operation.body?.contentType === 'multipart/form-data' && isImport(operation)) {
    for (const [column, victimId] of [['assigned_to_id', victim.member.profileId], ['owner_id', victim.member.profileId], ['account_id', victim.records.accounts[0]!]] as const) {
      if (!(column in (context.operations.find((other) => other.key === `POST /api/${entity}/`)?.body?.schema.properties ?? {}))) continue;
      const csv = `first_name,${column}\r\nImported,${victimId}\r\n`;
      add(
        "victim's ids in the body",
        `CSV ${column}: the victim's`,
        { method: operation.method, path: ownPath, headers: { 'content-type': MULTIPART, authorization: `Bearer ${token}` }, body: multipart([{ name: fileField(operation), filename: 'x.csv', content: csv }]) },
        operation.path.endsWith('/preview/') ? 'reported' : 'refused',
      );
    }
  }
}

/** Values unique within a tenant, by operation: the victim's, sent by the attacker's admin. */
const COLLISIONS: Record<string, (victim: TenantFixture, entity: Entity) => { name: string; change: Record<string, unknown>; expect: Expectation }> = {
  'POST /api/{entity}/custom-fields/': (victim, entity) => ({ name: "the victim's custom-field key", change: { key: victim.definitions[entity].key }, expect: 'independent' }),
  'POST /api/auth/api-tokens/': (victim) => ({ name: "the victim's API token name", change: { name: `token ${victim.marker}` }, expect: 'independent' }),
  // E-mail addresses are one identity across tenants (409 by design); a 2xx must not hand over the victim's user.
  'POST /api/auth/users/': (victim) => ({ name: "the victim's member's e-mail", change: { email: victim.member.email }, expect: 'read' }),
  // A change acts on the caller's own account only: a wrong current password is refused, and nothing names another.
  'POST /api/auth/password/change/': () => ({ name: "a guess at the victim's password as the current one", change: { current_password: 'attacker guess 123' }, expect: 'refused' }),
};

function collisionCases(operation: PublicOperation, context: MatrixContext, token: string): Array<Pick<TenantCase, 'name' | 'request' | 'expect'>> {
  const { key, entity } = generalised(operation);
  const collision = COLLISIONS[key]?.(context.victim, entity);
  if (!collision) return [];
  const body = { ...validBody(operation, context.attacker, 'xt'), ...collision.change };
  const path = fillPath(operation.path, pathValues(context.attacker, operation.resource, operation.pathParameters));
  const request = { method: operation.method, path, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) };
  return [{ name: collision.name, request, expect: collision.expect }];
}

/** A read's filters; an export takes those of its entity's list. */
function filtersOf(operation: PublicOperation, operations: PublicOperation[]): Parameter[] {
  if (!operation.path.endsWith('/export/')) return operation.queryParameters;
  return operations.find((other) => other.key === `GET /api/${operation.resource}/`)?.queryParameters ?? [];
}

/**
 * Reads on the attacker's own paths, plain and with every filter set to the victim's ids or values, and
 * duplicate checks with the victim's e-mail, phone, names and company.
 */
function lookingCases(operation: PublicOperation, context: MatrixContext, token: string, add: Add): void {
  const { attacker, victim } = context;
  const ownPath = fillPath(operation.path, pathValues(attacker, operation.resource, operation.pathParameters));
  const read = (name: string, query: string) => add("looking for the victim's data", name, { method: 'GET', path: `${ownPath}${query}`, headers: { authorization: `Bearer ${token}` } }, 'read');
  if (operation.method === 'GET') {
    const filters = filtersOf(operation, context.operations);
    const names = new Set(filters.map((filter) => filter.name));
    read('no filter', names.has('page_size') ? '?page_size=100' : '');
    add("looking for the victim's data", 'identity headers naming the victim', { method: 'GET', path: ownPath, headers: { authorization: `Bearer ${token}`, ...identityHeaders(victim) } }, 'read');
    for (const filter of filters) {
      const values = [...(FILTER_IDS[filter.name]?.(victim) ?? []), ...(textProbes(victim)[filter.name] ?? [])];
      for (const value of values) read(`${filter.name}=${value}`, `?${new URLSearchParams({ [filter.name]: value })}`);
    }
    const entity = operation.resource as Entity;
    if (victim.definitions[entity] && names.has('search')) read("the victim's custom field as a filter", `?cf_${victim.definitions[entity].key}=7`);
  }
  if (operation.method === 'POST' && operation.path.endsWith('/duplicates/')) {
    const properties = operation.body?.schema.properties ?? {};
    const probe = {
      email: operation.resource === 'leads' ? SHARED_VALUES.leadEmail : SHARED_VALUES.contactEmail,
      phone: SHARED_VALUES.phone,
      first_name: 'Lead',
      last_name: `${victim.marker} One`,
      company_name: `Company ${victim.marker}`,
    };
    for (const [name, value] of Object.entries(probe)) {
      if (!(name in properties)) continue;
      add("looking for the victim's data", `duplicates by ${name}`, { method: 'POST', path: ownPath, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ [name]: value }) }, 'read');
    }
  }
}

/** The unauthenticated operations, with the victim's e-mail address or ids. */
function anonymousCases(operation: PublicOperation, context: MatrixContext, add: Add): void {
  const { victim } = context;
  const json = (body: unknown): RawRequest => ({ method: operation.method, path: operation.path, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const bodies: Record<string, Array<[string, unknown, Expectation?]>> = {
    'POST /api/auth/login/': [["the victim's e-mail, the attacker's guess", { email: victim.admin.email, password: 'attacker guess 123' }]],
    // The victim's addresses are verified (seedTenant's fixture): taken, not released (api-contract §10.4).
    'POST /api/auth/register/': [["the victim's e-mail", { org_name: 'Attacker again', email: victim.admin.email, password: 'attacker password 123' }]],
    'POST /api/auth/refresh-token/': [["the victim's ids as a refresh token", { refresh: `${victim.orgId}.${victim.admin.userId}` }]],
    'POST /api/auth/logout/': [["the victim's ids as a refresh token", { refresh: `${victim.orgId}.${victim.admin.userId}` }]],
    // 202 for any address, by design (api-contract §10.3): the link goes to the victim's mailbox, the answer carries nothing.
    'POST /api/auth/password/reset/': [["the victim's e-mail", { email: victim.admin.email }, 'read']],
    'POST /api/auth/password/reset/confirm/': [["the victim's ids as a reset token", { token: `${victim.orgId}.${victim.admin.userId}`, new_password: 'attacker password 123' }]],
    'POST /api/auth/verify-email/': [["the victim's ids as a verification token", { token: `${victim.orgId}.${victim.admin.userId}` }]],
  };
  if (operation.method === 'GET') {
    add('anonymous', 'plain', { method: 'GET', path: operation.path, headers: {} }, 'read');
    return;
  }
  if (operation.path.includes('{publicKey}')) return webFormCases(operation, context, add);
  const known = bodies[operation.key];
  if (!known) throw new Error(`no cross-tenant case for the anonymous ${operation.key}: add one`);
  for (const [name, body, expect] of known) add('anonymous', name, json(body), expect ?? 'refused');
}

/**
 * A web form's public route (api-contract §8): the victim's active key is public by design (it is in
 * their page), so the probes are what must not open it: the keys of its inactive and deleted forms, its
 * form's id and its organisation's id as keys (404), and its active form from a site it does not list (403).
 */
function webFormCases(operation: PublicOperation, context: MatrixContext, add: Add): void {
  const { victim } = context;
  const preflight = operation.method === 'OPTIONS';
  const probe = (name: string, key: string, origin: string) =>
    add('anonymous', name, {
      method: operation.method,
      path: operation.path.replace('{publicKey}', key),
      headers: preflight ? { origin, 'access-control-request-method': 'POST' } : { origin, 'content-type': 'application/json' },
      body: preflight ? undefined : JSON.stringify({ email: SHARED_VALUES.leadEmail, first_name: 'Attacker' }),
    }, 'refused');
  probe("the victim's inactive form's key", victim.inactiveWebForm.publicKey, victim.webForm.origin);
  probe("the victim's deleted form's key", victim.deletedWebFormKey, victim.webForm.origin);
  probe("the victim's form's id as its key", victim.webForm.id, victim.webForm.origin);
  probe("the victim's organisation's id as a key", victim.orgId, victim.webForm.origin);
  probe("the victim's form from a site it does not list", victim.webForm.publicKey, 'https://attacker.test');
}

/**
 * Every method a documented path does not document, by the attacker's admin, with the victim's ids in
 * the path and the body: an undocumented way in must not exist (and so each route-table entry is reached,
 * e.g. the audit log's write entry, which documents no operation).
 */
function undocumentedMethodCases(context: MatrixContext): TenantCase[] {
  const cases: TenantCase[] = [];
  const admin = context.actors[0]!;
  const byPath = new Map<string, PublicOperation[]>();
  for (const operation of context.operations) byPath.set(operation.path, [...(byPath.get(operation.path) ?? []), operation]);
  for (const [template, operations] of byPath) {
    const documented = new Set(operations.map((operation) => operation.method));
    if (documented.has('GET')) documented.add('HEAD');
    const sample = operations[0]!;
    const path = fillPath(template, pathValues(context.victim, sample.resource, sample.pathParameters));
    for (const method of METHODS.filter((candidate) => !documented.has(candidate))) {
      const body = ['GET', 'HEAD', 'DELETE'].includes(method) ? undefined : JSON.stringify({ id: context.victim.records.leads[0], org: context.victim.orgId, record_id: context.victim.records.leads[0] });
      const request: RawRequest = { method, path, headers: { authorization: `Bearer ${admin.token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body };
      cases.push({ operation: `${method} ${template} (undocumented)`, kind: 'undocumented method', actor: admin.name, name: "the victim's ids", request, expect: 'refused', route: routeOf(request) });
    }
  }
  return cases;
}
