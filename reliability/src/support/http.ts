/** An answer of the gateway: status, parsed JSON body (or undefined) and the raw text. */
export interface Answer {
  status: number;
  body: any;
  text: string;
  headers: Headers;
}

/**
 * One JSON request to the gateway. A network failure (connection refused or reset) answers status 0,
 * so the scripts can count it like any other answer instead of dying on it.
 */
export async function request(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; form?: FormData; headers?: Record<string, string> } = {},
): Promise<Answer> {
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(options.form ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: response.status, body, text, headers: response.headers };
  } catch (error) {
    return { status: 0, body: undefined, text: String((error as Error).cause ?? error), headers: new Headers() };
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it answers something other than undefined; undefined after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs: number, intervalMs = 100): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined || Date.now() > deadline) return value;
    await sleep(intervalMs);
  }
}
