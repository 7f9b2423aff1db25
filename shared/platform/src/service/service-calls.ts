import { INTERNAL_TOKEN_HEADER, mintInternalToken, type Caller, type InternalTokenSigner } from '../auth-context';
import { url } from '../config';
import { ServiceUnavailableError } from '../errors';
import { currentRequestId, REQUEST_ID_HEADER } from '../http/request-context';
import { currentIdempotencyKey, IDEMPOTENCY_KEY_HEADER } from '../idempotency/idempotent-requests';
import { traceHeaders } from '../tracing/trace-context';

/**
 * A service another one calls (architecture §1 says which may: import-export the owners of what it
 * imports, a service the owners of its replicas): its name, and the port `npm start` gives it.
 */
export interface ServiceAddress {
  name: string;
  port: number;
}

/** Every caller names where a service listens with the same setting: `accounts-opportunities` → `ACCOUNTS_OPPORTUNITIES_SERVICE_URL`. */
export const serviceUrlSettingName = (service: string): string => `${service.toUpperCase().replace(/-/g, '_')}_SERVICE_URL`;

/** That setting's schema, by default where `npm start` runs the service on this machine. */
export const serviceUrlSetting = (service: ServiceAddress, what = `The ${service.name} service.`) => url(`http://127.0.0.1:${service.port}`).describe(what);

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
 * it with the caller inside, signed with the calling service's own key (`signer`; the called service takes
 * it only when architecture §1 lets this one call it), the request id and the trace context. A call nothing
 * listened to is sent again for a while (the service restarting); a reset is sent again only for a call that
 * changes nothing.
 */
export async function callService(
  target: { service: string; baseUrl: string; signer: InternalTokenSigner },
  caller: Caller,
  path: string,
  options: ServiceCallOptions,
): Promise<Response> {
  const headers: Record<string, string> = {
    ...traceHeaders(),
    [INTERNAL_TOKEN_HEADER]: await mintInternalToken(target.signer, target.service, caller),
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
