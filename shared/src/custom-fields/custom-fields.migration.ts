import type { SqlMigration } from '../database';

/** The unique key a taken `key` violates (409). */
export const CUSTOM_FIELD_KEY_CONSTRAINT = 'custom_field_definitions_tenant_entity_key';

/**
 * The definitions table, created in the service's own schema (unqualified: the search path is the
 * schema). `entity` lets one schema hold the definitions of several entities. The unique key also
 * serves every lookup and list, which are all per tenant and entity.
 *
 * Each record table keeps its values in `custom_fields jsonb NOT NULL DEFAULT '{}'` and should carry
 * `CREATE INDEX ... USING gin (tenant_id, custom_fields jsonb_path_ops)` (ENSURE_BTREE_GIN), which serves the
 * `cf_<key>` filters of one tenant without reading every tenant's entries (leads' LeadListIndexesPerTenant).
 */
export function customFieldsMigration(name: string): SqlMigration {
  return {
    name,
    up: `
      CREATE TABLE custom_field_definitions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        entity text NOT NULL,
        key text NOT NULL,
        label text NOT NULL,
        field_type text NOT NULL CHECK (field_type IN ('text', 'number', 'date', 'checkbox', 'dropdown')),
        options jsonb NOT NULL DEFAULT '[]'::jsonb,
        is_required boolean NOT NULL DEFAULT false,
        is_filterable boolean NOT NULL DEFAULT false,
        display_order integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT ${CUSTOM_FIELD_KEY_CONSTRAINT} UNIQUE (tenant_id, entity, key)
      );
    `,
  };
}
