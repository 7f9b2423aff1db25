import type { ApiOperation, ServiceDeps } from '@crm/platform';
import { Router } from 'express';
import { apiTokenOperations, apiTokensRoutes } from './api-tokens/api-tokens.routes';
import type { AuthDeps } from './auth-deps';
import type { AuthConfig } from './config';
import { emailVerificationOperation, emailVerificationRoutes } from './email-verification/email-verification.routes';
import { verificationMail } from './email-verification/verify-email';
import { internalRoutes } from './internal/internal.routes';
import { mailSettings } from './mail/mail-settings';
import { mailTransport } from './mail/mail-transport';
import { MailWorker } from './mail/mail-worker';
import { passwordResetMail } from './passwords/password-reset';
import { passwordOperations, passwordsRoutes } from './passwords/passwords.routes';
import { meOperation, meRoutes } from './me/me.routes';
import { passwordHashing } from './passwords/passwords';
import { reassignmentOperations, reassignmentRoutes } from './reassignment/reassignment.routes';
import { registrationOperation, registrationRoutes } from './registration/registration.routes';
import { sessionOperations, sessionsRoutes } from './sessions/sessions.routes';
import { accessTokenIssuer } from './signing-keys/access-tokens';
import { jwksOperation, jwksRoutes } from './signing-keys/jwks.routes';
import { signingKeyCipher } from './signing-keys/signing-key-cipher';
import { openSigningKeyRing } from './signing-keys/signing-keys';
import { userOperations, usersRoutes } from './users/users.routes';
import { tenantUsageOperation, tenantUsageRoutes } from './tenant-usage/tenant-usage.routes';
import { TenantQuotas } from '@crm/records';
import type { UsageOwners } from './tenant-usage/usage-owners';

/**
 * Builds the domain's dependencies and every route. On start: the signing keys are opened with
 * SIGNING_KEY_SECRET (refused unset in production), sealed if still in clear, made on the very first start.
 */
export async function authRoutes(deps: ServiceDeps<AuthConfig, UsageOwners>): Promise<Router> {
  const { config, dataSource, clock } = deps;
  // E-mail goes out from an outbox, delivered by a worker of this process, which stops with the service.
  const mail = mailSettings(config);
  const mailWorker = new MailWorker({
    dataSource,
    transport: mailTransport(mail, deps.logger),
    composers: { password_reset: passwordResetMail(dataSource, mail.passwordResetUrl), email_verification: verificationMail(dataSource, mail.emailVerificationUrl) },
    clock,
    logger: deps.logger,
  });
  const cipher = await signingKeyCipher(config);
  const [ring, passwords] = await Promise.all([
    openSigningKeyRing(dataSource, cipher, clock()),
    passwordHashing(config.PASSWORD_HASH_COST, config.PASSWORD_HASH_QUEUE),
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
    mailQueued: () => mailWorker.wake(),
    quotas: new TenantQuotas(config.TENANT_QUOTAS),
    usageOwners: { usageOwners: deps.usageOwners, signer: deps.signer },
  };
  mailWorker.start();
  deps.onStop(() => mailWorker.stop());
  const router = Router();
  router.use(jwksRoutes(ring, clock));
  router.use(registrationRoutes(authDeps));
  router.use(sessionsRoutes(authDeps));
  router.use(meRoutes(authDeps));
  router.use(usersRoutes(authDeps));
  router.use(reassignmentRoutes(authDeps));
  router.use(apiTokensRoutes(authDeps));
  router.use(tenantUsageRoutes(authDeps));
  router.use(passwordsRoutes(authDeps));
  router.use(emailVerificationRoutes(authDeps));
  router.use(internalRoutes(authDeps));
  return router;
}

export const authApi: ApiOperation[] = [
  jwksOperation,
  registrationOperation,
  ...sessionOperations,
  meOperation,
  ...userOperations,
  ...reassignmentOperations,
  ...apiTokenOperations,
  tenantUsageOperation,
  ...passwordOperations,
  emailVerificationOperation,
];
