import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { openApiResponses } from './openapi-responses';

/**
 * A small HTTP client for end-to-end tests: talks to the gateway like any API client would. Every answer
 * is checked against the OpenAPI document: one that is not as documented fails the test that received it.
 */
export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  token?: string;
  headers?: Record<string, string>;
  /** A raw body (string or FormData) sent as is; otherwise `json` is sent as JSON. */
  rawBody?: string | FormData;
}

export class ApiClient {
  constructor(
    readonly baseUrl: string,
    private readonly defaultHeaders: Record<string, string> = {},
  ) {}

  /** The same client sending extra headers on every request (e.g. a client address behind a proxy). */
  withHeaders(headers: Record<string, string>): ApiClient {
    return new ApiClient(this.baseUrl, { ...this.defaultHeaders, ...headers });
  }

  async request<T = any>(method: string, path: string, json?: unknown, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...this.defaultHeaders, ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | FormData | undefined = options.rawBody;
    if (body === undefined && json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(json);
    }
    const url = path.startsWith('http') ? path : `${this.baseUrl}${path}`;
    const response = await fetch(url, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    const violations = openApiResponses().violations({ method, url, status: response.status, headers: response.headers, text });
    recordOperation(method, url);
    if (violations.length > 0 && process.env.OPENAPI_VIOLATIONS_LOG) appendFileSync(process.env.OPENAPI_VIOLATIONS_LOG, `${violations.join('\n')}\n`);
    else if (violations.length > 0) throw new Error(`The answer differs from contracts/openapi.json:\n${violations.join('\n')}\n${text.slice(0, 500)}`);
    if ((response.headers.get('content-type') ?? '').includes('json') && text.length > 0) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, undefined, options);
  }
  post<T = any>(path: string, json?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, json, options);
  }
  patch<T = any>(path: string, json?: unknown, options?: RequestOptions) {
    return this.request<T>('PATCH', path, json, options);
  }
  put<T = any>(path: string, json?: unknown, options?: RequestOptions) {
    return this.request<T>('PUT', path, json, options);
  }
  delete<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, undefined, options);
  }
}

/**
 * With `CRM_OPERATIONS_LOG` (a folder: the embedded pass sets it), each documented operation a suite sends
 * is noted there, one file per worker, for `route-coverage.ts` to check that the pass reached them all.
 * A suite that sends one with `fetch` itself (a streamed export) notes it with this too.
 */
export function recordOperation(method: string, url: string): void {
  const folder = process.env.CRM_OPERATIONS_LOG;
  const operation = folder ? openApiResponses().operationOf(method, url) : undefined;
  if (operation) appendFileSync(join(folder!, `worker-${process.env.JEST_WORKER_ID ?? '1'}.log`), `${operation}\n`);
}

/** A create through the gateway as a client sends it; the created record (anything but 201 fails the set-up). */
export async function createdRecord(api: ApiClient, path: string, body: Record<string, unknown>, token: string): Promise<any> {
  const res = await api.post(path, body, { token });
  if (res.status !== 201) throw new Error(`POST ${path} failed: ${res.status} ${res.text}`);
  return res.body;
}

/** A create with `bad` fields, each unknown or malformed, beside a valid `base`: 400 naming exactly those fields. */
export async function expectEachRefused(api: ApiClient, token: string, path: string, base: Record<string, unknown>, bad: Record<string, unknown>): Promise<void> {
  const res = await api.post(path, { ...base, ...bad }, { token });
  expect(res.status).toBe(400);
  expect(Object.keys(res.body.errors).sort()).toEqual(Object.keys(bad).sort());
}
