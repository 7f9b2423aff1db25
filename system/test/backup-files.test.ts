import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { takeBackup, type BackupResult } from '../src/backup/backup';
import { parseBackupKeys, type BackupKey } from '../src/backup/encryption';
import { restoreBackup } from '../src/backup/restore';

/**
 * The backup's files on PostgreSQL (docs/backup-restore.md §1): encrypted as they are written, only their
 * owner's to read whatever the umask, old backups pruned; and a restore that checks the whole dump first,
 * so a wrong key, a changed file or another backup's dump changes nothing in the database.
 */
const run = promisify(execFile);
const BACKUP_JS = resolve(__dirname, '../dist/backup/backup.js');
const server = new URL(process.env.DATABASE_URL!);
const databaseUrl = (suffix: string) => Object.assign(new URL(server.toString()), { pathname: `${server.pathname}_${suffix}` }).toString();
const SOURCE = databaseUrl('bkfiles');
const TARGET = databaseUrl('bkfiles_to');
/** A value of a row, to look for in the files: a backup in clear holds it, an encrypted one must not. */
const MARKER = `Lovelace-${randomBytes(4).toString('hex')}`;
const keyText = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;
const [KEY] = parseBackupKeys(keyText('2026-11')) as [BackupKey];
const [OLD_KEY] = parseBackupKeys(keyText('2026-10')) as [BackupKey];

let dir: string;
let backup: BackupResult;

async function onServer<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
const adminUrl = () => Object.assign(new URL(server.toString()), { pathname: '/postgres' }).toString();
async function recreate(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  await onServer(adminUrl(), async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  });
}
async function drop(url: string): Promise<void> {
  await onServer(adminUrl(), (admin) => admin.query(`DROP DATABASE IF EXISTS "${new URL(url).pathname.slice(1)}" WITH (FORCE)`));
}

