import { createWriteStream } from 'node:fs';
import { chmod, mkdir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { backupBaseName, backupFileNames, SCHEMAS, type BackupManifest } from './backup-set';
import { runCommandLine } from './command-line';
import { countRows, existingSchemas, isoUtc, readOutboxMarks } from './database-facts';
import { BACKUP_ENCRYPTION_SCHEME, BACKUP_KEY_SETTING, backupKeysFrom, digestingStream, encryptBytes, encryptingStream, type BackupKey, type PlaintextDigest } from './encryption';
import { libpqConnection, runTool, runToolWithStreams, toolVersion, ToolMissingError } from './external-tools';

const USAGE = `Backs up the CRM's six schemas (${SCHEMAS.join(', ')}) in one consistent snapshot.

  npm run backup -- [--database-url <url>] --out <dir> [--keep-last <n>] [--broker-definitions] [--json]

Writes <dir>/crm-<UTC time>.dump (pg_dump custom format, no owners) and, once the dump is complete,
<dir>/crm-<UTC time>.json: the snapshot time, the schemas, the rows of every table, each outbox's
high-water mark (what a restore checks and replays from) and the dump's SHA-256. The services may keep
running: the dump reads one snapshot of all six schemas, so they are consistent with each other.

With ${BACKUP_KEY_SETTING} set (<key id>:<base64 of 32 bytes>, e.g. "2026-11:$(openssl rand -base64 32)"),
every file is encrypted as it is written (AES-256-GCM, in authenticated chunks) and named *.enc; the dump is
never on disk in clear. NODE_ENV=production refuses to back up without it. Files are made 0600, <dir> 0700.

  --database-url        the database (default: DATABASE_URL), as a role that may read the six schemas
  --keep-last <n>       then delete all but the newest <n> finished backups in <dir>
  --broker-definitions  also save \`rabbitmqctl export_definitions\` as <dir>/crm-<UTC time>-broker.json
                        (users, vhosts, permissions, policies); skipped when rabbitmqctl is not here.
  --json                print the manifest as JSON instead of a report.

Needs pg_dump of the server's major version or newer (the image's: PostgreSQL 15).`;

export interface BackupOptions {
  databaseUrl: string;
  outDir: string;
  brokerDefinitions?: boolean;
  /** The keys of BACKUP_ENCRYPTION_KEY: the first encrypts every file. Without, the files are in clear. */
  keys?: readonly BackupKey[];
  /** Delete all but the newest this many finished backups of the directory, once this one is finished. */
  keepLast?: number;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
}

export interface BackupResult {
  manifestFile: string;
  manifest: BackupManifest;
  /** Why the broker's definitions were not exported, when asked for and they were not. */
  brokerDefinitionsSkipped?: string;
  /** Older backups deleted (`keepLast`): their base names. */
  pruned: string[];
  seconds: { dump: number; total: number };
}

/**
 * Exports a snapshot from a REPEATABLE READ transaction, reads the manifest's figures in it and has
 * pg_dump dump that very snapshot (`--snapshot`): the manifest describes exactly what the dump holds, and
 * the snapshot time is that of the data, not of when pg_dump got round to it.
 */
export async function takeBackup(options: BackupOptions): Promise<BackupResult> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const key = options.keys?.[0];
  const outDir = resolve(options.outDir);
  await privateDirectory(outDir, log);
  const pgDumpVersion = await toolVersion('pg_dump'); // fails before anything is written when pg_dump is missing
  if (!key) log(`not encrypted: ${BACKUP_KEY_SETTING} is unset (production refuses to back up so)`);
  const client = new Client({ connectionString: options.databaseUrl, application_name: 'crm-backup' });
  await client.connect();
  let manifest: BackupManifest;
  let dumpSeconds: number;
  try {
    ({ manifest, dumpSeconds } = await dumpOneSnapshot(client, options.databaseUrl, outDir, pgDumpVersion, key, log));
  } finally {
    await client.end().catch(() => undefined);
  }
  const base = backupBaseName(new Date(manifest.snapshotTime));
  const files = backupFileNames(base, key !== undefined);
  let brokerDefinitionsSkipped: string | undefined;
  if (options.brokerDefinitions) {
    const exported = await exportBrokerDefinitions(join(outDir, files.brokerDefinitions), key);
    if (exported.file) manifest.brokerDefinitionsFile = files.brokerDefinitions;
    brokerDefinitionsSkipped = exported.skipped;
    log(exported.file ? `broker definitions: ${exported.file}` : `broker definitions skipped: ${exported.skipped}`);
  }
  // Written last and never over another: a dump with its manifest is a finished backup.
  const manifestFile = join(outDir, files.manifest);
  await writePrivateFile(manifestFile, JSON.stringify(manifest, null, 2) + '\n', key);
  log(`manifest: ${manifestFile}`);
  const pruned = options.keepLast === undefined ? [] : await pruneBackups(outDir, options.keepLast);
  if (pruned.length > 0) log(`deleted ${pruned.length} older backup${pruned.length === 1 ? '' : 's'} (--keep-last ${options.keepLast}): ${pruned.join(', ')}`);
  return { manifestFile, manifest, brokerDefinitionsSkipped, pruned, seconds: { dump: dumpSeconds, total: (Date.now() - started) / 1000 } };
}

