import { z } from 'zod';
import { AppError, queryOne, queryRows, type Db } from '@crm/platform';

/**
 * Per-tenant quotas (docs/security.md §10.5, api-contract §11): how much one tenant may store, so free
 * registration cannot fill the disks. Each record collection has its own quota, named as the collection
 * (its table), by default `records`; custom-field definitions and attached file bytes are counted per
 * collection too; web forms and live API tokens per tenant. The services name their collections: this
 * module names none.
 */
export const SHARED_QUOTAS = ['records', 'custom_fields', 'file_bytes', 'web_forms', 'api_tokens'] as const;
/** One of `SHARED_QUOTAS`, or a record collection's own (`records` for that collection alone). */
export type QuotaName = string;
/** Limits by quota name: every one of `SHARED_QUOTAS`, and a collection's own where set. */
export type QuotaLimits = Readonly<Record<(typeof SHARED_QUOTAS)[number], number> & Record<string, number>>;

const KIB = 1024;
const GIB = KIB ** 3;

/** Generous: far above what a real tenant of this CRM holds, low enough that one tenant cannot fill a disk alone. */
export const DEFAULT_TENANT_QUOTAS: QuotaLimits = {
  records: 5_000_000,
  custom_fields: 200,
  file_bytes: 10 * GIB,
  web_forms: 100,
  api_tokens: 500,
};

const UNITS: Record<string, number> = { '': 1, kib: KIB, mib: KIB ** 2, gib: GIB, tib: KIB ** 4 };

/** An amount: a whole number, with `KiB`, `MiB`, `GiB` or `TiB` after it for bytes. */
export function parseQuotaAmount(text: string): number | undefined {
  const match = /^(\d+)\s*([kmgt]ib)?$/i.exec(text.trim());
  if (!match) return undefined;
  const amount = Number(match[1]) * UNITS[(match[2] ?? '').toLowerCase()]!;
  return Number.isSafeInteger(amount) ? amount : undefined;
}

/** A quota's name: one of `SHARED_QUOTAS` or a collection's (lower case, `_` between words). */
const QUOTA_NAME = /^[a-z][a-z_]*$/;

/**
 * `records=1000000,file_bytes=10GiB,<collection>=…` over the defaults; a quota left out keeps its default, a
 * collection left out has `records`. Throws on a bad entry, naming it.
 */
export function parseTenantQuotas(setting: string): QuotaLimits {
  const limits: Record<string, number> = { ...DEFAULT_TENANT_QUOTAS };
  for (const entry of setting.split(',').map((part) => part.trim()).filter((part) => part !== '')) {
    const [name, value, ...rest] = entry.split('=').map((part) => part.trim());
    if (!QUOTA_NAME.test(name!)) throw new Error(`"${entry}": a quota is ${SHARED_QUOTAS.join(', ')} or a collection's name`);
    const amount = rest.length === 0 && value !== undefined ? parseQuotaAmount(value) : undefined;
    if (amount === undefined) throw new Error(`"${entry}": expected <quota>=<whole number>, bytes with KiB, MiB, GiB or TiB`);
    limits[name!] = amount;
  }
  return limits as QuotaLimits;
}

