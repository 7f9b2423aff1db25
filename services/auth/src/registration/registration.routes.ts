import { answerCreated, parseBody, type ApiOperation } from '@crm/platform';
import { Router } from 'express';
import type { AuthDeps } from '../auth-deps';
import { announceCredentialChange } from '../credentials/end-credentials';
import { noStore, SECRET_ANSWER_NOTE } from '../common/no-store';
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
      const { org, profile, access, refresh, releasedProfileIds } = await registerOrg(deps, body);
      // The unverified holder the address was released from: their credentials ended (api-contract §10.4).
      announceCredentialChange(res, releasedProfileIds);
      return {
        org: { id: org.id, name: org.name },
        user: { id: profile.userId, email: profile.email, email_verified: profile.emailVerified },
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
  description:
    'Anonymous. The new tenant with its first admin, and a pair of tokens for that admin. The password follows the rules of api-contract §10.3. ' +
    'A verification e-mail goes to the address; unverified after 7 days, the registration lapses. An address held by someone who never verified it ' +
    `is released from them (api-contract §10.4). ${SECRET_ANSWER_NOTE}`,
  answerCarriesSecret: true,
  body: registerBody,
  responses: { 201: { description: '`{org, user, profile, access, refresh}`.', schema: meSchema.omit({ scopes: true }).extend(sessionTokensSchema.shape) }, 409: 'The e-mail is taken by an account that verified it.' },
};
