import { Router } from 'express';
import { z } from 'zod';
import { callerOf, callService, INTERNAL_PATH_PREFIX, ServiceCallFailedError, type Caller, type DataSource, type InternalTokenSigner } from '@crm/platform';
import type { QuotaCounter, TenantQuotas, TenantUsage } from './tenant-quotas';

/**
 * `GET /internal/tenant-usage/` of a service owning quotas (architecture §1): what the caller's tenant holds
 * there and may hold, `TenantUsage`'s parts for the service's counters. Auth asks each owner for
 * `GET /api/auth/tenant/usage/`.
 */
export const TENANT_USAGE_PATH = `${INTERNAL_PATH_PREFIX}tenant-usage/`;

export function tenantUsageRoutes(options: { dataSource: DataSource; quotas: TenantQuotas; counters: readonly QuotaCounter[] }): Router {
  return Router().get(TENANT_USAGE_PATH, async (req, res) => {
    res.json(await options.quotas.usage(options.dataSource.manager, callerOf(req).tenantId, options.counters));
  });
}

const usageSchema = z.object({ used: z.number(), limit: z.number() });
const byCollection = z.record(z.string(), usageSchema);
const tenantUsageAnswer = z.object({
  records: byCollection.optional(),
  custom_fields: byCollection.optional(),
  file_bytes: byCollection.optional(),
  web_forms: usageSchema.optional(),
  api_tokens: usageSchema.optional(),
});

/** The answer of `GET /api/auth/tenant/usage/` (api-contract §11). */
export const tenantUsageView = z.strictObject({
  records: byCollection,
  custom_fields: byCollection,
  file_bytes: byCollection,
  web_forms: usageSchema,
  api_tokens: usageSchema,
});
export type TenantUsageView = z.infer<typeof tenantUsageView>;

/** Longest wait for one owner's usage; the admin is waiting. */
const USAGE_TIMEOUT_MS = 5_000;
/** A call nothing listened to (the owner restarting) is sent again this long. */
const USAGE_RESEND_MS = 2_000;

/**
 * The tenant's usage gathered from the services owning its quotas, asked at once for the caller (their
 * `tenantUsageRoutes`), merged with `own` (what the asking service counts itself). An owner that does not
 * answer makes it a 503 to retry.
 */
export async function gatherTenantUsage(
  owners: ReadonlyArray<{ service: string; baseUrl: string }>,
  signer: InternalTokenSigner,
  caller: Caller,
  own: TenantUsage,
): Promise<TenantUsageView> {
  const parts = await Promise.all(
    owners.map(async (owner) => {
      const response = await callService({ ...owner, signer }, caller, TENANT_USAGE_PATH, {
        method: 'GET',
        resendForMs: USAGE_RESEND_MS,
        timeoutMs: USAGE_TIMEOUT_MS,
      });
      const parsed = response.ok ? tenantUsageAnswer.safeParse(await response.json()) : undefined;
      if (!parsed?.success) throw new ServiceCallFailedError(owner.service);
      return parsed.data;
    }),
  );
  const merged: TenantUsageView = { records: {}, custom_fields: {}, file_bytes: {}, web_forms: { used: 0, limit: 0 }, api_tokens: { used: 0, limit: 0 } };
  for (const part of [...parts, own]) {
    Object.assign(merged.records, part.records);
    Object.assign(merged.custom_fields, part.custom_fields);
    Object.assign(merged.file_bytes, part.file_bytes);
    if (part.web_forms) merged.web_forms = part.web_forms;
    if (part.api_tokens) merged.api_tokens = part.api_tokens;
  }
  return merged;
}
