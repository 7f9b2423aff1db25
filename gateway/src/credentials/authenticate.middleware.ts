import { ForbiddenError, UnauthorizedError } from '@crm/platform';
import type { RequestHandler } from 'express';
import type { UnauthenticatedLimit } from '../rate-limit/unauthenticated-limit';
import { callerOf, routeOf, setCaller } from '../request-state';
import type { Authenticator } from './authenticator';

/**
 * Establishes the Caller from the request's credential; anonymous routes have none (and need none). A
 * client address that has sent too many failing credentials is refused first (429), and every failure
 * (401) counts against its address.
 */
export function authenticateMiddleware(authenticate: Authenticator, unauthenticatedLimit: UnauthenticatedLimit): RequestHandler {
  return async (req, res, next) => {
    const route = routeOf(res);
    if (route.auth === 'anonymous') {
      setCaller(res, null);
      return next();
    }
    unauthenticatedLimit.refuseUsedUpAddress(req, res);
    const caller = await authenticate(req.headers.authorization).catch(async (error: unknown) => {
      if (error instanceof UnauthorizedError) await unauthenticatedLimit.countFailure(req, res);
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
