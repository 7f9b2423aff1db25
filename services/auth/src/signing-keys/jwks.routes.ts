import type { ApiOperation } from '@crm/platform';
import { Router } from 'express';
import { z } from 'zod';
import type { SigningKeyRing } from './signing-keys';

/**
 * The public keys access tokens are verified with; anonymous, cacheable for a few minutes (a rotated key
 * is published SIGNING_KEY_PUBLISH_AHEAD_SECONDS before it signs).
 */
export function jwksRoutes(ring: SigningKeyRing, clock: () => Date): Router {
  const router = Router();
  router.get('/api/auth/.well-known/jwks.json', async (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(await ring.jwks(clock()));
  });
  return router;
}

export const jwksOperation: ApiOperation = { method: 'get', path: '/api/auth/.well-known/jwks.json', tag: 'Auth', summary: 'The public keys of access tokens (JWKS)', description: 'Anonymous.', responses: { 200: { description: '`{keys: [...]}`: JSON Web Keys (RFC 7517).', schema: z.object({ keys: z.array(z.looseObject({ kty: z.string(), kid: z.string() })) }) } } };
