import { callService, InternalTokenSigner, REPLAYED_HEADER, ServiceCallFailedError, type Caller } from '@crm/platform';
import type { ImportExportConfig } from '../config';

/** The entities a CSV file can be imported into and exported from (api-contract §5). */
export const IMPORT_ENTITIES = ['leads', 'contacts'] as const;
export type ImportEntity = (typeof IMPORT_ENTITIES)[number];

/** Which service owns each imported entity, and the setting naming where it listens. */
const OWNERS: Record<ImportEntity, { service: string; urlSetting: 'LEADS_SERVICE_URL' | 'CONTACTS_SERVICE_URL' }> = {
  leads: { service: 'leads', urlSetting: 'LEADS_SERVICE_URL' },
  contacts: { service: 'contacts', urlSetting: 'CONTACTS_SERVICE_URL' },
};

/**
 * A call the owning service cannot have seen is sent again for this long, so an owner restarting delays
 * an import or export instead of failing it — as the gateway does for requests from outside.
 */
const RESEND_FOR_MS = 10_000;

/** Calls the owning service's internal endpoints (`internalImportPaths`) for the caller (`callService`). */
export class OwningServices {
  /** Its calls are signed with import-export's own key, as import-export. */
  private readonly signer: InternalTokenSigner;

  constructor(private readonly config: ImportExportConfig) {
    this.signer = new InternalTokenSigner('import-export', config.INTERNAL_SIGNING_KEY);
  }

  request(entity: ImportEntity, caller: Caller, path: string, init: { method: 'GET' | 'POST'; body?: unknown; signal?: AbortSignal; accept?: string }): Promise<Response> {
    const owner = OWNERS[entity];
    const target = { service: owner.service, baseUrl: this.config[owner.urlSetting], signer: this.signer };
    return callService(target, caller, path, { ...init, resendForMs: RESEND_FOR_MS });
  }
}

/**
 * The owning service's JSON answer, sent on unchanged (its status and body are the contract's already);
 * a failure of the owning service itself is a 503 here, never a 500 passed along.
 */
export async function passThrough(entity: ImportEntity, response: Response, res: import('express').Response): Promise<void> {
  if (response.status >= 500) throw new ServiceCallFailedError(OWNERS[entity].service);
  const body = await response.text();
  // "Try again in a moment" (the owner's own key still running, a limit) stays one: the client's key is not spent on it.
  const retryAfter = response.headers.get('retry-after');
  if (retryAfter !== null) res.set('Retry-After', retryAfter);
  // The owner's replay of the client's key is a replay here too (this service may have lost its own record of it).
  const replayed = response.headers.get(REPLAYED_HEADER);
  if (replayed !== null) res.set(REPLAYED_HEADER, replayed);
  res.status(response.status).type(response.headers.get('content-type') ?? 'application/json').send(body);
}
