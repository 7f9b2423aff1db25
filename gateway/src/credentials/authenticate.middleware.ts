import { ForbiddenError, UnauthorizedError } from '@crm/platform';
import type { RequestHandler } from 'express';
import type { UnauthenticatedLimit } from '../rate-limit/unauthenticated-limit';
import { callerOf, routeOf, setCaller } from '../request-state';
import { LookupNotAllowed } from './api-token-resolver';
import type { Authenticator } from './authenticator';

/**
 * Establishes the Caller from the request's credential; anonymous routes have none (and need none). A
 * credential that has failed too often at its client address is refused first (429); an address that has
 * sent too many failing credentials has its credentials checked only where that costs auth nothing; every
 * failure (401) counts against the address and against the credential there (`UnauthenticatedLimit`).
 */
export function authenticateMiddleware(authenticate: Authenticator, unauthenticatedLimit: UnauthenticatedLimit): RequestHandler {
  return async (req, res, next) => {
    const route = routeOf(res);
    if (route.auth === 'anonymous') {
      setCaller(res, null);
      return next();
    }
    const allowance = unauthenticatedLimit.allowanceBeforeCredential(req, res);
    const caller = await authenticate(req.headers.authorization, allowance).catch(async (error: unknown) => {
      if (error instanceof LookupNotAllowed) unauthenticatedLimit.refuseLookup(res, allowance);
      if (error instanceof UnauthorizedError) await unauthenticatedLimit.countFailure(req, res, allowance);
      throw error;
    });
    if (route.auth === 'user-only' && caller.credential.kind !== 'user') {
      throw new ForbiddenError('This endpoint needs a user access token, not an API token.');
    }
    setCaller(res, caller);
    next();
  };
}

/** 403 when the route needs a scope the credential does not carry (write does not imply read). */
export const scopeCheckMiddleware: RequestHandler = (_req, res, next) => {
  const { scope } = routeOf(res);
  const caller = callerOf(res);
  if (scope && !caller?.scopes.includes(scope)) {
    throw new ForbiddenError(`You do not have permission to perform this action: the scope "${scope}" is required.`);
  }
  next();
};
