import { parseBody } from '@crm/platform';
import { lookupRoutes } from '@crm/records';
import { Router } from 'express';
import type { AuthDeps } from '../auth-deps';
import { resolveApiTokenBody } from '../api-tokens/api-tokens.schemas';
import { resolveApiToken } from '../api-tokens/resolve-api-token';
import { accessTokenCheckBody, accessTokenIsCurrent } from '../credentials/access-token-check';
import { profileEventData } from '../users/profile-events';
import { findProfiles } from '../users/users.repository';

/**
 * Service-to-service endpoints under `/internal/`: the gateway routes only `/api/...`, so clients never
 * reach them; the internal token (checked for every route) proves the gateway sent the request.
 */
export function internalRoutes(deps: AuthDeps): Router {
  const router = Router();
  router.post('/internal/api-tokens/resolve', async (req, res) => {
    const { token } = parseBody(req, resolveApiTokenBody);
    const { caller, expiresAt } = await resolveApiToken(deps, token);
    res.json({ caller, expires_at: expiresAt.toISOString() });
  });
  router.post('/internal/access-tokens/check', async (req, res) => {
    res.json({ current: await accessTokenIsCurrent(deps.dataSource, parseBody(req, accessTokenCheckBody)) });
  });
  // Another service's profiles replica asking about members it has not heard of yet (architecture §1).
  router.use(
    lookupRoutes({
      type: 'profile',
      dataSource: deps.dataSource,
      find: async (db, tenantId, ids) => (await findProfiles(db, tenantId, ids)).map(profileEventData),
    }),
  );
  return router;
}
