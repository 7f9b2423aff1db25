import { INTERNAL_TOKEN_HEADER, mintInternalToken, type Caller } from '../auth-context';
import { url } from '../config';
import { ServiceUnavailableError } from '../errors';
import { currentRequestId, REQUEST_ID_HEADER } from '../http/request-context';
import { currentIdempotencyKey, IDEMPOTENCY_KEY_HEADER } from '../idempotency/idempotent-requests';
import { traceHeaders } from '../tracing/trace-context';

/**
 * Where each service listens, as every caller of it (the gateway, another service) names the setting.
 * Services call each other only where architecture §1 allows it: import-export calls the owning service's
 * internal import and export endpoints, a service asks an owner's internal lookup about an id its
 * replica does not hold yet.
 */
export const SERVICE_URL_SETTINGS = {
  auth: { setting: 'AUTH_SERVICE_URL', defaultUrl: 'http://127.0.0.1:8081' },
  leads: { setting: 'LEADS_SERVICE_URL', defaultUrl: 'http://127.0.0.1:8082' },
  contacts: { setting: 'CONTACTS_SERVICE_URL', defaultUrl: 'http://127.0.0.1:8083' },
  'accounts-opportunities': { setting: 'ACCOUNTS_OPPORTUNITIES_SERVICE_URL', defaultUrl: 'http://127.0.0.1:8084' },
  'import-export': { setting: 'IMPORT_EXPORT_SERVICE_URL', defaultUrl: 'http://127.0.0.1:8085' },
  audit: { setting: 'AUDIT_SERVICE_URL', defaultUrl: 'http://127.0.0.1:8086' },
} as const;

export type ServiceName = keyof typeof SERVICE_URL_SETTINGS;

/** The setting naming where `service` listens, with its default (the port `npm start` gives it). */
export const serviceUrlSetting = (service: ServiceName, what = `The ${service} service.`) =>
  url(SERVICE_URL_SETTINGS[service].defaultUrl).describe(what);

export interface ServiceCallOptions {
  method: 'GET' | 'POST';
  body?: unknown;
  signal?: AbortSignal;
  /** How long a call the service cannot have seen (nothing listening) is sent again; 0: never. */
  resendForMs: number;
  /** Longest wait for the answer's headers, per attempt; none when unset. */
  timeoutMs?: number;
  /** The call changes nothing (a GET, a lookup): sent again after a reset too. */
  changesNothing?: boolean;
  /** The media type asked for (`Accept`); any when unset. */
  accept?: string;
}

/** The called service did not answer (nothing listens, it reset or timed out): 503, try again shortly. */
export class ServiceCallFailedError extends ServiceUnavailableError {
  constructor(readonly service: string) {
    super(`The ${service} service is not available; try again shortly.`);
  }
}

/**
 * Calls another service for the caller, as the gateway calls services: an internal token addressed to
 * it with the caller inside, the request id and the trace context. A call nothing listened to is sent
 * again for a while (the service restarting); a reset is sent again only for a call that changes nothing.
 */
export async function callService(
  target: { service: string; baseUrl: string; secret: string },
  caller: Caller,
  path: string,
  options: ServiceCallOptions,
): Promise<Response> {
  const headers: Record<string, string> = {
    ...traceHeaders(),
    [INTERNAL_TOKEN_HEADER]: await mintInternalToken(target.secret, target.service, caller),
  };
  const requestId = currentRequestId();
  if (requestId) headers[REQUEST_ID_HEADER] = requestId;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.accept !== undefined) headers.accept = options.accept;
  // A write for a keyed request carries its key on: the other service answers a repeat with its first answer.
  const key = options.method === 'GET' || options.changesNothing ? undefined : currentIdempotencyKey();
  if (key !== undefined) headers[IDEMPOTENCY_KEY_HEADER] = key;
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const resendUntil = Date.now() + options.resendForMs;
  for (let attempt = 1; ; attempt += 1) {
    const signals = [options.signal, options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs)].filter(
      (signal): signal is AbortSignal => signal !== undefined,
    );
    try {
      return await fetch(`${target.baseUrl}${path}`, { method: options.method, headers, body, signal: signals.length > 0 ? AbortSignal.any(signals) : undefined });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      const delay = Math.min(MAX_RESEND_DELAY_MS, FIRST_RESEND_DELAY_MS * 2 ** (attempt - 1));
      const repeatable = options.changesNothing ?? (options.method === 'GET' || key !== undefined);
      if (!safeToSendAgain(error, repeatable) || Date.now() + delay > resendUntil) throw new ServiceCallFailedError(target.service);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

const FIRST_RESEND_DELAY_MS = 50;
const MAX_RESEND_DELAY_MS = 500;

/**
 * Connection refused: nothing listens (the service is restarting), safe for any call. A connection
 * reset before the answer: the service may have read the request, so only a call that changes nothing
 * is sent again.
 */
function safeToSendAgain(error: unknown, changesNothing: boolean): boolean {
  const code = (error as { cause?: { code?: string } }).cause?.code;
  if (code === 'ECONNREFUSED') return true;
  return changesNothing && (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET');
}
