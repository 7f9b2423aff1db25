/** How long a harness wait lasts by default: well inside jest's 30 s test timeout. */
export const DEFAULT_WAIT_MS = 15_000;

/**
 * Polls `check` until it answers something other than undefined, and answers that; fails naming `what`
 * once `timeoutMs` has passed. For what happens asynchronously (an event handled, an entry readable).
 */
export async function eventually<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = DEFAULT_WAIT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
