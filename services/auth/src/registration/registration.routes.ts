import { parseBody, type ApiOperation } from '@crm/shared';
import { Router } from 'express';
import type { AuthDeps } from '../auth-deps';
import { noStore } from '../common/no-store';
import { registerOrg } from './register-org';
import { registerBody } from './registration.schemas';

/** Anonymous: anyone may open a new tenant. */
export function registrationRoutes(deps: AuthDeps): Router {
  const router = Router();
  router.post('/api/auth/register/', noStore, async (req, res) => {
    res.status(201); // before the write: see docs/safe-writes.md on answers after a crash
    const { org, profile, access, refresh } = await registerOrg(deps, parseBody(req, registerBody));
    res.json({
      org: { id: org.id, name: org.name },
      user: { id: profile.userId, email: profile.email },
      profile: { id: profile.id, role: profile.role, sales_access: profile.salesAccess },
      access,
      refresh,
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
  responses: { 201: '`{org, user, profile, access, refresh}`.', 409: 'The e-mail is taken.' },
};
