import {
  currentRequestId,
  INTERNAL_TOKEN_HEADER,
  mintInternalToken,
  REQUEST_ID_HEADER,
  ServiceUnavailableError,
  type Caller,
  type ImportEntity,
} from '@crm/shared';
import type { ImportExportConfig } from '../config';

/** The owning service did not answer: the import or export cannot happen now (503, retry later). */
export class OwningServiceUnavailableError extends ServiceUnavailableError {
  constructor(entity: string) {
    super(`The ${entity} service is not available; try again shortly.`);
  }
}

/** Which service owns each imported entity, and the audience of its internal tokens. */
const OWNERS: Record<ImportEntity, { service: string; urlSetting: 'LEADS_SERVICE_URL' | 'CONTACTS_SERVICE_URL' }> = {
  leads: { service: 'leads', urlSetting: 'LEADS_SERVICE_URL' },
  contacts: { service: 'contacts', urlSetting: 'CONTACTS_SERVICE_URL' },
};

/**
 * Calls the owning service's internal endpoints (`internalImportPaths`) for the caller, as the gateway
 * calls services: an internal token addressed to it with the caller inside, and the request id.
 */
export class OwningServices {
  constructor(private readonly config: ImportExportConfig) {}

  async request(entity: ImportEntity, caller: Caller, path: string, init: { method: 'GET' | 'POST'; body?: unknown; signal?: AbortSignal }): Promise<Response> {
    const owner = OWNERS[entity];
    const headers: Record<string, string> = {
      [INTERNAL_TOKEN_HEADER]: await mintInternalToken(this.config.INTERNAL_TOKEN_SECRET, owner.service, caller),
    };
    const requestId = currentRequestId();
    if (requestId) headers[REQUEST_ID_HEADER] = requestId;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const body = init.body === undefined ? undefined : JSON.stringify(init.body);
    const retryUntil = Date.now() + RETRY_FOR_MS;
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await fetch(`${this.config[owner.urlSetting]}${path}`, { method: init.method, headers, body, signal: init.signal });
      } catch (error) {
        if (init.signal?.aborted) throw error;
        const delay = Math.min(MAX_RETRY_DELAY_MS, FIRST_RETRY_DELAY_MS * 2 ** (attempt - 1));
        if (!safeToSendAgain(error, init.method) || Date.now() + delay > retryUntil) throw new OwningServiceUnavailableError(owner.service);
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }
}

/**
 * A call the owning service cannot have seen is sent again for this long, so an owner restarting delays
 * an import or export instead of failing it — as the gateway does for requests from outside.
 */
const RETRY_FOR_MS = 10_000;
const FIRST_RETRY_DELAY_MS = 50;
const MAX_RETRY_DELAY_MS = 500;

/**
 * Connection refused: nothing listens (the owner is restarting), safe for any method. A connection
 * reset before the answer: the owner may have read the request, so only a GET (an export, which
 * changes nothing) is sent again.
 */
function safeToSendAgain(error: unknown, method: 'GET' | 'POST'): boolean {
  const code = (error as { cause?: { code?: string } }).cause?.code;
  if (code === 'ECONNREFUSED') return true;
  return method === 'GET' && (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET');
}

/**
 * The owning service's JSON answer, sent on unchanged (its status and body are the contract's already);
 * a failure of the owning service itself is a 503 here, never a 500 passed along.
 */
export async function passThrough(entity: ImportEntity, response: Response, res: import('express').Response): Promise<void> {
  if (response.status >= 500) throw new OwningServiceUnavailableError(OWNERS[entity].service);
  const body = await response.text();
  res.status(response.status).type(response.headers.get('content-type') ?? 'application/json').send(body);
}
