import type { PublicOperation } from './public-operations';
import type { RawRequest } from './raw-request';
import { ENTITIES, PASSWORD, type Entity, type TenantFixture } from './two-tenants';

/**
 * Requests each operation accepts from a tenant's admin: the base a bad request is one change away
 * from (bad-input), the body sent with another tenant's ids in the path (cross-tenant).
 */

/**
 * A body each JSON operation accepts from the tenant's admin: the base every bad body is one change
 * away from (so a refusal is the change's doing; the script sends each base once, as a control, before
 * the corpus). `unique` goes into values that must be unique (a custom-field key, an e-mail, a token
 * name), so the control and the corpus never collide. An operation missing here throws.
 */
type BodyOf = (tenant: TenantFixture, entity: Entity, unique: string) => Record<string, unknown>;

const RECORD_BODIES: Record<Entity, (tenant: TenantFixture) => Record<string, unknown>> = {
  leads: (tenant) => ({ first_name: 'Valid', last_name: `${tenant.marker} Body` }),
  contacts: (tenant) => ({ first_name: 'Valid', last_name: `${tenant.marker} Body` }),
  accounts: (tenant) => ({ name: `Valid ${tenant.marker}` }),
  opportunities: (tenant) => ({ name: `Valid ${tenant.marker}` }),
  tasks: (tenant) => ({ title: `Valid ${tenant.marker}` }),
};

const VALID_BODIES: Record<string, BodyOf> = {
  'POST /api/auth/register/': (_tenant, _entity, unique) => ({ org_name: `Org ${unique}`, email: `${unique}@register.test`, password: PASSWORD }),
  'POST /api/auth/login/': (tenant) => ({ email: tenant.admin.email, password: PASSWORD }),
  'POST /api/auth/refresh-token/': (tenant) => ({ refresh: tenant.member.refresh }),
  'POST /api/auth/logout/': (tenant) => ({ refresh: tenant.member.refresh }),
  'POST /api/auth/users/': (tenant, _entity, unique) => ({ email: `${unique}@${tenant.marker}.test`, password: PASSWORD, role: 'member', sales_access: false }),
  'PATCH /api/auth/users/{profileId}/': () => ({ sales_access: true }),
  // The path names the spare member (`pathValues`): a deactivation or a reassignment that succeeds spends nothing.
  'POST /api/auth/users/{profileId}/deactivate/': () => ({}),
  'POST /api/auth/users/{profileId}/reactivate/': () => ({}),
  'POST /api/auth/users/{profileId}/reassign/': (tenant) => ({ to: tenant.admin.profileId }),
  'POST /api/auth/api-tokens/': (_tenant, _entity, unique) => ({ name: `token ${unique}`, scopes: ['leads:read'] }),
  // The corpus keeps the admin's password: every bad body is refused before it changes (bad-input's control
  // changes a throwaway tenant's instead; reset and verification tokens of controls are made there too).
  'POST /api/auth/password/change/': (_tenant, _entity, unique) => ({ current_password: PASSWORD, new_password: `a new passphrase ${unique}` }),
  'POST /api/auth/password/reset/': (tenant) => ({ email: tenant.member.email }),
  'POST /api/auth/password/reset/confirm/': (_tenant, _entity, unique) => ({ token: `no-such-reset-token-${unique}`, new_password: `a new passphrase ${unique}` }),
  'POST /api/auth/verify-email/': (_tenant, _entity, unique) => ({ token: `no-such-verification-token-${unique}` }),
  'POST /api/{entity}/': (tenant, entity) => RECORD_BODIES[entity](tenant),
  'PUT /api/{entity}/{id}/': (tenant, entity) => RECORD_BODIES[entity](tenant),
  'PATCH /api/{entity}/{id}/': (tenant, entity) => RECORD_BODIES[entity](tenant),
  'POST /api/{entity}/custom-fields/': (_tenant, _entity, unique) => ({ key: `${unique}_field`, label: 'Field', field_type: 'text' }),
  'PATCH /api/{entity}/custom-fields/{definitionId}/': (tenant) => ({ label: `Size ${tenant.marker}` }),
  'POST /api/{entity}/{id}/notes/': () => ({ body: 'A valid note' }),
  'POST /api/{entity}/{id}/merge/': (tenant, entity, unique) => ({
    merge_id: unique === 'control' ? tenant.mergeFodder[entity as 'leads' | 'contacts'] : tenant.records[entity][1],
  }),
  'POST /api/{entity}/duplicates/': () => ({ email: 'nobody@example.test' }),
  'POST /api/web-forms/': (tenant, _entity, unique) => ({ name: `Form ${tenant.marker} ${unique}` }),
  'PATCH /api/web-forms/{id}/': (tenant) => ({ name: `Form ${tenant.marker}` }),
  // A visitor of the tenant's site, no credential: a new lead each time it is taken (the control's e-mail is its own).
  'POST /api/public/web-forms/{publicKey}/submissions/': (tenant, _entity, unique) => ({
    first_name: 'Visitor',
    last_name: `${tenant.marker} Web`,
    email: `${unique}@visitor.${tenant.marker}.test`,
    message: 'Please call me back.',
  }),
};

