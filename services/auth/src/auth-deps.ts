import type { DataSource } from '@crm/platform';
import type { TenantQuotas } from '@crm/records';
import type { UsageOwners } from './tenant-usage/usage-owners';
import type { AuthConfig } from './config';
import type { PasswordHashing } from './passwords/passwords';
import type { AccessTokenIssuer } from './signing-keys/access-tokens';

/** What the domain functions work with: plain dependencies, built once when the routes are. */
export interface AuthDeps {
  dataSource: DataSource;
  config: AuthConfig;
  clock: () => Date;
  issueAccessToken: AccessTokenIssuer;
  passwords: PasswordHashing;
  /** Tells this process's mail worker that a committed transaction queued e-mail (it also polls). */
  mailQueued: () => void;
  /** The tenants' quotas this service keeps (`api_tokens`), from TENANT_QUOTAS and its `tenant_quotas` overrides. */
  quotas: TenantQuotas;
  /** The services asked for a tenant's usage, and how auth signs its calls to them. */
  usageOwners: UsageOwners;
}
