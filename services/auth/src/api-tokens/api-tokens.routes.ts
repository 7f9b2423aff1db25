import { answerCreated, idParam, inPostedCollection, pageEnvelope, pageRequest, parseBody, parseQuery, type ApiOperation } from '@crm/platform';
import { pageSchema } from '@crm/records';
import { Router } from 'express';
import type { AuthDeps } from '../auth-deps';
import { userCaller } from '../common/caller-guards';
import { noStore, SECRET_ANSWER_NOTE } from '../common/no-store';
import { createApiTokenBody, listApiTokensQuery } from './api-tokens.schemas';
import { apiTokenViewSchema, createdApiTokenSchema } from './api-token-view';
import { createApiToken, MAX_LIVE_API_TOKENS } from './create-api-token';
import { listApiTokensOf } from './list-api-tokens';
import { revokeApiTokenOf } from './revoke-api-token';

/** A user's own API tokens, and for admins every member's; not manageable with an API token. */
export function apiTokensRoutes(deps: AuthDeps): Router {
  const router = Router();
  router.get('/api/auth/api-tokens/', async (req, res) => {
    const caller = userCaller(req);
    const query = parseQuery(req, listApiTokensQuery);
    const page = pageRequest(req, query);
    res.json(pageEnvelope(req, page, await listApiTokensOf(deps, caller, query, page)));
  });
  router.post('/api/auth/api-tokens/', noStore, async (req, res) => {
    const caller = userCaller(req);
    const body = parseBody(req, createApiTokenBody);
    await answerCreated(res, inPostedCollection(req), () => createApiToken(deps, caller, body));
  });
  router.delete('/api/auth/api-tokens/:tokenId/', async (req, res) => {
    const caller = userCaller(req);
    await revokeApiTokenOf(deps, caller, idParam(req.params.tokenId));
    res.status(204).end();
  });
  return router;
}

const USER_ONLY = 'With a user access token only (an API token gets 403).';

export const apiTokenOperations: ApiOperation[] = [
  { method: 'get', path: '/api/auth/api-tokens/', tag: 'Auth', summary: "List my API tokens, or (admins) a member's", description: `${USER_ONLY} Live tokens only (not revoked, not expired); \`?owner=<profile_id>\`: that member's (admins only: 403 otherwise).`, query: listApiTokensQuery, responses: { 200: { description: 'A page of tokens (never their secrets).', schema: pageSchema(apiTokenViewSchema) } } },
  {
    method: 'post',
    path: '/api/auth/api-tokens/',
    tag: 'Auth',
    summary: 'Create an API token',
    description: `${USER_ONLY} Its scopes are a subset of what the user may do; the secret is shown in this answer only. \`expires_at\`: in the future and within API_TOKEN_MAX_AGE (365 days), which is also its default. At most ${MAX_LIVE_API_TOKENS} live tokens a user. ${SECRET_ANSWER_NOTE}`,
    answerCarriesSecret: true,
    body: createApiTokenBody,
    responses: {
      201: { description: 'The token with its secret (`crm_pat_…`).', schema: createdApiTokenSchema },
      409: `The name is taken, or the user already has ${MAX_LIVE_API_TOKENS} live tokens (not revoked, not expired): revoke one first.`,
    },
  },
  { method: 'delete', path: '/api/auth/api-tokens/:tokenId/', tag: 'Auth', summary: 'Revoke an API token', description: `${USER_ONLY} A member revokes their own; an admin any of the tenant's.`, responses: { 204: 'Revoked.' } },
];