/**
 * The backups' directory: made 0700, or made so when it is this user's and open to others. Whatever the
 * umask, nobody but the backup's own user lists or reads a backup (its files are 0600 besides).
 */
async function privateDirectory(dir: string, log: (line: string) => void): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const { mode, uid } = await stat(dir);
  if ((mode & 0o077) === 0) return;
  const octal = (mode & 0o777).toString(8);
  if (uid !== process.getuid?.()) {
    throw new Error(`${dir} is open to other users (mode ${octal}) and not this user's to close: give --out a directory of its own (the tool makes it 0700)`);
  }
  await chmod(dir, 0o700);
  log(`${dir}: mode ${octal} closed to 700 (backups hold every tenant's data)`);
}

/** A file only its owner may read (0600 whatever the umask), never over another; encrypted with `key` when given. */
async function writePrivateFile(file: string, content: string, key: BackupKey | undefined): Promise<void> {
  const bytes = Buffer.from(content, 'utf8');
  await writeFile(file, key ? await encryptBytes(bytes, key) : bytes, { flag: 'wx', mode: 0o600 });
}

async function dumpOneSnapshot(
  client: Client,
  databaseUrl: string,
  outDir: string,
  pgDumpVersion: string,
  key: BackupKey | undefined,
  log: (line: string) => void,
): Promise<{ manifest: BackupManifest; dumpSeconds: number }> {
  // The exporting transaction must stay open until pg_dump has imported the snapshot: no idle timeout
  // the database may set by default is allowed to end it meanwhile.
  await client.query(`SET idle_in_transaction_session_timeout = 0`);
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const { rows } = await client.query<{ snapshot: string; snapshot_time: string; server_version: string }>(
      `SELECT pg_export_snapshot() AS snapshot, ${isoUtc('statement_timestamp()')} AS snapshot_time, current_setting('server_version') AS server_version`,
    );
    const { snapshot, snapshot_time: snapshotTime, server_version: serverVersion } = rows[0]!;
    const schemas = await existingSchemas(client, SCHEMAS);
    const missing = SCHEMAS.filter((schema) => !schemas.includes(schema));
    if (schemas.length === 0) throw new Error('None of the CRM schemas is in this database: nothing to back up');
    if (missing.length > 0) log(`not in the database (its service never started?): ${missing.join(', ')}`);
    log(`snapshot ${snapshotTime} (${pgDumpVersion}; server ${serverVersion})`);
    const rowCounts = await countRows(client, schemas);
    const outbox = await readOutboxMarks(client, schemas);
    const dumpFile = backupFileNames(backupBaseName(new Date(snapshotTime)), key !== undefined).dump;
    const started = Date.now();
    const dump = await runPgDump(databaseUrl, snapshot, schemas, join(outDir, dumpFile), key);
    const dumpSeconds = (Date.now() - started) / 1000;
    log(`dump: ${join(outDir, dumpFile)} (${formatBytes(dump.bytes)}${key ? `, encrypted with the key "${key.id}"` : ''} in ${dumpSeconds.toFixed(1)} s)`);
    for (const schema of schemas) {
      const rowsInSchema = Object.values(rowCounts[schema]!).reduce((sum, n) => sum + n, 0);
      const mark = outbox[schema];
      log(`  ${schema}: ${rowsInSchema} rows${mark ? `; outbox high-water mark ${mark.highWaterMark ?? '(empty)'}, ${mark.unpublished} unpublished` : ''}`);
    }
    const manifest: BackupManifest = {
      format: 'crm-backup/1',
      snapshotTime,
      schemas,
      rows: rowCounts,
      outbox,
      pgDumpVersion,
      serverVersion,
      dumpFile,
      dumpBytes: dump.bytes,
      dumpSha256: dump.sha256,
      encryption: key ? { scheme: BACKUP_ENCRYPTION_SCHEME, keyId: key.id } : null,
      brokerDefinitionsFile: null,
    };
    return { manifest, dumpSeconds };
  } finally {
    await client.query('COMMIT').catch(() => undefined);
  }
}