/** The operation's path with its entity segment generalised: `POST /api/{entity}/{id}/notes/`. */
export function generalised(operation: PublicOperation): { key: string; entity: Entity } {
  const entity = operation.resource as Entity;
  if (!ENTITIES.includes(entity)) return { key: operation.key, entity };
  return { key: `${operation.method} ${operation.path.replace(`/api/${entity}/`, '/api/{entity}/')}`, entity };
}

export function validBody(operation: PublicOperation, tenant: TenantFixture, unique: string): Record<string, unknown> {
  const { key, entity } = generalised(operation);
  const body = VALID_BODIES[key];
  if (!body) throw new Error(`no valid body for ${operation.key}: add one to VALID_BODIES`);
  return body(tenant, entity, unique);
}

/** Multipart bodies built byte by byte, so a script can also break them on purpose. */
const BOUNDARY = 'reliability-boundary-7f3a';

export interface Part {
  name: string;
  filename?: string;
  content: string | Buffer;
  /** Leave out the Content-Disposition header (a malformed part). */
  bare?: boolean;
}

export function multipart(parts: Part[], options: { boundary?: string; closed?: boolean } = {}): Buffer {
  const boundary = options.boundary ?? BOUNDARY;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `Content-Disposition: form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}\r\n`;
    const type = part.filename !== undefined ? 'Content-Type: text/csv\r\n' : '';
    chunks.push(Buffer.from(`--${boundary}\r\n${part.bare ? '' : disposition}${type}\r\n`), Buffer.from(part.content), Buffer.from('\r\n'));
  }
  if (options.closed !== false) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

export const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
export const isImport = (operation: PublicOperation) => /\/(import\/(preview|commit)|upload)\/$/.test(operation.path);

/** The documented file field of a multipart operation (`file`, or `leads_file` on the deprecated upload). */
export const fileField = (operation: PublicOperation) => operation.body!.schema.required![0]!;

/** A file the operation accepts: a one-row CSV for imports, a small text file as an attachment. */
export function validUpload(operation: PublicOperation, tenant: TenantFixture): { body: Buffer; contentType: string } {
  const content = isImport(operation) ? `first_name,last_name\r\nValid,${tenant.marker} Import\r\n` : 'a valid attachment';
  return { body: multipart([{ name: fileField(operation), filename: 'valid.csv', content }]), contentType: MULTIPART };
}

/**
 * A request the operation accepts from `tenant`'s admin, at `path` (filled in by the caller), carrying
 * `token` (none for an anonymous operation): its valid JSON body, a valid upload, or no body.
 */
export function validRequest(operation: PublicOperation, tenant: TenantFixture, path: string, token: string | undefined, unique = 'corpus'): RawRequest {
  const authorization: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (operation.body?.contentType === 'multipart/form-data') {
    const upload = validUpload(operation, tenant);
    return { method: operation.method, path, headers: { 'content-type': upload.contentType, ...authorization }, body: upload.body };
  }
  // A web form's submission, and its preflight, come from a page on the site its form lists (any other origin, or none: 403).
  const fromSite: Record<string, string> = !operation.path.includes('{publicKey}')
    ? {}
    : operation.method === 'OPTIONS'
      ? { origin: tenant.webForm.origin, 'access-control-request-method': 'POST' }
      : { origin: tenant.webForm.origin };
  if (operation.body) {
    return { method: operation.method, path, headers: { 'content-type': 'application/json', ...fromSite, ...authorization }, body: JSON.stringify(validBody(operation, tenant, unique)) };
  }
  return { method: operation.method, path, headers: { ...fromSite, ...authorization } };
}

/** An import preview's 200 answer names a problem (a header error or an invalid row). */
export function previewReportsProblems(text: string): boolean {
  try {
    const body = JSON.parse(text);
    return Boolean(body.header_error) || body.summary?.invalid > 0;
  } catch {
    return false;
  }
}
