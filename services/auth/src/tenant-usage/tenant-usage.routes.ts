import { callerOf, type ApiOperation } from '@crm/platform';
import { gatherTenantUsage, tenantUsageView, type TenantUsageView } from '@crm/records';
import { Router } from 'express';
import type { AuthDeps } from '../auth-deps';
import { API_TOKENS_QUOTA } from '../api-tokens/api-tokens.repository';
import { adminOf } from '../users/require-admin';

export const TENANT_USAGE_PATH = '/api/auth/tenant/usage/';

/**
 * What the caller's tenant holds against each of its quotas (api-contract §11): auth counts its API tokens
 * and asks the services owning the other quotas, all at once (architecture §1). Admins only.
 */
export async function tenantUsage(deps: AuthDeps, caller: Parameters<typeof adminOf>[1]): Promise<TenantUsageView> {
  const admin = await adminOf(deps.dataSource, caller);
  const own = await deps.quotas.usage(deps.dataSource.manager, admin.tenantId, [API_TOKENS_QUOTA]);
  return gatherTenantUsage(deps.usageOwners.usageOwners, deps.usageOwners.signer, admin, own);
}

export function tenantUsageRoutes(deps: AuthDeps): Router {
  return Router().get(TENANT_USAGE_PATH, async (req, res) => {
    res.json(await tenantUsage(deps, callerOf(req)));
  });
}

export const tenantUsageOperation: ApiOperation = {
  method: 'get',
  path: TENANT_USAGE_PATH,
  tag: 'Auth',
  summary: "The tenant's usage and quotas",
  description:
    "Admins only (a member: 403). For each quota of the caller's tenant, `used` and `limit`: records per collection (`records`), " +
    'custom-field definitions and bytes of attached files per collection, web forms, live API tokens. A write past a limit answers 403 ' +
    '`{"detail", "code": "quota_exceeded"}` and writes nothing. The limits are the operator\'s (TENANT_QUOTAS, overridden per tenant). ' +
    'A service that does not answer makes it a 503 with Retry-After.',
  responses: { 200: { description: 'The usage and limits.', schema: tenantUsageView } },
};
