import { MatchersV3 as M } from '@pact-foundation/pact';

/** Auth's internal lookup the gateway calls for every request carrying an API token. */
export const API_TOKEN_LOOKUP = '/internal/api-tokens/resolve';

/** An example live token; the provider's state gives a real one in its place. */
export const LIVE_API_TOKEN = 'crm_pat_example000000000000000000000000000000';

/** A JWS in compact form; the provider side sends a freshly minted one in its place (internal tokens live a minute). */
export const INTERNAL_TOKEN = M.regex('^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$', 'eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOiJhdXRoIn0.c2lnbmF0dXJl');
