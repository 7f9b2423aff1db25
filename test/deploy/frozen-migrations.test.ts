import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readSqlMigrations } from '@crm/platform';

/**
 * Applied migrations are frozen (docs/operations.md, "Migrations: the rules"): a database that applied a
 * migration records its name only, so editing its SQL would leave that database and a fresh one with two
 * different schemas, silently. Each service's `migrations/checksums.txt` (sha256sum format, appended to by
 * scripts/freeze-migrations.sh) holds one line per file: a file whose SQL changed, a file without its line and
 * a line whose file is gone all fail here, as does a gap in the files' sequence.
 */
const ROOT = path.resolve(__dirname, '../..');
const SERVICES = readdirSync(path.join(ROOT, 'services'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
/** A sha256sum line: the hash, a space, then a space (text mode) or `*` (binary mode), the name. */
const CHECKSUM_LINE = /^([0-9a-f]{64}) [ *](\S+)$/;

const migrationsOf = (service: string) => `services/${service}/migrations`;
const sqlFiles = (folder: string) =>
  readdirSync(path.join(ROOT, folder))
    .filter((file) => file.endsWith('.sql'))
    .sort();
const sha256 = (file: string) => createHash('sha256').update(readFileSync(path.join(ROOT, file))).digest('hex');

/** The lines of a folder's checksums.txt as file → hashes (more than one is itself a failure). */
function checksums(folder: string): Map<string, string[]> {
  const lines = readFileSync(path.join(ROOT, folder, 'checksums.txt'), 'utf8').split('\n').filter((line) => line.trim() !== '');
  const byFile = new Map<string, string[]>();
  for (const line of lines) {
    const match = CHECKSUM_LINE.exec(line.replace(/\r$/, ''));
    if (!match) throw new Error(`${folder}/checksums.txt: not a sha256sum line: ${line}`);
    byFile.set(match[2]!, [...(byFile.get(match[2]!) ?? []), match[1]!]);
  }
  return byFile;
}

describe('applied migrations are frozen', () => {
  it('when the services are listed, then each has its migrations folder and checksum lock', () => {
    expect(SERVICES.length).toBeGreaterThan(0);
    for (const service of SERVICES) expect(existsSync(path.join(ROOT, migrationsOf(service), 'checksums.txt'))).toBe(true);
  });

  describe.each(SERVICES)('%s', (service) => {
    const folder = migrationsOf(service);

    it('when its files are read, then they run 001, 002, … without a gap or a repeat, each well named', () => {
      const migrations = readSqlMigrations(path.join(ROOT, folder));
      expect(migrations.length).toBeGreaterThan(0);
      expect(migrations).toHaveLength(sqlFiles(folder).length);
    });

    it('when a file is compared with its checksum, then none changed since it was frozen', () => {
      const locked = checksums(folder);
      const problems = sqlFiles(folder).flatMap((file) => {
        const hashes = locked.get(file) ?? [];
        if (hashes.length === 0) return [`${folder}/${file} is not frozen yet: run scripts/freeze-migrations.sh`];
        if (hashes.length > 1) return [`${folder}/checksums.txt names ${file} ${hashes.length} times: one line per file`];
        return hashes[0] === sha256(`${folder}/${file}`) ? [] : [`applied migrations are frozen: add a new migration file instead of editing ${folder}/${file}`];
      });
      expect(problems).toEqual([]);
    });

    it('when a checksum line is read, then its file is still there (an applied migration is never removed)', () => {
      const files = new Set(sqlFiles(folder));
      const removed = [...checksums(folder).keys()].filter((file) => !files.has(file)).map((file) => `${folder}/${file} was applied and is gone: put it back`);
      expect(removed).toEqual([]);
    });
  });
});
