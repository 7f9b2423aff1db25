import { callerOf, ForbiddenError, type Caller } from '@crm/platform';
import type { Request } from 'express';

/**
 * Users and API tokens are managed by people, not by API tokens: a caller authenticated with an API
 * token gets 403 on those endpoints.
 */
export function assertUserCredential(caller: Caller): void {
  if (caller.credential.kind !== 'user') {
    throw new ForbiddenError('API tokens cannot manage users or API tokens.');
  }
}

/** The request's caller when it is a user acting with an access token (401 anonymous, 403 API token). */
export function userCaller(req: Request): Caller {
  const caller = callerOf(req);
  assertUserCredential(caller);
  return caller;
}
