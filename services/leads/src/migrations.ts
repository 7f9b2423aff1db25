import { join } from 'node:path';
import { readSqlMigrations } from '@crm/platform';

/**
 * The leads schema. Indexes serve a page with its count at a million leads over many tenants: every
 * list is scoped to a tenant (and, for members, to what they created or own), filtered by tags (GIN),
 * custom fields (jsonb containment, GIN) or free text (trigram GIN), the GIN indexes led by the tenant
 * (LeadListIndexesPerTenant), and ordered by an allowed field.
 *
 * The SQL is in `../migrations/`, one frozen file per migration (docs/operations.md, "Migrations: the rules").
 */
export const leadsMigrations = readSqlMigrations(join(__dirname, '../migrations'));
