import type { ApiOperation, ServiceDeps } from '@crm/platform';
import { Router } from 'express';
import { apiTokenOperations, apiTokensRoutes } from './api-tokens/api-tokens.routes';
import type { AuthDeps } from './auth-deps';
import type { AuthConfig } from './config';
import { internalRoutes } from './internal/internal.routes';
import { meOperation, meRoutes } from './me/me.routes';
import { passwordHashing } from './passwords/passwords';
import { registrationOperation, registrationRoutes } from './registration/registration.routes';
import { sessionOperations, sessionsRoutes } from './sessions/sessions.routes';
import { accessTokenIssuer } from './signing-keys/access-tokens';
import { jwksOperation, jwksRoutes } from './signing-keys/jwks.routes';
import { signingKeyCipher } from './signing-keys/signing-key-cipher';
import { openSigningKeyRing } from './signing-keys/signing-keys';
import { userOperations, usersRoutes } from './users/users.routes';

/**
 * Builds the domain's dependencies and every route. On start: the signing keys are opened with
 * SIGNING_KEY_SECRET (refused unset in production), sealed if still in clear, made on the very first start.
 */
export async function authRoutes(deps: ServiceDeps<AuthConfig>): Promise<Router> {
  const { config, dataSource, clock } = deps;
  const cipher = await signingKeyCipher(config);
  const [ring, passwords] = await Promise.all([
    openSigningKeyRing(dataSource, cipher, clock()),
    passwordHashing(config.PASSWORD_HASH_COST),
  ]);
  const authDeps: AuthDeps = {
    dataSource,
    config,
    clock,
    issueAccessToken: accessTokenIssuer(ring, {
      issuer: config.JWT_ISSUER,
      audience: config.JWT_AUDIENCE,
      ttlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    }),
    passwords,
  };
  const router = Router();
  router.use(jwksRoutes(ring, clock));
  router.use(registrationRoutes(authDeps));
  router.use(sessionsRoutes(authDeps));
  router.use(meRoutes(authDeps));
  router.use(usersRoutes(authDeps));
  router.use(apiTokensRoutes(authDeps));
  router.use(internalRoutes(authDeps));
  return router;
}

export const authApi: ApiOperation[] = [
  jwksOperation,
  registrationOperation,
  ...sessionOperations,
  meOperation,
  ...userOperations,
  ...apiTokenOperations,
];
