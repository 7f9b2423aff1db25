-- Per-tenant quotas (docs/security.md §10.5, api-contract §11): the operator's overrides of the TENANT_QUOTAS
-- defaults for one tenant (`npm run tenant-quotas`), of the quotas auth enforces (`api_tokens`). Each service
-- owning quotas keeps its own such table.
CREATE TABLE tenant_quotas (
  tenant_id uuid NOT NULL,
  quota text NOT NULL,
  quota_limit bigint NOT NULL CHECK (quota_limit >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, quota)
);
