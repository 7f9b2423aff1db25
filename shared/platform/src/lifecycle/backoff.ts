/** The longest wait between two attempts to reach a server (a broker, a database connection). */
const MAX_RETRY_DELAY_MS = 30_000;

/** Exponential backoff with ±20 % jitter, so replicas do not all retry in the same instant. */
export function backoffDelay(baseMs: number, attempt: number, maxMs = MAX_RETRY_DELAY_MS): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential * (0.8 + Math.random() * 0.4));
}
