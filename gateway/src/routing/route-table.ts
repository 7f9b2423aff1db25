import type { UpstreamService } from '../config';
import type { RateBucket } from '../rate-limit/throttle-rates';

/**
 * - anonymous: no credential needed (any Authorization header is dropped); limited per client address.
 * - credential: a user access token or an API token.
 * - user-only: a user access token; an API token gets 403.
 */
export type AuthMode = 'anonymous' | 'credential' | 'user-only';

export interface RouteEntry {
  /** The methods the entry answers; `*` is every method not taken by an earlier entry for the path. */
  methods: readonly string[] | '*';
  /** An exact path, or a folder ending in `/**` (the folder itself and everything below it). */
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
const ANY = '*';

/**
 * The public API: the first entry matching the method and path decides. Reads (GET, HEAD and the POST
 * duplicate checks) count against the read bucket, every other method against the write bucket. A path
 * under /api matching no entry answers 404.
 */
export const ROUTE_TABLE: readonly RouteEntry[] = [
  // auth: obtaining a token needs none; limited per client address
  { methods: POST, path: '/api/auth/register/', service: 'auth', scope: null, bucket: 'anon', auth: 'anonymous' },
  { methods: POST, path: '/api/auth/login/', service: 'auth', scope: null, bucket: 'anon', auth: 'anonymous' },
  { methods: POST, path: '/api/auth/refresh-token/', service: 'auth', scope: null, bucket: 'anon', auth: 'anonymous' },
  { methods: READ, path: '/api/auth/.well-known/jwks.json', service: 'auth', scope: null, bucket: 'anon', auth: 'anonymous' },
  // auth: me/, users/, api-tokens/ (auth itself answers 403 where an API token may not act)
  { methods: READ, path: '/api/auth/**', service: 'auth', scope: null, bucket: 'read', auth: 'credential' },
  { methods: ANY, path: '/api/auth/**', service: 'auth', scope: null, bucket: 'write', auth: 'credential' },

  { methods: READ, path: '/api/audit-logs/**', service: 'audit', scope: 'audit:read', bucket: 'read', auth: 'credential' },
  { methods: ANY, path: '/api/audit-logs/**', service: 'audit', scope: 'audit:write', bucket: 'write', auth: 'credential' },

  // leads: the duplicate check is a read (release 1.13.0); import and export belong to import-export
  { methods: POST, path: '/api/leads/duplicates/', service: 'leads', scope: 'leads:read', bucket: 'read', auth: 'credential' },
  { methods: POST, path: '/api/leads/import/preview/', service: 'import-export', scope: 'leads:write', bucket: 'write', auth: 'credential' },
  { methods: POST, path: '/api/leads/import/commit/', service: 'import-export', scope: 'leads:write', bucket: 'write', auth: 'credential' },
  { methods: POST, path: '/api/leads/upload/', service: 'import-export', scope: 'leads:write', bucket: 'write', auth: 'credential' },
  { methods: READ, path: '/api/leads/export/', service: 'import-export', scope: 'leads:read', bucket: 'read', auth: 'credential' },
  { methods: READ, path: '/api/leads/**', service: 'leads', scope: 'leads:read', bucket: 'read', auth: 'credential' },
  { methods: ANY, path: '/api/leads/**', service: 'leads', scope: 'leads:write', bucket: 'write', auth: 'credential' },

  // contacts: as leads (no deprecated upload)
  { methods: POST, path: '/api/contacts/duplicates/', service: 'contacts', scope: 'contacts:read', bucket: 'read', auth: 'credential' },
  { methods: POST, path: '/api/contacts/import/preview/', service: 'import-export', scope: 'contacts:write', bucket: 'write', auth: 'credential' },
  { methods: POST, path: '/api/contacts/import/commit/', service: 'import-export', scope: 'contacts:write', bucket: 'write', auth: 'credential' },
  { methods: READ, path: '/api/contacts/export/', service: 'import-export', scope: 'contacts:read', bucket: 'read', auth: 'credential' },
  { methods: READ, path: '/api/contacts/**', service: 'contacts', scope: 'contacts:read', bucket: 'read', auth: 'credential' },
  { methods: ANY, path: '/api/contacts/**', service: 'contacts', scope: 'contacts:write', bucket: 'write', auth: 'credential' },

  { methods: READ, path: '/api/accounts/**', service: 'accounts-opportunities', scope: 'accounts:read', bucket: 'read', auth: 'credential' },
  { methods: ANY, path: '/api/accounts/**', service: 'accounts-opportunities', scope: 'accounts:write', bucket: 'write', auth: 'credential' },
  { methods: READ, path: '/api/opportunities/**', service: 'accounts-opportunities', scope: 'opportunities:read', bucket: 'read', auth: 'credential' },
  { methods: ANY, path: '/api/opportunities/**', service: 'accounts-opportunities', scope: 'opportunities:write', bucket: 'write', auth: 'credential' },
  { methods: READ, path: '/api/tasks/**', service: 'accounts-opportunities', scope: 'tasks:read', bucket: 'read', auth: 'credential' },
  { methods: ANY, path: '/api/tasks/**', service: 'accounts-opportunities', scope: 'tasks:write', bucket: 'write', auth: 'credential' },
];
