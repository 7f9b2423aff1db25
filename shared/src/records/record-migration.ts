/** What the migration of every record table is made of (README "Adding an entity"). */
import { ENSURE_BTREE_GIN, ENSURE_PG_TRGM } from '../database/extensions';
import { phoneDigitsSql } from './record-table';

/**
 * The columns every record table has besides its own: what the records layer reads as the
 * server-derived part and the owner, tags and custom fields of every entity (`record-table.ts`).
 * Kept to the byte: applied migrations of accounts-opportunities are written with them.
 */
export const OWNED_RECORD_COLUMNS = `tags text[] NOT NULL DEFAULT '{}',
        assigned_to uuid NOT NULL,
        created_by uuid NOT NULL,
        custom_fields jsonb NOT NULL DEFAULT '{}'::jsonb,
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()`;

/**
 * The indexes every record table has: the default order and `updated_at` per tenant, members' views
 * (what they own, what they created), tags, custom fields (containment) and free text (trigram).
 */
/** The index that lets a search of digits find a phone number typed with spaces, dashes or brackets. */
export const phoneDigitsIndexSql = (table: string, column = 'phone') => `${ENSURE_PG_TRGM}${ENSURE_BTREE_GIN}
  CREATE INDEX ${table}_tenant_${column}_digits ON ${table} USING gin (tenant_id, (${phoneDigitsSql(column)}) public.gin_trgm_ops);`;

export const ownedRecordIndexes = (table: string) => `
      CREATE INDEX ${table}_tenant_created ON ${table} (tenant_id, created_at, id);
      CREATE INDEX ${table}_tenant_updated ON ${table} (tenant_id, updated_at, id);
      CREATE INDEX ${table}_tenant_assigned ON ${table} (tenant_id, assigned_to, created_at, id);
      CREATE INDEX ${table}_tenant_creator ON ${table} (tenant_id, created_by, created_at, id);
      CREATE INDEX ${table}_tags ON ${table} USING gin (tags);
      CREATE INDEX ${table}_custom_fields ON ${table} USING gin (custom_fields jsonb_path_ops);
      CREATE INDEX ${table}_search ON ${table} USING gin (search_text public.gin_trgm_ops);`;

/**
 * A record table's totals (architecture: big tenants): how many records each tenant holds per owner and
 * creator, so a list restricted only by who may open and who owns is counted from a few rows, not by
 * reading a tenant's millions. Kept by statement triggers in the writing transaction, so a count read in
 * a snapshot agrees with the rows of that snapshot. A statement adds its changes to one of eight shards
 * at random: concurrent writers of one tenant and owner rarely wait on the same row. Columns are named as
 * the table names them, so the list's own conditions read the totals. The functions keep the schema's
 * search path: a session of another schema (an operator, a restore) writing the table keeps them too.
 */
export function recordTotalsSql(table: string, ownerColumn: string): string {
  const totals = `${table}_totals`;
  const add = (rows: string, sign: string) =>
    `INSERT INTO ${totals} AS t (tenant_id, ${ownerColumn}, created_by, shard, n)
       SELECT tenant_id, ${ownerColumn}, created_by, chosen_shard, ${sign}count(*) FROM ${rows} GROUP BY tenant_id, ${ownerColumn}, created_by
       ON CONFLICT (tenant_id, ${ownerColumn}, created_by, shard) DO UPDATE SET n = t.n + EXCLUDED.n;`;
  return `
    CREATE TABLE ${totals} (
      tenant_id uuid NOT NULL,
      ${ownerColumn} uuid NOT NULL,
      created_by uuid NOT NULL,
      shard smallint NOT NULL,
      n bigint NOT NULL,
      PRIMARY KEY (tenant_id, ${ownerColumn}, created_by, shard)
    );
    CREATE FUNCTION ${table}_keep_totals() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    DECLARE
      chosen_shard smallint := floor(random() * 8);
    BEGIN
      IF TG_OP = 'INSERT' THEN
        ${add('new_rows', '')}
      ELSIF TG_OP = 'DELETE' THEN
        ${add('old_rows', '-')}
      ELSE
        -- Only rows whose tenant, owner or creator changed move between totals.
        ${add(`(SELECT o.* FROM old_rows o JOIN new_rows n USING (id) WHERE (o.tenant_id, o.${ownerColumn}, o.created_by) IS DISTINCT FROM (n.tenant_id, n.${ownerColumn}, n.created_by)) AS moved_from`, '-')}
        ${add(`(SELECT n.* FROM old_rows o JOIN new_rows n USING (id) WHERE (o.tenant_id, o.${ownerColumn}, o.created_by) IS DISTINCT FROM (n.tenant_id, n.${ownerColumn}, n.created_by)) AS moved_to`, '')}
      END IF;
      RETURN NULL;
    END
    $$;
    CREATE FUNCTION ${table}_clear_totals() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
      DELETE FROM ${totals};
      RETURN NULL;
    END
    $$;
    LOCK TABLE ${table} IN SHARE MODE;
    INSERT INTO ${totals} (tenant_id, ${ownerColumn}, created_by, shard, n)
      SELECT tenant_id, ${ownerColumn}, created_by, 0, count(*) FROM ${table} GROUP BY tenant_id, ${ownerColumn}, created_by;
    CREATE TRIGGER ${table}_totals_on_insert AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION ${table}_keep_totals();
    CREATE TRIGGER ${table}_totals_on_delete AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION ${table}_keep_totals();
    CREATE TRIGGER ${table}_totals_on_update AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION ${table}_keep_totals();
    CREATE TRIGGER ${table}_totals_on_truncate AFTER TRUNCATE ON ${table}
      FOR EACH STATEMENT EXECUTE FUNCTION ${table}_clear_totals();
  `;
}
