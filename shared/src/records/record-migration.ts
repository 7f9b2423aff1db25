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
