import type { UpstreamService } from '../config';
import { FORM_ADDRESS_BUCKET, FORM_BUCKET, type RateBucket } from '../rate-limit/throttle-rates';

/**
 * - anonymous: no credential needed (any Authorization header is dropped); limited per client address.
 * - credential: a user access token or an API token.
 * - user-only: a user access token; an API token gets 403.
 */
export type AuthMode = 'anonymous' | 'credential' | 'user-only';

export interface RouteEntry {
  methods: readonly string[];
  /** A route template as the owning service registers it (`/api/leads/:id/`): see `spellsSegments`. */
  path: string;
  /** Where the request goes, unchanged; also the audience of the internal token it carries. */
  service: UpstreamService;
  /** The scope the credential must carry; null when any credential (or none, if anonymous) will do. */
  scope: string | null;
  bucket: RateBucket;
  auth: AuthMode;
  /**
   * A second count besides `bucket`'s, in `perParam.bucket`, keyed by one of the path's parameters across
   * every caller: a public web form's submissions from all addresses together (`FORM_RATE`). With
   * `addressShare`, each client address is first counted against its own share of it in that bucket, so
   * one address past its share is refused without using up the rest (`form_per_address`).
   */
  perParam?: { bucket: RateBucket; param: string; addressShare?: RateBucket };
}

const READ = ['GET', 'HEAD'];
const POST = ['POST'];
const DELETE = ['DELETE'];
const CHANGE = ['PATCH', 'DELETE'];

/**
 * A route of an entity's API (architecture §2 scopes): a read (GET, HEAD) needs `<resource>:read` and counts
 * against the read bucket, any other method `<resource>:write` and the write bucket.
 */
function entityRoute(resource: string, service: UpstreamService, methods: readonly string[], subpath: string): RouteEntry {
  const access = methods.every((method) => READ.includes(method)) ? 'read' : 'write';
  return { methods, path: `/api/${resource}/${subpath}`, service, scope: `${resource}:${access}`, bucket: access, auth: 'credential' };
}

/** What every entity has: its custom-field definitions, its collection, its records, and their notes and files (api-contract §2, §3, §9). */
function recordRoutes(resource: string, service: UpstreamService): RouteEntry[] {
  const route = (methods: readonly string[], subpath: string) => entityRoute(resource, service, methods, subpath);
  return [
    // Before `:id/`, as the services register them, so `custom-fields` is never read as a record id.
    route(READ, 'custom-fields/'),
    route(POST, 'custom-fields/'),
    route(CHANGE, 'custom-fields/:definitionId/'),
    route(READ, ''),
    route(POST, ''),
    route(READ, ':id/'),
    route(['PUT', 'PATCH', 'DELETE'], ':id/'),
    route(READ, ':id/notes/'),
    route(POST, ':id/notes/'),
    route(DELETE, ':id/notes/:noteId/'),
    route(READ, ':id/attachments/'),
    route(POST, ':id/attachments/'),
    route(READ, ':id/attachments/:attachmentId/'),
    route(DELETE, ':id/attachments/:attachmentId/'),
  ];
}

/** What leads and contacts have besides: a record's possible duplicates, merging. */
function personRoutes(resource: string, service: UpstreamService): RouteEntry[] {
  const route = (methods: readonly string[], subpath: string) => entityRoute(resource, service, methods, subpath);
  return [
    route(READ, ':id/duplicates/'),
    route(POST, ':id/merge/'),
  ];
}

const PUBLIC_SUBMISSIONS = '/api/public/web-forms/:publicKey/submissions/';

/**
 * The public API, every route of every service: the first entry answering the method and spelling the
 * path decides. Any other path, a non-canonical spelling included (`/api/auth/login`, `/api/LEADS/`),
 * answers 404, and a method the path has not 405, before authentication and limits. A contract test holds
 * the table equal to the routes the services register.
 */
