import { setTimeout as sleep } from 'node:timers/promises';

/** The longest wait between two attempts to reach a server (a broker, a database connection). */
const MAX_RETRY_DELAY_MS = 30_000;

/** Exponential backoff with ±20 % jitter, so replicas do not all retry in the same instant. */
export function backoffDelay(baseMs: number, attempt: number, maxMs = MAX_RETRY_DELAY_MS): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential * (0.8 + Math.random() * 0.4));
}

export interface RetryOptions {
  /** Whether a failure may pass by itself (a server away): those are tried again, any other ends the retries. */
  isTransient: (error: unknown) => boolean;
  /** The first wait; each next one doubles, up to `maxMs`, with backoffDelay's jitter. */
  baseMs: number;
  maxMs?: number;
  /** Told of each failure tried again, before its wait (which waits for it; its failure ends the retries). */
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void | Promise<void>;
  /** Aborted: the wait ends at once and the last failure is thrown. */
  signal?: AbortSignal;
}

/** `attempt` until it succeeds, waiting between tries while its failures are transient; no limit on the tries. */
export async function retryWithBackoff<T>(attempt: () => Promise<T>, options: RetryOptions): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!options.isTransient(error) || options.signal?.aborted) throw error;
      const delayMs = backoffDelay(options.baseMs, tries, options.maxMs);
      await options.onRetry?.(error, tries, delayMs);
      const waited = await sleep(delayMs, true, { signal: options.signal }).catch(() => false);
      if (!waited) throw error;
    }
  }
}
