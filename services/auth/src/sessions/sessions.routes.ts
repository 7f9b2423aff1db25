import { parseBody } from '@crm/shared';
import { Router } from 'express';
import type { AuthDeps } from '../auth-deps';
import { logIn } from './log-in';
import { refreshSession } from './refresh-session';
import { loginBody, refreshBody } from './sessions.schemas';

/** Anonymous: logging in and refreshing are how a client gets credentials. */
export function sessionsRoutes(deps: AuthDeps): Router {
  const router = Router();
  router.post('/api/auth/login/', async (req, res) => {
    res.json(await logIn(deps, parseBody(req, loginBody)));
  });
  router.post('/api/auth/refresh-token/', async (req, res) => {
    const { refresh } = parseBody(req, refreshBody);
    res.json(await refreshSession(deps, refresh));
  });
  return router;
}
