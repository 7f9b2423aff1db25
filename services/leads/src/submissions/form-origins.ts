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

/** The origin of a `Referer` (`https://www.example.com/contact?x=1` → `https://www.example.com`); undefined for anything else. */
function refererOrigin(referer: string | undefined): string | undefined {
  if (referer === undefined) return undefined;
  try {
    const url = new URL(referer);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A form that lists `allowed_origins` takes a request only from a page on one of them: its `Origin` must
 * be listed, or, without `Origin` (an older browser's plain form post), its `Referer`'s origin; neither
 * sent (a page whose policy hides both, a server) is refused too, 403, as an origin not listed. (Nothing
 * stops a server from claiming an origin: the check keeps other sites' pages out, it is no credential.) A
 * form that lists none takes any request. An allowed `Origin` may read the answer (CORS).
 */
export function allowOrigin(req: Request, res: Response, form: WebFormRow): void {
  const origin = req.header('origin');
  res.vary('Origin');
  if (form.allowed_origins.length > 0) {
    const pageOrigin = origin ?? refererOrigin(req.header('referer'));
    if (pageOrigin === undefined || !form.allowed_origins.includes(pageOrigin.toLowerCase())) throw new OriginNotAllowedError();
  }
  if (origin !== undefined) res.set('Access-Control-Allow-Origin', origin);
}

/** The answer to a CORS preflight of an allowed origin: POST, with the headers a page sends. */
export function answerPreflight(req: Request, res: Response, form: WebFormRow): void {
  allowOrigin(req, res, form);
  res
    .set({ 'Access-Control-Allow-Methods': 'POST', 'Access-Control-Allow-Headers': ALLOWED_HEADERS, 'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_SECONDS) })
    .status(204)
    .end();
}