/**
 * One pg_dump, so one snapshot for all the schemas. Its archive comes on its stdout and goes, digested and
 * (with a key) encrypted, to a file only its owner may read: written aside and renamed, so a dump file is
 * always whole, and never on disk in clear when encrypted.
 */
async function runPgDump(databaseUrl: string, snapshot: string, schemas: string[], file: string, key: BackupKey | undefined): Promise<PlaintextDigest> {
  if (await stat(file).then(() => true, () => false)) throw new Error(`${file} exists already`);
  const partial = `${file}.partial`;
  const { dbname, env } = libpqConnection(databaseUrl);
  const digest = digestingStream();
  try {
    await runToolWithStreams(
      'pg_dump',
      ['--format=custom', '--no-owner', `--snapshot=${snapshot}`, ...schemas.map((schema) => `--schema=${schema}`), `--dbname=${dbname}`],
      env,
      { output: [digest, ...(key ? [encryptingStream(key)] : []), createWriteStream(partial, { flags: 'wx', mode: 0o600 })] },
    );
    await rename(partial, file);
  } catch (error) {
    await unlink(partial).catch(() => undefined);
    throw error;
  }
  return digest.digest();
}

/**
 * All but the newest `keep` finished backups of `dir` (those with a manifest), each with every file of
 * it: the dump, the manifest, the broker's definitions, encrypted or not. A dump without its manifest
 * (a backup that failed, or one being written) is left alone.
 */
async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = await readdir(dir);
  const finished = [...new Set(names.flatMap((name) => /^(crm-\d{8}T\d{6}Z)\.json(\.enc)?$/.exec(name)?.[1] ?? []))].sort().reverse();
  const old = finished.slice(keep);
  for (const base of old) {
    for (const encrypted of [false, true]) {
      const files = backupFileNames(base, encrypted);
      // The manifest first: a backup is unfinished, never half deleted and still taken for whole.
      for (const name of [files.manifest, files.dump, files.brokerDefinitions]) await unlink(join(dir, name)).catch(() => undefined);
    }
  }
  return old;
}

/**
 * Users, vhosts, permissions and policies: what the services cannot declare themselves (their queues
 * and exchanges they do, at start). Read from rabbitmqctl's stdout and written here: rabbitmqctl run as
 * root switches to the rabbitmq user, who may not write where the backup goes. Where rabbitmqctl is not
 * installed (a backup job away from the broker) it is skipped, not failed: the database is the part
 * that cannot be rebuilt.
 */
async function exportBrokerDefinitions(file: string, key: BackupKey | undefined): Promise<{ file?: string; skipped?: string }> {
  let definitions: string;
  try {
    definitions = await runTool('rabbitmqctl', ['export_definitions', '-', '--format', 'json']);
  } catch (error) {
    if (!(error instanceof ToolMissingError)) throw error;
    return { skipped: `${error.message}; export them where it is: rabbitmqctl export_definitions <file>` };
  }
  JSON.parse(definitions); // a broken export fails the backup rather than waiting for the day it is needed
  await writePrivateFile(file, definitions, key); // the users' password hashes are in it
  return { file };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

interface BackupArguments {
  'database-url'?: string;
  out: string;
  'keep-last'?: string;
  'broker-definitions'?: boolean;
  json?: boolean;
}

if (require.main === module) {
  // Whatever this process writes (pg_dump's own files too, were there any) is its user's alone.
  process.umask(0o077);
  runCommandLine<BackupArguments>(
    USAGE,
    {
      'database-url': { type: 'string' },
      out: { type: 'string' },
      'keep-last': { type: 'string' },
      'broker-definitions': { type: 'boolean' },
      json: { type: 'boolean' },
    },
    ['out'],
    async (args) => {
      const databaseUrl = args['database-url'] ?? process.env.DATABASE_URL;
      if (!databaseUrl) throw new Error('No database: --database-url, or DATABASE_URL');
      const keepLast = args['keep-last'] === undefined ? undefined : Number(args['keep-last']);
      if (keepLast !== undefined && !(Number.isInteger(keepLast) && keepLast >= 1)) throw new Error(`--keep-last: a whole number of backups, at least 1 (not ${args['keep-last']})`);
      const result = await takeBackup({
        databaseUrl,
        outDir: args.out,
        brokerDefinitions: args['broker-definitions'],
        keys: backupKeysFrom(process.env),
        keepLast,
        log: args.json ? undefined : (line) => console.log(line),
      });
      if (args.json) {
        const { manifestFile, brokerDefinitionsSkipped, pruned, seconds } = result;
        console.log(JSON.stringify({ manifestFile, brokerDefinitionsSkipped, pruned, seconds, ...result.manifest }));
      }
    },
  );
}