/** The TENANT_QUOTAS setting. */
export const tenantQuotasSetting = z
  .string()
  .default('')
  .transform((value, context) => {
    try {
      return parseTenantQuotas(value);
    } catch (error) {
      context.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  })
  .describe(
    "Default quotas of every tenant, e.g. records=1000000,file_bytes=5GiB (a quota left out keeps its default; a collection's own by its name; docs/security.md §10.5). " +
      'An operator overrides them per tenant: npm run tenant-quotas.',
  );

/** 403 `{detail, code: "quota_exceeded"}`: the write would take the tenant past one of its quotas; nothing was written. */
export class QuotaExceededError extends AppError {
  constructor(detail: string) {
    super(403, detail, { code: 'quota_exceeded' });
  }
}

/**
 * What one quota counts: its name, the collection it counts in (a collection's records, custom fields or
 * file bytes), and how much the tenant holds.
 */
export interface QuotaCounter {
  quota: QuotaName;
  collection?: string;
  used(db: Db, tenantId: string): Promise<number>;
}

export interface QuotaUsage {
  used: number;
  limit: number;
}

/** A service's part of `GET /api/auth/tenant/usage/`: per collection for records, custom fields and file bytes. */
export interface TenantUsage {
  records?: Record<string, QuotaUsage>;
  custom_fields?: Record<string, QuotaUsage>;
  file_bytes?: Record<string, QuotaUsage>;
  web_forms?: QuotaUsage;
  api_tokens?: QuotaUsage;
}

/** A collection's records: the quota named as the collection. */
const countsRecords = (counter: QuotaCounter) => counter.collection !== undefined && counter.quota === counter.collection;

const WHAT: Record<string, string> = { custom_fields: 'custom fields', file_bytes: 'bytes of attached files', web_forms: 'web forms', api_tokens: 'live API tokens' };

/** The quotas of a service's schema: the defaults of TENANT_QUOTAS, and each tenant's overrides in its `tenant_quotas` table. */
export class TenantQuotas {
  constructor(readonly defaults: QuotaLimits = DEFAULT_TENANT_QUOTAS) {}

  /**
   * The tenant's limit of what `counter` counts: the operator's override (`npm run tenant-quotas`), else the
   * default; for a collection's records, its own before `records`, the tenant's before the defaults.
   */
  async limit(db: Db, tenantId: string, counter: QuotaCounter): Promise<number> {
    const names = countsRecords(counter) ? [counter.quota, 'records'] : [counter.quota];
    const row = await queryOne<{ quota_limit: string }>(
      db,
      `SELECT quota_limit FROM tenant_quotas WHERE tenant_id = $1 AND quota = ANY($2::text[]) ORDER BY quota = $3 DESC LIMIT 1`,
      [tenantId, names, counter.quota],
    );
    if (row) return Number(row.quota_limit);
    return this.defaults[counter.quota] ?? this.defaults.records;
  }

  /**
   * Refuses (`QuotaExceededError`) a write adding `adding` to what `counter` counts when the tenant would
   * then hold more than its limit. Call it in the write's transaction, just before the write: it holds the
   * tenant's lock of that quota until the transaction ends, and counts after taking it (each statement of
   * a READ COMMITTED transaction sees what committed before it), so of two writes at the limit the second
   * counts the first's rows and is refused. Writes of one tenant to one quota thus commit one at a time.
   */
  async requireRoom(db: Db, tenantId: string, counter: QuotaCounter, adding: number): Promise<void> {
    if (adding <= 0) return;
    await db.query(`SELECT pg_advisory_xact_lock(hashtextextended(current_schema() || ':quota:' || $1, 0))`, [`${counter.quota}:${counter.collection ?? ''}:${tenantId}`]);
    const limit = await this.limit(db, tenantId, counter);
    const used = await counter.used(db, tenantId);
    if (used + adding <= limit) return;
    const what = countsRecords(counter) ? counter.quota : `${WHAT[counter.quota] ?? counter.quota}${counter.collection ? ` of ${counter.collection}` : ''}`;
    const adds = adding === 1 ? '' : ` This write adds ${adding}.`;
    throw new QuotaExceededError(
      `This tenant's quota of ${limit} ${what} would be exceeded (${used} stored).${adds} Nothing was written: delete some, or ask the operator to raise the quota.`,
    );
  }

  /** What the tenant holds and may hold, for each counter. */
  async usage(db: Db, tenantId: string, counters: readonly QuotaCounter[]): Promise<TenantUsage> {
    const usage: TenantUsage = {};
    for (const counter of counters) {
      const entry = { used: await counter.used(db, tenantId), limit: await this.limit(db, tenantId, counter) };
      if (counter.collection === undefined) usage[counter.quota as 'web_forms' | 'api_tokens'] = entry;
      else (usage[countsRecords(counter) ? 'records' : (counter.quota as 'custom_fields' | 'file_bytes')] ??= {})[counter.collection] = entry;
    }
    return usage;
  }
}

/** Sets (a number) or removes (`null`: back to the default) one tenant's override of `quota` in the schema of `db`. */
export async function setTenantQuota(db: Db, tenantId: string, quota: QuotaName, limit: number | null): Promise<void> {
  if (limit === null) await db.query(`DELETE FROM tenant_quotas WHERE tenant_id = $1 AND quota = $2`, [tenantId, quota]);
  else
    await db.query(
      `INSERT INTO tenant_quotas (tenant_id, quota, quota_limit) VALUES ($1, $2, $3)
       ON CONFLICT (tenant_id, quota) DO UPDATE SET quota_limit = EXCLUDED.quota_limit, updated_at = now()`,
      [tenantId, quota, limit],
    );
}

/** One tenant's overrides in the schema of `db`. */
export async function tenantQuotaOverrides(db: Db, tenantId: string): Promise<Partial<QuotaLimits>> {
  const rows = await queryRows<{ quota: QuotaName; quota_limit: string }>(db, `SELECT quota, quota_limit FROM tenant_quotas WHERE tenant_id = $1 ORDER BY quota`, [tenantId]);
  return Object.fromEntries(rows.map((row) => [row.quota, Number(row.quota_limit)]));
}

/** A record table's records, read from its totals (`recordTotalsSql`): a few rows, however many records. */
export const recordsCounter = (table: { name: string; totals?: true }): QuotaCounter => ({
  quota: table.name,
  collection: table.name,
  used: async (db, tenantId) =>
    Number(
      (await queryOne<{ n: string }>(db, table.totals ? `SELECT coalesce(sum(n), 0) AS n FROM ${table.name}_totals WHERE tenant_id = $1` : `SELECT count(*) AS n FROM ${table.name} WHERE tenant_id = $1`, [tenantId]))!.n,
    ),
});

/** An entity's custom-field definitions (stored under its `entity`), counted for its collection. */
export const customFieldsCounter = (entity: string, collection: string): QuotaCounter => ({
  quota: 'custom_fields',
  collection,
  used: async (db, tenantId) =>
    (await queryOne<{ n: number }>(db, `SELECT count(*)::int AS n FROM custom_field_definitions WHERE tenant_id = $1 AND entity = $2`, [tenantId, entity]))!.n,
});

/** The bytes of the files attached to an entity's records (`record_type`), counted for its collection: one row their triggers keep (`attachment_bytes`). */
export const fileBytesCounter = (entity: string, collection: string): QuotaCounter => ({
  quota: 'file_bytes',
  collection,
  used: async (db, tenantId) =>
    Number((await queryOne<{ n: string }>(db, `SELECT coalesce(sum(bytes), 0) AS n FROM attachment_bytes WHERE tenant_id = $1 AND record_type = $2`, [tenantId, entity]))!.n),
});

/** The three counters of one entity's records: the records, their custom-field definitions, their files. */
export const entityQuotaCounters = (kind: { entity: string; table: { name: string; totals?: true } }): QuotaCounter[] => [
  recordsCounter(kind.table),
  customFieldsCounter(kind.entity, kind.table.name),
  fileBytesCounter(kind.entity, kind.table.name),
];
