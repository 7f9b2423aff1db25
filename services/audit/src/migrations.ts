import { join } from 'node:path';
import { readSqlMigrations } from '@crm/platform';

/**
 * The audit schema: the outbox and inbox, and the audit log every event lands in.
 *
 * The SQL is in `../migrations/`, one frozen file per migration (docs/operations.md, "Migrations: the rules").
 */
export const auditMigrations = readSqlMigrations(join(__dirname, '../migrations'));
