import http from 'node:http';

/**
 * A request exactly as a hostile or broken client would send it: any method, a raw path (query
 * included), any headers (a wrong Content-Length too) and raw body bytes. fetch cannot send most of
 * these (a body on GET, a bad Content-Length, a multipart body cut short), so this goes through node:http.
 */
export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The local address to connect from (another loopback address, `127.0.0.2`: another client to the gateway). */
  localAddress?: string;
}

export interface RawAnswer {
  /** 0: no answer (connection refused, reset or timed out); `error` says which. */
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  error?: string;
}

export function sendRaw(baseUrl: string, request: RawRequest, timeoutMs = 60_000): Promise<RawAnswer> {
  const target = new URL(baseUrl);
  return new Promise((resolve) => {
    const outgoing = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.path,
        headers: { connection: 'close', ...request.headers },
        localAddress: request.localAddress,
        timeout: timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', (error) => resolve({ status: 0, headers: {}, text: '', error: String(error) }));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    outgoing.on('error', (error) => resolve({ status: 0, headers: {}, text: '', error: String(error) }));
    // A server may answer (413, 401) and close before reading a large body: the answer still counts.
    outgoing.end(request.body);
  });
}

/**
 * The answer to a request, asked again after a 5xx or no answer (twice: one, then two seconds later):
 * the shared machine's servers may refuse for a moment (PostgreSQL out of connections), while a 5xx the
 * request itself causes comes back every time. `retried` says whether it had to be asked again.
 */
export async function sendPatiently(baseUrl: string, request: RawRequest): Promise<{ answer: RawAnswer; retried: boolean }> {
  let answer = await sendRaw(baseUrl, request);
  let retried = false;
  for (let attempt = 1; attempt <= 2 && (answer.status === 0 || answer.status >= 500); attempt += 1) {
    retried = true;
    await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
    answer = await sendRaw(baseUrl, request);
  }
  return { answer, retried };
}

/** How many items fall under each key. */
export function countBy<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

/** Runs `work` over `items` with at most `concurrency` in flight; results in the items' order. */
export async function inPool<T, R>(items: readonly T[], concurrency: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
