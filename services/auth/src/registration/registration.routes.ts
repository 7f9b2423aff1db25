import { parseBody } from '@crm/shared';
import { Router } from 'express';
import type { AuthDeps } from '../auth-deps';
import { registerOrg } from './register-org';
import { registerBody } from './registration.schemas';

/** Anonymous: anyone may open a new tenant. */
export function registrationRoutes(deps: AuthDeps): Router {
  const router = Router();
  router.post('/api/auth/register/', async (req, res) => {
    const { org, profile, access, refresh } = await registerOrg(deps, parseBody(req, registerBody));
    res.status(201).json({
      org: { id: org.id, name: org.name },
      user: { id: profile.userId, email: profile.email },
      profile: { id: profile.id, role: profile.role, sales_access: profile.salesAccess },
      access,
      refresh,
    });
  });
  return router;
}
