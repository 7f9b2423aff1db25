import type { ApiOperation } from '@crm/shared';
import { Router } from 'express';
import type { SigningKeyRing } from './signing-keys';

/** The public keys access tokens are verified with; anonymous, cacheable for a few minutes. */
export function jwksRoutes(ring: SigningKeyRing): Router {
  const router = Router();
  router.get('/api/auth/.well-known/jwks.json', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(ring.jwks);
  });
  return router;
}

export const jwksOperation: ApiOperation = {
  method: 'get',
  path: '/api/auth/.well-known/jwks.json',
  tag: 'Auth',
  summary: 'The public keys of access tokens (JWKS)',
  description: 'Anonymous.',
  responses: { 200: '`{keys: [...]}`.' },
};
