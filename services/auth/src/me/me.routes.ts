import { callerOf } from '@crm/shared';
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
