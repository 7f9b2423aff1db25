import { join } from 'node:path';
import { readSqlMigrations } from '@crm/platform';

/**
 * The import_export schema: every preview and commit (architecture §1: import-export owns the import jobs):
 * who sent which file, how big, how many rows, and how it ended — for support and audit questions
 * ("what did this import do?").
 *
 * The SQL is in `../migrations/`, one frozen file per migration (docs/operations.md, "Migrations: the rules").
 */
export const importExportMigrations = readSqlMigrations(join(__dirname, '../migrations'));
