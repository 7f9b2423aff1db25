import { join } from 'node:path';
import { readSqlMigrations } from '@crm/platform';

/** The service's record tables: the records-layer migrations made the same for each, and the retention prunes each one's changed rows. */
export const RECORD_TABLES = ['accounts', 'opportunities', 'tasks'];

/**
 * The accounts_opportunities schema. As for leads, indexes serve a page with its count at a million
 * records over many tenants: every list is scoped to a tenant (for members, also to what they created
 * or own), filtered by tags (GIN), custom fields (jsonb containment, GIN), free text (trigram GIN on a
 * generated lower-cased `search_text`) or a reference, and ordered by an allowed field then the id.
 *
 * `stage`, `status` and `priority` order by their place in their workflow (prospecting → closed_lost,
 * open → done, low → high), not alphabetically: a generated `*_rank` column holds that place.
 *
 * References inside the schema are foreign keys (an opportunity's or a task's account, a task's
 * opportunity); deleting the referenced record clears them first, as a change of each record (version,
 * event), and `ON DELETE SET NULL` stays as the net under that. Contacts and leads live in other services:
 * they are checked against `known_records`, a replica fed by their events.
 *
 * The SQL is in `../migrations/`, one frozen file per migration (docs/operations.md, "Migrations: the rules").
 */
export const accountsOpportunitiesMigrations = readSqlMigrations(join(__dirname, '../migrations'));
