import { callerOf, type ApiOperation } from '@crm/platform';
import { Router } from 'express';
import type { AuthDeps } from '../auth-deps';
import { getMe, meSchema } from './get-me';

/** The caller's own user, profile and tenant. */
export const ME_PATH = '/api/auth/me/';

export function meRoutes(deps: AuthDeps): Router {
  const router = Router();
  router.get(ME_PATH, async (req, res) => {
    res.json(await getMe(deps, callerOf(req)));
  });
  return router;
}

export const meOperation: ApiOperation = { method: 'get', path: ME_PATH, tag: 'Auth', summary: 'Who am I', responses: { 200: { description: 'The caller: user, profile, tenant, scopes.', schema: meSchema } } };
