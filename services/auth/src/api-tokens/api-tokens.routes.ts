import { pageEnvelope, pageRequest, parseBody, parseQuery, idParam } from '@crm/shared';
import { Router } from 'express';
import type { AuthDeps } from '../auth-deps';
import { userCaller } from '../common/caller-guards';
import { createApiTokenBody, listApiTokensQuery } from './api-tokens.schemas';
import { createApiToken } from './create-api-token';
import { listOwnApiTokens } from './list-api-tokens';
import { revokeOwnApiToken } from './revoke-api-token';

/** A user's own API tokens; not manageable with an API token. */
export function apiTokensRoutes(deps: AuthDeps): Router {
  const router = Router();
  router.get('/api/auth/api-tokens/', async (req, res) => {
    const caller = userCaller(req);
    const page = pageRequest(parseQuery(req, listApiTokensQuery));
    const { count, results } = await listOwnApiTokens(deps, caller, page);
    res.json(pageEnvelope(req, page, count, results));
  });
  router.post('/api/auth/api-tokens/', async (req, res) => {
    const caller = userCaller(req);
    res.status(201).json(await createApiToken(deps, caller, parseBody(req, createApiTokenBody)));
  });
  router.delete('/api/auth/api-tokens/:tokenId/', async (req, res) => {
    const caller = userCaller(req);
    await revokeOwnApiToken(deps, caller, idParam(req.params.tokenId));
    res.status(204).end();
  });
  return router;
}
