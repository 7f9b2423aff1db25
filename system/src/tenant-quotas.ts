import { commonConfig, ConfigError, createLogger, loadConfig, MIGRATION_CONNECTIONS, openServiceDatabase, type DataSource, type Logger } from '@crm/platform';
import { parseQuotaAmount, setTenantQuota, SHARED_QUOTAS, tenantQuotaOverrides, tenantQuotasSetting, type QuotaLimits } from '@crm/records';
import { SERVICES } from './system';

/** The record collections, each a quota of its own (by default \`records\`), and the service keeping it. */
const COLLECTIONS = { leads: 'leads', contacts: 'contacts', accounts: 'accounts-opportunities', opportunities: 'accounts-opportunities', tasks: 'accounts-opportunities' } as const;
const RECORD_SERVICES = ['leads', 'contacts', 'accounts-opportunities'];

/** The services keeping each quota's overrides (their \`tenant_quotas\`): where an override is written. */
export const QUOTA_OWNERS: Readonly<Record<string, readonly string[]>> = {
  records: RECORD_SERVICES,
  ...Object.fromEntries(Object.entries(COLLECTIONS).map(([collection, service]) => [collection, [service]])),
  custom_fields: RECORD_SERVICES,
  file_bytes: RECORD_SERVICES,
  web_forms: ['leads'],
  api_tokens: ['auth'],
};
const QUOTA_NAMES = [...SHARED_QUOTAS, ...Object.keys(COLLECTIONS)];
type QuotaName = string;

const USAGE = `Shows or sets one tenant's quotas (docs/operations.md §14, docs/security.md §10.5).

  npm run tenant-quotas -- <tenant-id>                       its limits, each an override or the default
  npm run tenant-quotas -- <tenant-id> leads=1000 file_bytes=2GiB web_forms=default

A quota is one of ${QUOTA_NAMES.join(', ')} (\`records\`: each collection's records, a
collection's own quota winning); an amount a whole number (bytes with KiB, MiB, GiB or TiB), or
\`default\` to remove the tenant's override. Each override is written in the schema of every
service enforcing that quota, and applies to the next write there (nothing is cached). DATABASE_URL names the
database server of the services (a role that may write their schemas: the migration role); TENANT_QUOTAS the
defaults shown, as the services have them.`;

/** One change asked for: a limit, or `null` for the default again. */
export type QuotaChange = [QuotaName, number | null];

/** `leads=1000`, `file_bytes=2GiB`, `web_forms=default` as changes; throws naming a bad one. */
export function parseQuotaChanges(args: readonly string[]): QuotaChange[] {
  return args.map((arg) => {
    const [name, value, ...rest] = arg.split('=');
    if (!QUOTA_NAMES.includes(name as QuotaName)) throw new Error(`unknown quota "${name}" (known: ${QUOTA_NAMES.join(', ')})`);
    const amount = value === 'default' ? null : rest.length === 0 && value !== undefined ? parseQuotaAmount(value) : undefined;
    if (amount === undefined) throw new Error(`"${arg}": expected <quota>=<whole number>, bytes with KiB, MiB, GiB or TiB, or <quota>=default`);
    return [name as QuotaName, amount];
  });
}

/**
 * Applies `changes` for one tenant through the services' own databases (`databases` by service name, each on
 * its schema), then answers the tenant's limits: its overrides over `defaults`.
 */
export async function applyTenantQuotas(
  databases: Readonly<Record<string, DataSource>>,
  tenantId: string,
  changes: readonly QuotaChange[],
  defaults: QuotaLimits,
): Promise<Record<QuotaName, { limit: number; source: 'override' | 'records override' | 'default' }>> {
  for (const [quota, limit] of changes) {
    for (const service of QUOTA_OWNERS[quota]!) await setTenantQuota(databases[service]!.manager, tenantId, quota, limit);
  }
  const overrides: Record<string, number | undefined> = {};
  for (const quota of QUOTA_NAMES) {
    // The first owner's: the command writes the same override to each.
    overrides[quota] = (await tenantQuotaOverrides(databases[QUOTA_OWNERS[quota]![0]!]!.manager, tenantId))[quota];
  }
  // As the services read them: a collection's own, else the tenant's `records`, else the defaults'.
  const limitOf = (quota: string) => {
    if (overrides[quota] !== undefined) return { limit: overrides[quota], source: 'override' as const };
    if (quota in COLLECTIONS && overrides.records !== undefined) return { limit: overrides.records, source: 'records override' as const };
    return { limit: defaults[quota] ?? defaults.records, source: 'default' as const };
  };
  return Object.fromEntries(QUOTA_NAMES.map((quota) => [quota, limitOf(quota)]));
}

const OWNING_SERVICES = [...new Set(Object.values(QUOTA_OWNERS).flat())];

async function run(args: readonly string[], env: Record<string, string | undefined>, logger: Logger): Promise<void> {
  const [tenantId, ...rest] = args;
  if (tenantId === undefined || tenantId === '--help' || !/^[0-9a-f-]{36}$/i.test(tenantId)) {
    console.log(USAGE);
    if (tenantId !== '--help') process.exitCode = 2;
    return;
  }
  const changes = parseQuotaChanges(rest);
  const config = loadConfig({ ...commonConfig, TENANT_QUOTAS: tenantQuotasSetting }, env);
  if (config.DATABASE_URL === undefined) {
    // The embedded databases belong to the process running the services; a second one must not open them.
    throw new ConfigError(['DATABASE_URL: tenant-quotas needs the database server the services use']);
  }
  const databases: Record<string, DataSource> = {};
  try {
    for (const service of OWNING_SERVICES) {
      const { definition } = SERVICES.find((entry) => entry.definition.name === service)!;
      databases[service] = await openServiceDatabase({
        url: config.DATABASE_URL,
        schema: definition.schema,
        migrations: definition.migrations,
        migrate: false,
        poolSize: MIGRATION_CONNECTIONS,
        applicationName: 'crm-tenant-quotas',
        logger,
      });
    }
    const limits = await applyTenantQuotas(databases, tenantId, changes, config.TENANT_QUOTAS);
    for (const [quota, { limit, source }] of Object.entries(limits)) console.log(`${quota.padEnd(14)} ${String(limit).padStart(14)}  ${source}`);
  } finally {
    await Promise.all(Object.values(databases).map((dataSource) => dataSource.destroy()));
  }
}

if (require.main === module) {
  const logger = createLogger('tenant-quotas', 'warn');
  run(process.argv.slice(2), process.env, logger).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
