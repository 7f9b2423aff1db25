import { rateLimitHeaders, type RatePolicy } from '../http/rate-limit-headers';

/**
 * The errors a handler or domain function throws. The error middleware turns each into the contract's
 * body: 400 `{error, errors}`, every other status `{detail}` (plus what the subclass adds).
 */
export type FieldMessage = string | string[];
export type FieldErrors = Record<string, FieldMessage | Record<string, FieldMessage>>;

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly extraBody: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = new.target.name;
  }

  body(): Record<string, unknown> {
    return { detail: this.detail, ...this.extraBody };
  }
}

export class ValidationError extends AppError {
  constructor(readonly errors: FieldErrors) {
    super(400, 'Validation failed.');
  }

  override body(): Record<string, unknown> {
    return { error: true, errors: this.errors };
  }

  static field(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: message });
  }
}

/**
 * A 400 for references naming no record the caller may open, with the refused ids another service may
 * have handed out before their records exist: `ReplicatedReferences.answerRefusals` asks that service about
 * those before the 400 goes out (architecture §1).
 */
export class RefusedReferencesError extends ValidationError {
  constructor(
    errors: FieldErrors,
    readonly maybeHandedOutIds: readonly string[],
  ) {
    super(errors);
  }
}

export class UnauthorizedError extends AppError {
  constructor(detail = 'Authentication credentials were not provided.', code?: string) {
    super(401, detail, code ? { code } : {});
  }
}

export class ForbiddenError extends AppError {
  constructor(detail = 'You do not have permission to perform this action.') {
    super(403, detail);
  }
}

export class NotFoundError extends AppError {
  /** One body for "missing", "other tenant" and "not openable": the caller cannot tell them apart. */
  constructor() {
    super(404, 'Not found.');
  }
}

/** A path that exists, asked with a method it does not have: `Allow` lists those it has (RFC 9110 §15.5.6). */
export class MethodNotAllowedError extends AppError {
  constructor(method: string, allowed: readonly string[]) {
    super(405, `Method "${method}" not allowed.`, {}, { Allow: allowed.join(', ') });
  }
}

export class ConflictError extends AppError {
  constructor(detail: string, field?: string) {
    super(409, detail, field ? { error: true, errors: { [field]: detail } } : {});
  }
}

export class UnprocessableError extends AppError {
  constructor(detail: string) {
    super(422, detail);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(detail = 'Request body is too large.') {
    super(413, detail);
  }
}

export class TooManyRequestsError extends AppError {
  /** `refusedBy`: the rate that refused, named in the RateLimit headers (those of the gateway's bucket would claim quota left). */
  constructor(retryAfterSeconds: number, refusedBy?: RatePolicy) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    super(
      429,
      `Request was throttled. Expected available in ${seconds} second${seconds === 1 ? '' : 's'}.`,
      { retry_after: seconds },
      { 'Retry-After': String(seconds), ...(refusedBy && rateLimitHeaders({ ...refusedBy, remaining: 0, resetSeconds: seconds })) },
    );
  }
}

/** Something the request needs (a service, a server) is unreachable for now: try again shortly. */
export class ServiceUnavailableError extends AppError {
  constructor(detail = 'Service unavailable.') {
    super(503, detail, {}, { 'Retry-After': '1' });
  }
}

/** The database is unreachable for now (down, restarting, out of connections). */
export class DatabaseUnavailableError extends ServiceUnavailableError {}
