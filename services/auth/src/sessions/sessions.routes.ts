import { parseBody, type ApiOperation } from '@crm/shared';
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

export const sessionOperations: ApiOperation[] = [
  { method: 'post', path: '/api/auth/login/', tag: 'Auth', summary: 'Log in', description: 'Anonymous.', body: loginBody, responses: { 200: '`{access, refresh}`.', 401: 'Wrong e-mail or password.' } },
  {
    method: 'post',
    path: '/api/auth/refresh-token/',
    tag: 'Auth',
    summary: 'Exchange a refresh token for a new pair',
    description: 'Anonymous. A refresh token works once; reusing one revokes its whole family.',
    body: refreshBody,
    responses: { 200: '`{access, refresh}`.', 401: 'Invalid, expired or reused refresh token.' },
  },
];
