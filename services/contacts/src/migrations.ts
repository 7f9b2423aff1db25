import { join } from 'node:path';
import { readSqlMigrations } from '@crm/platform';

/**
 * The contacts schema. As for leads, indexes serve a page with its count at a million contacts over
 * many tenants: every list is scoped to a tenant (and, for members, to what they created or own),
 * filtered by account, tags (GIN), custom fields (jsonb containment, GIN) or free text (trigram GIN),
 * and ordered by an allowed field then the id.
 *
 * The accounts replica lives in this schema, so a contact's account is a foreign key on
 * `(tenant_id, account_id)`: a contact can only point to an account of its own tenant, and the replica
 * row cannot go while a write that checked it is in flight.
 *
 * The SQL is in `../migrations/`, one frozen file per migration (docs/operations.md, "Migrations: the rules").
 */
export const contactsMigrations = readSqlMigrations(join(__dirname, '../migrations'));
