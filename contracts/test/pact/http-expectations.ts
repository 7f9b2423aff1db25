import { MatchersV3 as M } from '@pact-foundation/pact';
import { type Caller } from '@crm/platform';
import { ALL_SCOPES } from '@crm/auth';

/** Auth's internal lookup the gateway calls for every request carrying an API token. */
export const API_TOKEN_LOOKUP = '/internal/api-tokens/resolve';

/** An example live token; the provider's state gives a real one in its place. */
export const LIVE_API_TOKEN = 'crm_pat_example000000000000000000000000000000';

/** A JWS in compact form; the provider side sends a freshly minted one in its place (internal tokens live a minute). */
export const INTERNAL_TOKEN = M.regex('^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$', 'eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOiJhdXRoIn0.c2lnbmF0dXJl');

/** The caller import-export acts for in its consumer tests; the provider side sends a real tenant admin in its place. */
export const IMPORTING_ADMIN: Caller = {
  userId: '7e9f1a2b-3c4d-4e5f-a6b7-c8d9e0f1a205',
  tenantId: '5f0c8a43-3b86-4c1e-9a53-7d8e2a6f1c01',
  profileId: '3a5b7c9d-1e2f-4a6b-8c0d-e1f2a3b4c504',
  role: 'admin',
  salesAccess: true,
  scopes: [...ALL_SCOPES],
  credential: { kind: 'user', id: '7e9f1a2b-3c4d-4e5f-a6b7-c8d9e0f1a205' },
};
