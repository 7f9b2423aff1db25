import { answerCreated, parseBody, type ApiOperation } from '@crm/platform';
import { Router } from 'express';
import type { AuthDeps } from '../auth-deps';
import { noStore } from '../common/no-store';
import { meSchema } from '../me/get-me';
import { ME_PATH } from '../me/me.routes';
import { sessionTokensSchema } from '../sessions/open-session';
import { registerOrg } from './register-org';
import { registerBody } from './registration.schemas';

/** Anonymous: anyone may open a new tenant. */
export function registrationRoutes(deps: AuthDeps): Router {
  const router = Router();
  router.post('/api/auth/register/', noStore, async (req, res) => {
    const body = parseBody(req, registerBody);
    // What it makes is read at `me/` with the answer's access token: no other URL shows a tenant.
    await answerCreated(res, () => ME_PATH, async () => {
      const { org, profile, access, refresh } = await registerOrg(deps, body);
      return {
        org: { id: org.id, name: org.name },
        user: { id: profile.userId, email: profile.email },
        profile: { id: profile.id, role: profile.role, sales_access: profile.salesAccess },
        access,
        refresh,
      };
    });
  });
  return router;
}

export const registrationOperation: ApiOperation = {
  method: 'post',
  path: '/api/auth/register/',
  tag: 'Auth',
  summary: 'Open a tenant',
  description: 'Anonymous. The new tenant with its first admin, and a pair of tokens for that admin.',
  body: registerBody,
  responses: { 201: { description: '`{org, user, profile, access, refresh}`.', schema: meSchema.omit({ scopes: true }).extend(sessionTokensSchema.shape) }, 409: 'The e-mail is taken.' },
};
