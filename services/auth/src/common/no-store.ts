import type { RequestHandler } from 'express';

/**
 * For the routes whose answers carry a credential (an access, refresh or API token): no cache may keep
 * them (RFC 6749 §5.1, RFC 9111 §5.2.2.5). Set before the handler runs, so refusals carry it too.
 */
export const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

/**
 * What the same routes' descriptions say of `Idempotency-Key`: their operations set `answerCarriesSecret`,
 * so the idempotency store keeps nothing of them either (api-contract §6).
 */
export const SECRET_ANSWER_NOTE =
  'The answer carries a secret, which is never stored: an `Idempotency-Key` is ignored, and a repeat is served afresh, never replayed.';
