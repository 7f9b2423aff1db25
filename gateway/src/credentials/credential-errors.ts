import { UnauthorizedError } from '@crm/platform';

/** A 401 that also says how to authenticate (RFC 6750 §3), as every 401 must (RFC 9110 §15.5.2). */
class BearerChallenge extends UnauthorizedError {
  override readonly headers: Record<string, string>;

  constructor(detail: string, code?: string) {
    super(detail, code);
    this.headers = { 'WWW-Authenticate': code ? 'Bearer realm="api", error="invalid_token"' : 'Bearer realm="api"' };
  }
}

/** No `Authorization: Bearer …` header (or an empty one). */
export function credentialsMissing(): UnauthorizedError {
  return new BearerChallenge('Authentication credentials were not provided.');
}

/** Expired, tampered, unsigned, for another audience or issuer, signed by an unknown key, or garbage. */
export function tokenNotValid(): UnauthorizedError {
  return new BearerChallenge('Given token not valid for any token type', 'token_not_valid');
}

