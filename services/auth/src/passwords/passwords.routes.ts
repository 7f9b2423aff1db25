import { parseBody, type ApiOperation } from '@crm/platform';
import { Router } from 'express';
import type { AuthDeps } from '../auth-deps';
import { userCaller } from '../common/caller-guards';
import { announceCredentialChange } from '../credentials/end-credentials';
import { changePassword } from './change-password';
import { confirmPasswordReset, requestPasswordReset, RESET_REQUESTED } from './password-reset';
import { changePasswordBody, passwordResetAnswerSchema, passwordResetBody, passwordResetConfirmBody } from './passwords.schemas';

/** A user changes their password (with an access token); anyone asks for a reset link and uses it. */
export function passwordsRoutes(deps: AuthDeps): Router {
  const router = Router();
  router.post('/api/auth/password/change/', async (req, res) => {
    const caller = userCaller(req);
    const ended = await changePassword(deps, caller, parseBody(req, changePasswordBody));
    announceCredentialChange(res, ended);
    res.status(204).end();
  });
  router.post('/api/auth/password/reset/', async (req, res) => {
    await requestPasswordReset(deps, parseBody(req, passwordResetBody).email);
    res.status(202).json({ detail: RESET_REQUESTED });
  });
  router.post('/api/auth/password/reset/confirm/', async (req, res) => {
    const ended = await confirmPasswordReset(deps, parseBody(req, passwordResetConfirmBody));
    announceCredentialChange(res, ended);
    res.status(204).end();
  });
  return router;
}

const RULES = 'The new password has at least 10 characters, is not a common password and is not the e-mail address (api-contract §10.3).';

export const passwordOperations: ApiOperation[] = [
  {
    method: 'post',
    path: '/api/auth/password/change/',
    tag: 'Auth',
    summary: 'Change your password',
    description:
      `A user with an access token (an API token gets 403). ${RULES} Every other session and every access token issued before ` +
      "end (401 from the next request); the session the change was made from goes on: refresh its access token with its refresh token. API tokens stay.",
    body: changePasswordBody,
    responses: {
      204: { description: 'The password is changed.', content: 'none' },
      400: 'A field is invalid: `current_password` is not the current password, or `new_password` breaks a rule.',
    },
  },
  {
    method: 'post',
    path: '/api/auth/password/reset/',
    tag: 'Auth',
    summary: 'Ask for a password-reset link',
    description:
      'Anonymous. The same answer, after the same work, whether or not an account has the address. If one has, an e-mail goes to it with a link ' +
      '(`PASSWORD_RESET_URL` with `?token=<token>`) that works once, within 30 minutes.',
    body: passwordResetBody,
    responses: { 202: { description: 'Asked: `{detail}`.', schema: passwordResetAnswerSchema } },
  },
  {
    method: 'post',
    path: '/api/auth/password/reset/confirm/',
    tag: 'Auth',
    summary: 'Choose a new password with a reset link',
    description:
      `Anonymous; the link's \`token\` is the credential. ${RULES} As a change, every session and access token of the user ends ` +
      '(log in again); the link is used up, and proves the address (`email_verified` becomes true).',
    body: passwordResetConfirmBody,
    responses: {
      204: { description: 'The password is changed.', content: 'none' },
      400: 'A field is invalid: `token` is unknown, used or expired, or `new_password` breaks a rule.',
    },
  },
];
