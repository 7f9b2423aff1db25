import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readSqlMigrations } from '../../src/database';

/** A folder of migration files as given (file name → content), read by `readSqlMigrations`. */
let folder: string;
const folderWith = (files: Record<string, string>) => {
  for (const [file, sql] of Object.entries(files)) writeFileSync(join(folder, file), sql);
  return folder;
};
beforeEach(() => (folder = mkdtempSync(join(tmpdir(), 'sql-migrations-'))));
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe('readSqlMigrations', () => {
  it('when files are numbered in sequence, then they are the migrations in that order, named by their file, the SQL unchanged', () => {
    const migrations = readSqlMigrations(
      folderWith({
        '002-Second1700000000002.sql': '-- crm:transaction false\nCREATE INDEX CONCURRENTLY IF NOT EXISTS t_a ON t (a)',
        '001-First1700000000001.sql': '\n  CREATE TABLE t (a int);\n',
        'checksums.txt': 'not a migration',
      }),
    );
    expect(migrations).toEqual([
      { name: 'First1700000000001', up: '\n  CREATE TABLE t (a int);\n' },
      { name: 'Second1700000000002', up: 'CREATE INDEX CONCURRENTLY IF NOT EXISTS t_a ON t (a)', transaction: false },
    ]);
  });

  it('when a number is skipped, then the folder is refused, naming the missing one', () => {
    expect(() => readSqlMigrations(folderWith({ '001-A1700000000001.sql': 'SELECT 1', '003-C1700000000003.sql': 'SELECT 3' }))).toThrow(/out of sequence at 003-C1700000000003\.sql: 002 is missing/);
  });

  it('when a number is used twice, then the folder is refused, naming it', () => {
    expect(() => readSqlMigrations(folderWith({ '001-A1700000000001.sql': 'SELECT 1', '001-B1700000000002.sql': 'SELECT 2' }))).toThrow(/001 is used twice/);
  });

  it('when the first number is not 001, then the folder is refused', () => {
    expect(() => readSqlMigrations(folderWith({ '002-A1700000000001.sql': 'SELECT 1' }))).toThrow(/001 is missing/);
  });

  it.each(['1-A1700000000001.sql', '001_A1700000000001.sql', '001-A.sql', '001-A170000000001.sql', '001-1700000000001.sql'])('when a file is named %s, then the folder is refused', (file) => {
    expect(() => readSqlMigrations(folderWith({ [file]: 'SELECT 1' }))).toThrow(/badly named/);
  });

  it('when one name is in two files, then the folder is refused', () => {
    expect(() => readSqlMigrations(folderWith({ '001-A1700000000001.sql': 'SELECT 1', '002-A1700000000001.sql': 'SELECT 2' }))).toThrow(/A1700000000001 is in .* twice/);
  });

  it('when a file starts with another crm header, then the folder is refused', () => {
    expect(() => readSqlMigrations(folderWith({ '001-A1700000000001.sql': '-- crm:transaction true\nSELECT 1' }))).toThrow(/unknown header/);
  });
});
