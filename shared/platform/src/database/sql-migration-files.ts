import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SqlMigration } from './database';

/**
 * A service's migrations as files, `<NNN>-<Name>.sql`: NNN their place in the list (001, 002, … with no gap),
 * Name what the database records as applied (`SqlMigration.name`; typeorm applies pending ones by its 13-digit
 * timestamp, NNN breaking a tie). The SQL is frozen once applied (checksums.txt beside them,
 * test/deploy/frozen-migrations.test.ts): a change is a new file.
 */
const SQL_MIGRATION_FILE = /^(\d{3})-([A-Za-z][A-Za-z0-9]*\d{13})\.sql$/;

/** A file's first line for a migration run outside a transaction (`transaction: false`); the SQL follows on the next line. */
const NO_TRANSACTION_HEADER = '-- crm:transaction false\n';

/** Reads a folder's `*.sql` migrations in name order; throws on a badly named file or a gap or repeat in the sequence. */
export function readSqlMigrations(folder: string): SqlMigration[] {
  const files = readdirSync(folder)
    .filter((file) => file.endsWith('.sql'))
    .sort();
  const names = new Set<string>();
  return files.map((file, index) => {
    const match = SQL_MIGRATION_FILE.exec(file);
    if (!match) throw new Error(`Migration file ${join(folder, file)} is badly named: expected <NNN>-<Name><13-digit timestamp>.sql, e.g. 001-Messaging1763800000000.sql`);
    const position = match[1];
    const name = match[2];
    const expected = String(index + 1).padStart(3, '0');
    if (position !== expected) {
      const problem = files.some((other, at) => at !== index && other.startsWith(`${position}-`)) ? `${position} is used twice` : `${expected} is missing`;
      throw new Error(`Migration files in ${folder} are out of sequence at ${file}: ${problem} (numbers run 001, 002, … without a gap or a repeat)`);
    }
    if (names.has(name)) throw new Error(`Migration ${name} is in ${folder} twice: each name is applied once`);
    names.add(name);
    const sql = readFileSync(join(folder, file), 'utf8');
    if (sql.startsWith('-- crm:') && !sql.startsWith(NO_TRANSACTION_HEADER)) {
      throw new Error(`Migration file ${join(folder, file)} starts with an unknown header: the only one is "${NO_TRANSACTION_HEADER.trim()}"`);
    }
    return sql.startsWith(NO_TRANSACTION_HEADER) ? { name, up: sql.slice(NO_TRANSACTION_HEADER.length), transaction: false } : { name, up: sql };
  });
}
