import { AppError } from '@crm/platform';
import type { Request, Response } from 'express';
import type { WebFormRow } from '../web-forms/web-forms.repository';

/** 403 `{detail}`: a browser on a site the form does not list. */
class OriginNotAllowedError extends AppError {
  constructor() {
    super(403, "This form does not take submissions from this page's origin.");
  }
}

/** The request headers a page may send with a submission. */
const ALLOWED_HEADERS = 'Content-Type, Idempotency-Key, X-Request-Id';
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * A browser's `Origin` must be one of the form's `allowed_origins` when it lists any (403 otherwise); an
 * allowed one may read the answer (CORS). A request without `Origin` (a server, a plain form post of an
 * older browser) is not a browser's cross-site call and passes.
 */
export function allowOrigin(req: Request, res: Response, form: WebFormRow): void {
  const origin = req.header('origin');
  res.vary('Origin');
  if (origin === undefined) return;
  if (form.allowed_origins.length > 0 && !form.allowed_origins.includes(origin.toLowerCase())) throw new OriginNotAllowedError();
  res.set('Access-Control-Allow-Origin', origin);
}

/** The answer to a CORS preflight of an allowed origin: POST, with the headers a page sends. */
export function answerPreflight(req: Request, res: Response, form: WebFormRow): void {
  allowOrigin(req, res, form);
  res
    .set({ 'Access-Control-Allow-Methods': 'POST', 'Access-Control-Allow-Headers': ALLOWED_HEADERS, 'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_SECONDS) })
    .status(204)
    .end();
}
