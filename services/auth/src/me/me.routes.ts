import { callerOf, type ApiOperation } from '@crm/shared';
import { Router } from 'express';
import type { AuthDeps } from '../auth-deps';
import { getMe } from './get-me';

export function meRoutes(deps: AuthDeps): Router {
  const router = Router();
  router.get('/api/auth/me/', async (req, res) => {
    res.json(await getMe(deps, callerOf(req)));
  });
  return router;
}

export const meOperation: ApiOperation = { method: 'get', path: '/api/auth/me/', tag: 'Auth', summary: 'Who am I', responses: { 200: 'The caller: user, profile, tenant, scopes.' } };
