import { addressLimitKey, forwardedClientAddress, parseBody, type ApiOperation } from '@crm/platform';
import { Router } from 'express';
import type { AuthDeps } from '../auth-deps';
import { noStore, SECRET_ANSWER_NOTE } from '../common/no-store';
import { logIn } from './log-in';
import { logOut } from './log-out';
import { announceCredentialChange } from '../credentials/end-credentials';
import { sessionTokensSchema } from './open-session';
import { refreshSession } from './refresh-session';
import { loginBody, refreshBody } from './sessions.schemas';

/** Anonymous: logging in and refreshing are how a client gets credentials, logging out how it ends them. */
export function sessionsRoutes(deps: AuthDeps): Router {
  const router = Router();
  router.post('/api/auth/login/', noStore, async (req, res) => {
    // Failed logins are counted per address as every per-address limit is: an IPv6 client by its /64.
    res.json(await logIn(deps, parseBody(req, loginBody), addressLimitKey(forwardedClientAddress(req))));
  });
  router.post('/api/auth/refresh-token/', noStore, async (req, res) => {
    const { refresh } = parseBody(req, refreshBody);
    res.json(await refreshSession(deps, refresh));
  });
  router.post('/api/auth/logout/', async (req, res) => {
    const { refresh } = parseBody(req, refreshBody);
    const { profileId } = await logOut(deps, refresh);
    announceCredentialChange(res, [profileId]);
    res.status(204).end();
  });
  return router;
}

export const sessionOperations: ApiOperation[] = [
  {
    method: 'post',
    path: '/api/auth/login/',
    tag: 'Auth',
    summary: 'Log in',
    description: `Anonymous. Failed logins slow down, then refuse, the client address, never the account (api-contract §10.6). ${SECRET_ANSWER_NOTE}`,
    answerCarriesSecret: true,
    body: loginBody,
    responses: {
      200: { description: '`{access, refresh}`.', schema: sessionTokensSchema },
      401: 'Wrong e-mail or password.',
      429: 'Too many failed logins from this address: at this e-mail (slowed, then refused until the window ends; `RateLimit` names `login_failures`), or at all e-mails (`login_failures_per_address`); or its `anon` bucket is spent. `{detail, retry_after}` with `Retry-After`, whatever the password.',
      503: 'Too many passwords wait to be checked: `{detail}` with `Retry-After`, at once, before any check.',
    },
  },
  {
    method: 'post',
    path: '/api/auth/refresh-token/',
    tag: 'Auth',
    summary: 'Exchange a refresh token for a new pair',
    description: `Anonymous. A refresh token works once; reusing one revokes its whole family. ${SECRET_ANSWER_NOTE}`,
    answerCarriesSecret: true,
    body: refreshBody,
    responses: { 200: { description: '`{access, refresh}`.', schema: sessionTokensSchema }, 401: 'Invalid, expired or reused refresh token.' },
  },
  {
    method: 'post',
    path: '/api/auth/logout/',
    tag: 'Auth',
    summary: 'Log out: end the session of a refresh token',
    description:
      'Anonymous. Ends the session (the login it came from): every refresh token of it, and every access token of it (401 from the next request, on every gateway replica within a second).',
    body: refreshBody,
    responses: {
      204: { description: 'The session is ended.', content: 'none' },
      401: 'Invalid, expired, reused or revoked refresh token, as for a refresh.',
    },
  },
];