/** A target holding a table of its own in a CRM schema: a restore that began would drop it. */
async function targetWithSentinel(): Promise<void> {
  await recreate(TARGET);
  await onServer(TARGET, (db) => db.query(`CREATE SCHEMA leads; CREATE TABLE leads.sentinel (id int); INSERT INTO leads.sentinel VALUES (1)`));
}
const sentinelRows = () => onServer(TARGET, async (db) => (await db.query(`SELECT count(*)::int AS n FROM leads.sentinel`)).rows[0].n as number);

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'crm-backup-files-'));
  await recreate(SOURCE);
  await onServer(SOURCE, async (db) => {
    await db.query(`CREATE SCHEMA leads; CREATE TABLE leads.leads (id int PRIMARY KEY, last_name text NOT NULL)`);
    await db.query(`INSERT INTO leads.leads SELECT g, $1 || g FROM generate_series(1, 3000) g`, [MARKER]);
    await db.query(`CREATE SCHEMA audit; CREATE TABLE audit.audit_log (id int, data text)`);
    await db.query(`INSERT INTO audit.audit_log VALUES (1, $1)`, [MARKER]);
  });
  // Whatever the umask lets through, the files are their owner's only.
  const umask = process.umask(0);
  try {
    backup = await takeBackup({ databaseUrl: SOURCE, outDir: join(dir, 'backups'), keys: [KEY, OLD_KEY] });
  } finally {
    process.umask(umask);
  }
}, 60_000);
afterAll(async () => {
  await drop(SOURCE);
  await drop(TARGET);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a backup with BACKUP_ENCRYPTION_KEY', () => {
  it('writes the dump and the manifest encrypted (*.enc) with the first key, holding nothing in clear', () => {
    const files = readdirSync(join(dir, 'backups')).sort();
    expect(files).toEqual([backup.manifest.dumpFile, expect.stringMatching(/^crm-\d{8}T\d{6}Z\.json\.enc$/)]);
    expect(backup.manifest.dumpFile).toMatch(/^crm-\d{8}T\d{6}Z\.dump\.enc$/);
    expect(backup.manifest.encryption).toEqual({ scheme: 'crm-backup-aes-256-gcm-stream/1', keyId: '2026-11' });
    expect(backup.manifest.dumpSha256).toMatch(/^[0-9a-f]{64}$/);
    for (const file of files) {
      const bytes = readFileSync(join(dir, 'backups', file));
      expect([file, bytes.subarray(0, 8).toString('latin1'), bytes.includes(MARKER), bytes.includes('PGDMP'), bytes.includes('leads')]).toEqual([file, 'CRMBAK1\n', false, false, false]);
    }
  });

  it('makes its directory 0700 and its files 0600, even with umask 000', () => {
    expect(modeOf(join(dir, 'backups'))).toBe('700');
    for (const file of readdirSync(join(dir, 'backups'))) expect([file, modeOf(join(dir, 'backups', file))]).toEqual([file, '600']);
  });

  it('closes a directory of its user that others could read (0755 → 0700)', async () => {
    const open = join(dir, 'open');
    mkdirSync(open);
    chmodSync(open, 0o755);
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // a backup's name is its second
    await takeBackup({ databaseUrl: SOURCE, outDir: open, keys: [KEY] });
    expect(modeOf(open)).toBe('700');
  }, 30_000);

  it('keeps the newest --keep-last backups, each with all its files, and leaves an unfinished one alone', async () => {
    const kept = join(dir, 'kept');
    mkdirSync(kept, { mode: 0o700 });
    const older = ['crm-20200101T000000Z.dump.enc', 'crm-20200101T000000Z.json.enc', 'crm-20200101T000000Z-broker.json.enc', 'crm-20210101T000000Z.dump', 'crm-20210101T000000Z.json'];
    const unfinished = 'crm-20190101T000000Z.dump.enc';
    for (const name of [...older, unfinished]) writeFileSync(join(kept, name), 'x', { mode: 0o600 });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const result = await takeBackup({ databaseUrl: SOURCE, outDir: kept, keys: [KEY], keepLast: 2 });
    expect(result.pruned).toEqual(['crm-20200101T000000Z']);
    expect(readdirSync(kept).sort()).toEqual([unfinished, 'crm-20210101T000000Z.dump', 'crm-20210101T000000Z.json', result.manifest.dumpFile, result.manifest.dumpFile.replace('.dump.enc', '.json.enc')].sort());
  }, 30_000);

  it('is refused by the command in production without a key, before anything is written', async () => {
    if (!existsSync(BACKUP_JS)) throw new Error('the backup tools are not compiled: npm run build');
    const out = join(dir, 'refused');
    const env = { ...process.env, NODE_ENV: 'production', DATABASE_URL: SOURCE, BACKUP_ENCRYPTION_KEY: '' };
    const failure = await run(process.execPath, [BACKUP_JS, '--out', out], { env }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch(/BACKUP_ENCRYPTION_KEY: must be set in production/);
    expect(existsSync(out)).toBe(false);
  }, 30_000);
});

describe('a restore of an encrypted backup', () => {
  const dumpPath = () => join(dir, 'backups', backup.manifest.dumpFile);
  const restore = (dumpFile: string, keys?: BackupKey[]) => restoreBackup({ databaseUrl: TARGET, dumpFile, keys, replayWindowMs: 0 });

  it('without the key it was written with, fails and changes nothing', async () => {
    await targetWithSentinel();
    await expect(restore(dumpPath())).rejects.toThrow(/is encrypted: set BACKUP_ENCRYPTION_KEY/);
    await expect(restore(dumpPath(), [OLD_KEY])).rejects.toThrow(/encrypted with the key "2026-11", which BACKUP_ENCRYPTION_KEY does not hold \(it holds "2026-10"\)/);
    const [sameIdOtherKey] = parseBackupKeys(keyText('2026-11'));
    await expect(restore(dumpPath(), [sameIdOtherKey!])).rejects.toThrow(/does not decrypt with the key "2026-11"/);
    expect(await sentinelRows()).toBe(1);
  }, 30_000);

  it('of a dump changed by one byte, fails before anything is restored', async () => {
    await targetWithSentinel();
    const changed = join(dir, 'changed');
    mkdirSync(changed);
    for (const file of readdirSync(join(dir, 'backups'))) copyFileSync(join(dir, 'backups', file), join(changed, file));
    const bytes = readFileSync(join(changed, backup.manifest.dumpFile));
    bytes[Math.floor(bytes.length / 2)]! ^= 0x01;
    writeFileSync(join(changed, backup.manifest.dumpFile), bytes);
    await expect(restore(join(changed, backup.manifest.dumpFile), [KEY])).rejects.toThrow(/does not decrypt with the key "2026-11": the file was changed or cut short/);
    expect(await sentinelRows()).toBe(1);
  }, 30_000);

  it('of the dump of another backup beside this manifest, fails before anything is restored', async () => {
    await targetWithSentinel();
    const other = await takeBackup({ databaseUrl: SOURCE, outDir: join(dir, 'other'), keys: [KEY] });
    const mixed = join(dir, 'mixed');
    mkdirSync(mixed);
    copyFileSync(join(dir, 'backups', backup.manifest.dumpFile.replace('.dump.enc', '.json.enc')), join(mixed, 'crm-20260101T000000Z.json.enc'));
    copyFileSync(join(dir, 'other', other.manifest.dumpFile), join(mixed, 'crm-20260101T000000Z.dump.enc'));
    await expect(restore(join(mixed, 'crm-20260101T000000Z.dump.enc'), [KEY])).rejects.toThrow(/is not the dump its manifest describes .* Nothing was restored/);
    expect(await sentinelRows()).toBe(1);
  }, 30_000);

  it('with the key (an older one beside it), restores every row', async () => {
    await targetWithSentinel();
    const result = await restore(dumpPath(), [OLD_KEY, KEY]);
    expect(result.rows).toEqual({ leads: 3000, audit: 1 });
    const names = await onServer(TARGET, async (db) => (await db.query(`SELECT last_name FROM leads.leads WHERE id IN (1, 3000) ORDER BY id`)).rows.map((row) => row.last_name));
    expect(names).toEqual([`${MARKER}1`, `${MARKER}3000`]);
    await expect(sentinelRows()).rejects.toThrow(/does not exist/);
  }, 30_000);

  it('of a backup in clear (no key) checks its dump against the manifest too', async () => {
    const clear = await takeBackup({ databaseUrl: SOURCE, outDir: join(dir, 'clear') });
    expect(clear.manifest.dumpFile).toMatch(/^crm-\d{8}T\d{6}Z\.dump$/);
    expect(clear.manifest.encryption).toBeNull();
    const archive = readFileSync(join(dir, 'clear', clear.manifest.dumpFile));
    expect([archive.subarray(0, 5).toString('latin1'), archive.includes('leads')]).toEqual(['PGDMP', true]); // pg_dump's archive, as it wrote it
    // Another backup's dump under this one's name.
    renameSync(join(dir, 'clear', clear.manifest.dumpFile), join(dir, 'clear', 'saved'));
    writeFileSync(join(dir, 'clear', clear.manifest.dumpFile), readFileSync(join(dir, 'clear', 'saved')).subarray(0, 1000));
    await targetWithSentinel();
    await expect(restore(join(dir, 'clear', clear.manifest.dumpFile))).rejects.toThrow(/is not the dump its manifest describes/);
    expect(await sentinelRows()).toBe(1);
  }, 30_000);
});
