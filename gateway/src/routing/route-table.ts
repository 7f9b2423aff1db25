import type { UpstreamService } from '../config';
import type { RateBucket } from '../rate-limit/throttle-rates';

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
}

const READ = ['GET', 'HEAD'];
const POST = ['POST'];
const DELETE = ['DELETE'];

/**
 * A route of an entity's API (architecture §2 scopes): a read (GET, HEAD) needs `<resource>:read` and counts
 * against the read bucket, any other method `<resource>:write` and the write bucket.
 */
function entityRoute(resource: string, service: UpstreamService, methods: readonly string[], subpath: string): RouteEntry {
  const access = methods.every((method) => READ.includes(method)) ? 'read' : 'write';
  return { methods, path: `/api/${resource}/${subpath}`, service, scope: `${resource}:${access}`, bucket: access, auth: 'credential' };
}

/** What every entity has: its custom-field definitions, its collection, its records, and their notes and files (api-contract §4, §5, §13). */
function recordRoutes(resource: string, service: UpstreamService): RouteEntry[] {
  const route = (methods: readonly string[], subpath: string) => entityRoute(resource, service, methods, subpath);
  return [
    // Before `:id/`, as the services register them, so `custom-fields` is never read as a record id.
    route(READ, 'custom-fields/'),
    route(POST, 'custom-fields/'),
    route(['PATCH', 'DELETE'], 'custom-fields/:definitionId/'),
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

/**
 * The public API, every route of every service: the first entry answering the method and spelling the
 * path decides. Any other method or path, a non-canonical spelling included (`/api/auth/login`,
 * `/api/LEADS/`), answers 404 before authentication and limits. A contract test holds the table equal
 * to the routes the services register.
 */
export const ROUTE_TABLE: readonly RouteEntry[] = [
  // auth: obtaining a token needs none; limited per client address
  { methods: POST, path: '/api/auth/register/', service: 'auth', scope: null, bucket: 'anon', auth: 'anonymous' },
  { methods: POST, path: '/api/auth/login/', service: 'auth', scope: null, bucket: 'anon', auth: 'anonymous' },
  { methods: POST, path: '/api/auth/refresh-token/', service: 'auth', scope: null, bucket: 'anon', auth: 'anonymous' },
  { methods: POST, path: '/api/auth/logout/', service: 'auth', scope: null, bucket: 'anon', auth: 'anonymous' },
  { methods: READ, path: '/api/auth/.well-known/jwks.json', service: 'auth', scope: null, bucket: 'anon', auth: 'anonymous' },
  // auth: any credential (auth itself answers 403 where an API token or a member may not act)
  { methods: READ, path: '/api/auth/me/', service: 'auth', scope: null, bucket: 'read', auth: 'credential' },
  { methods: READ, path: '/api/auth/users/', service: 'auth', scope: null, bucket: 'read', auth: 'credential' },
  { methods: POST, path: '/api/auth/users/', service: 'auth', scope: null, bucket: 'write', auth: 'credential' },
  { methods: ['PATCH'], path: '/api/auth/users/:profileId/', service: 'auth', scope: null, bucket: 'write', auth: 'credential' },
  { methods: READ, path: '/api/auth/api-tokens/', service: 'auth', scope: null, bucket: 'read', auth: 'credential' },
  { methods: POST, path: '/api/auth/api-tokens/', service: 'auth', scope: null, bucket: 'write', auth: 'credential' },
  { methods: DELETE, path: '/api/auth/api-tokens/:tokenId/', service: 'auth', scope: null, bucket: 'write', auth: 'credential' },

  { methods: READ, path: '/api/audit-logs/', service: 'audit', scope: 'audit:read', bucket: 'read', auth: 'credential' },

  // leads: the duplicate check is a read (release 1.13.0); import and export belong to import-export;
  // all before `:id/`, which would take `export` for an id
  { methods: POST, path: '/api/leads/duplicates/', service: 'leads', scope: 'leads:read', bucket: 'read', auth: 'credential' },
  entityRoute('leads', 'import-export', POST, 'import/preview/'),
  entityRoute('leads', 'import-export', POST, 'import/commit/'),
  entityRoute('leads', 'import-export', POST, 'upload/'),
  entityRoute('leads', 'import-export', READ, 'export/'),
  ...recordRoutes('leads', 'leads'),
  ...personRoutes('leads', 'leads'),

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
