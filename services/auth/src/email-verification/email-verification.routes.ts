import { parseBody, type ApiOperation } from '@crm/platform';
import { Router } from 'express';
import { z } from 'zod';
import type { AuthDeps } from '../auth-deps';
import { linkTokenField } from '../passwords/passwords.schemas';
import { verifyEmail } from './verify-email';

const verifyEmailBody = z.strictObject({ token: linkTokenField });

/** Anonymous: the link's token is the proof. */
export function emailVerificationRoutes(deps: AuthDeps): Router {
  const router = Router();
  router.post('/api/auth/verify-email/', async (req, res) => {
    await verifyEmail(deps, parseBody(req, verifyEmailBody).token);
    res.status(204).end();
  });
  return router;
}

export const emailVerificationOperation: ApiOperation = {
  method: 'post',
  path: '/api/auth/verify-email/',
  tag: 'Auth',
  summary: 'Confirm an e-mail address',
  description:
    'Anonymous. With the `token` of the link a new account is sent (`EMAIL_VERIFICATION_URL` with `?token=<token>`): the address is ' +
    'verified (`email_verified: true` in `me` and the users list), and from then on nobody else can register it (api-contract §10.4).',
  body: verifyEmailBody,
  responses: {
    204: { description: 'The address is verified.', content: 'none' },
    400: 'A field is invalid: `token` is unknown, used or expired, or the address is no longer the account’s.',
  },
};