export const ROUTE_TABLE: readonly RouteEntry[] = [
  // auth: obtaining a token needs none; limited per client address
  { methods: POST, path: '/api/auth/register/', service: 'auth', scope: null, bucket: 'anon', auth: 'anonymous' },
  { methods: POST, path: '/api/auth/login/', service: 'auth', scope: null, bucket: 'anon', auth: 'anonymous' },
  { methods: POST, path: '/api/auth/refresh-token/', service: 'auth', scope: null, bucket: 'anon', auth: 'anonymous' },
  { methods: POST, path: '/api/auth/logout/', service: 'auth', scope: null, bucket: 'anon', auth: 'anonymous' },
  { methods: READ, path: '/api/auth/.well-known/jwks.json', service: 'auth', scope: null, bucket: 'anon', auth: 'anonymous' },
  // a reset link asked for, and used; an address proved (api-contract §10.3, §10.4): a link's token is the credential
  { methods: POST, path: '/api/auth/password/reset/', service: 'auth', scope: null, bucket: 'anon', auth: 'anonymous' },
  { methods: POST, path: '/api/auth/password/reset/confirm/', service: 'auth', scope: null, bucket: 'anon', auth: 'anonymous' },
  { methods: POST, path: '/api/auth/verify-email/', service: 'auth', scope: null, bucket: 'anon', auth: 'anonymous' },
  // a password is changed by its user, never with an API token
  { methods: POST, path: '/api/auth/password/change/', service: 'auth', scope: null, bucket: 'write', auth: 'user-only' },
  // auth: any credential (auth itself answers 403 where an API token or a member may not act)
  { methods: READ, path: '/api/auth/me/', service: 'auth', scope: null, bucket: 'read', auth: 'credential' },
  { methods: READ, path: '/api/auth/users/', service: 'auth', scope: null, bucket: 'read', auth: 'credential' },
  { methods: POST, path: '/api/auth/users/', service: 'auth', scope: null, bucket: 'write', auth: 'credential' },
  { methods: ['PATCH'], path: '/api/auth/users/:profileId/', service: 'auth', scope: null, bucket: 'write', auth: 'credential' },
  { methods: POST, path: '/api/auth/users/:profileId/deactivate/', service: 'auth', scope: null, bucket: 'write', auth: 'credential' },
  { methods: POST, path: '/api/auth/users/:profileId/reactivate/', service: 'auth', scope: null, bucket: 'write', auth: 'credential' },
  { methods: POST, path: '/api/auth/users/:profileId/reassign/', service: 'auth', scope: null, bucket: 'write', auth: 'credential' },
  { methods: READ, path: '/api/auth/reassignments/:reassignmentId/', service: 'auth', scope: null, bucket: 'read', auth: 'credential' },
  { methods: READ, path: '/api/auth/api-tokens/', service: 'auth', scope: null, bucket: 'read', auth: 'credential' },
  { methods: POST, path: '/api/auth/api-tokens/', service: 'auth', scope: null, bucket: 'write', auth: 'credential' },
  { methods: DELETE, path: '/api/auth/api-tokens/:tokenId/', service: 'auth', scope: null, bucket: 'write', auth: 'credential' },
  // The tenant's usage and quotas (docs/security.md §10.5): auth answers 403 to anyone but an admin.
  { methods: READ, path: '/api/auth/tenant/usage/', service: 'auth', scope: null, bucket: 'read', auth: 'credential' },

  { methods: READ, path: '/api/audit-logs/', service: 'audit', scope: 'audit:read', bucket: 'read', auth: 'credential' },
  // the change feed: audit:read, or an entity's read scope for that entity's types (the audit service decides per `types`)
  { methods: READ, path: '/api/changes/', service: 'audit', scope: null, bucket: 'read', auth: 'credential' },

  // leads: the duplicate check is a read (release 1.13.0); import and export belong to import-export;
  // all before `:id/`, which would take `export` for an id
  { methods: POST, path: '/api/leads/duplicates/', service: 'leads', scope: 'leads:read', bucket: 'read', auth: 'credential' },
  entityRoute('leads', 'import-export', POST, 'import/preview/'),
  entityRoute('leads', 'import-export', POST, 'import/commit/'),
  entityRoute('leads', 'import-export', POST, 'upload/'),
  entityRoute('leads', 'import-export', READ, 'export/'),
  ...recordRoutes('leads', 'leads'),
  ...personRoutes('leads', 'leads'),
  entityRoute('leads', 'leads', READ, ':id/submissions/'),

  // web-to-lead (api-contract §8): an admin manages the forms with the leads scopes; anyone posts to a
  // form by its public key, limited per address (anon), per form (FORM_RATE, all addresses together) and
  // per address at each form (a quarter of FORM_RATE, so one address cannot use up a form's rate);
  // a browser's CORS preflight is answered by the form (its allowed origins) and counts per address only
  { methods: READ, path: '/api/web-forms/', service: 'leads', scope: 'leads:read', bucket: 'read', auth: 'credential' },
  { methods: POST, path: '/api/web-forms/', service: 'leads', scope: 'leads:write', bucket: 'write', auth: 'credential' },
  { methods: READ, path: '/api/web-forms/:id/', service: 'leads', scope: 'leads:read', bucket: 'read', auth: 'credential' },
  { methods: CHANGE, path: '/api/web-forms/:id/', service: 'leads', scope: 'leads:write', bucket: 'write', auth: 'credential' },
  { methods: POST, path: PUBLIC_SUBMISSIONS, service: 'leads', scope: null, bucket: 'anon', auth: 'anonymous', perParam: { bucket: FORM_BUCKET, param: 'publicKey', addressShare: FORM_ADDRESS_BUCKET } },
  { methods: ['OPTIONS'], path: PUBLIC_SUBMISSIONS, service: 'leads', scope: null, bucket: 'anon', auth: 'anonymous' },

  // contacts: as leads (no deprecated upload)
  { methods: POST, path: '/api/contacts/duplicates/', service: 'contacts', scope: 'contacts:read', bucket: 'read', auth: 'credential' },
  entityRoute('contacts', 'import-export', POST, 'import/preview/'),
  entityRoute('contacts', 'import-export', POST, 'import/commit/'),
  entityRoute('contacts', 'import-export', READ, 'export/'),
  ...recordRoutes('contacts', 'contacts'),
  ...personRoutes('contacts', 'contacts'),

  ...recordRoutes('accounts', 'accounts-opportunities'),
  ...recordRoutes('opportunities', 'accounts-opportunities'),
  ...recordRoutes('tasks', 'accounts-opportunities'),
];
