import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { backupBaseName, SCHEMAS, type BackupManifest } from './backup-set';
import { runCommandLine } from './command-line';
import { countRows, existingSchemas, isoUtc, readOutboxMarks } from './database-facts';
import { libpqConnection, runTool, toolVersion, ToolMissingError } from './external-tools';

const USAGE = `Backs up the CRM's six schemas (${SCHEMAS.join(', ')}) in one consistent snapshot.

  npm run backup -- --database-url <url> --out <dir> [--broker-definitions] [--json]

Writes <dir>/crm-<UTC time>.dump (pg_dump custom format, no owners) and, once the dump is complete,
<dir>/crm-<UTC time>.json: the snapshot time, the schemas, the rows of every table and each outbox's
high-water mark (what a restore checks and replays from). The services may keep running: the dump reads
one snapshot of all six schemas, so they are consistent with each other.

  --broker-definitions  also save \`rabbitmqctl export_definitions\` as <dir>/crm-<UTC time>-broker.json
                        (users, vhosts, permissions, policies); skipped when rabbitmqctl is not here.
  --json                print the manifest as JSON instead of a report.

Needs pg_dump of the server's major version or newer (PostgreSQL 15).`;

export interface BackupOptions {
  databaseUrl: string;
  outDir: string;
  brokerDefinitions?: boolean;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
}

export interface BackupResult {
  manifestFile: string;
  manifest: BackupManifest;
  /** Why the broker's definitions were not exported, when asked for and they were not. */
  brokerDefinitionsSkipped?: string;
}

/**
 * Exports a snapshot from a REPEATABLE READ transaction, reads the manifest's figures in it and has
 * pg_dump dump that very snapshot (`--snapshot`): the manifest describes exactly what the dump holds, and
 * the snapshot time is that of the data, not of when pg_dump got round to it.
 */
export async function takeBackup(options: BackupOptions): Promise<BackupResult> {
  const log = options.log ?? (() => undefined);
  const outDir = resolve(options.outDir);
  await mkdir(outDir, { recursive: true });
  const pgDumpVersion = await toolVersion('pg_dump'); // fails before anything is written when pg_dump is missing
  const client = new Client({ connectionString: options.databaseUrl, application_name: 'crm-backup' });
  await client.connect();
  let manifest: BackupManifest;
  try {
    manifest = await dumpOneSnapshot(client, options.databaseUrl, outDir, pgDumpVersion, log);
  } finally {
    await client.end().catch(() => undefined);
  }
  const base = manifest.dumpFile.replace(/\.dump$/, '');
  let brokerDefinitionsSkipped: string | undefined;
  if (options.brokerDefinitions) {
    const exported = await exportBrokerDefinitions(join(outDir, `${base}-broker.json`));
    if (exported.file) manifest.brokerDefinitionsFile = `${base}-broker.json`;
    brokerDefinitionsSkipped = exported.skipped;
    log(exported.file ? `broker definitions: ${exported.file}` : `broker definitions skipped: ${exported.skipped}`);
  }
  // Written last and never over another: a dump with its manifest is a finished backup.
  const manifestFile = join(outDir, `${base}.json`);
  await writeFile(manifestFile, JSON.stringify(manifest, null, 2) + '\n', { flag: 'wx' });
  log(`manifest: ${manifestFile}`);
  return { manifestFile, manifest, brokerDefinitionsSkipped };
}

async function dumpOneSnapshot(
  client: Client,
  databaseUrl: string,
  outDir: string,
  pgDumpVersion: string,
  log: (line: string) => void,
): Promise<BackupManifest> {
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
    const dumpFile = `${backupBaseName(new Date(snapshotTime))}.dump`;
    const started = Date.now();
    const dumpBytes = await runPgDump(databaseUrl, snapshot, schemas, join(outDir, dumpFile));
    log(`dump: ${join(outDir, dumpFile)} (${formatBytes(dumpBytes)} in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
    for (const schema of schemas) {
      const rowsInSchema = Object.values(rowCounts[schema]!).reduce((sum, n) => sum + n, 0);
      const mark = outbox[schema];
      log(`  ${schema}: ${rowsInSchema} rows${mark ? `; outbox high-water mark ${mark.highWaterMark ?? '(empty)'}, ${mark.unpublished} unpublished` : ''}`);
    }
    return {
      format: 'crm-backup/1',
      snapshotTime,
      schemas,
      rows: rowCounts,
      outbox,
      pgDumpVersion,
      serverVersion,
      dumpFile,
      dumpBytes,
      brokerDefinitionsFile: null,
    };
  } finally {
    await client.query('COMMIT').catch(() => undefined);
  }
}

/** One pg_dump, so one snapshot for all the schemas; written aside and renamed, so a dump file is always whole. */
async function runPgDump(databaseUrl: string, snapshot: string, schemas: string[], file: string): Promise<number> {
  if (await stat(file).then(() => true, () => false)) throw new Error(`${file} exists already`);
  const partial = `${file}.partial`;
  const { dbname, env } = libpqConnection(databaseUrl);
  try {
    await runTool(
      'pg_dump',
      ['--format=custom', '--no-owner', `--snapshot=${snapshot}`, ...schemas.map((schema) => `--schema=${schema}`), `--file=${partial}`, `--dbname=${dbname}`],
      env,
    );
    await rename(partial, file);
  } catch (error) {
    await unlink(partial).catch(() => undefined);
    throw error;
  }
  return (await stat(file)).size;
}

/**
 * Users, vhosts, permissions and policies: what the services cannot declare themselves (their queues
 * and exchanges they do, at start). Read from rabbitmqctl's stdout and written here: rabbitmqctl run as
 * root switches to the rabbitmq user, who may not write where the backup goes. Where rabbitmqctl is not
 * installed (a backup job away from the broker) it is skipped, not failed: the database is the part
 * that cannot be rebuilt.
 */
async function exportBrokerDefinitions(file: string): Promise<{ file?: string; skipped?: string }> {
  let definitions: string;
  try {
    definitions = await runTool('rabbitmqctl', ['export_definitions', '-', '--format', 'json']);
  } catch (error) {
    if (!(error instanceof ToolMissingError)) throw error;
    return { skipped: `${error.message}; export them where it is: rabbitmqctl export_definitions <file>` };
  }
  JSON.parse(definitions); // a broken export fails the backup rather than waiting for the day it is needed
  await writeFile(file, definitions, { flag: 'wx' });
  return { file };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

interface BackupArguments {
  'database-url': string;
  out: string;
  'broker-definitions'?: boolean;
  json?: boolean;
}

if (require.main === module) {
  runCommandLine<BackupArguments>(
    USAGE,
    { 'database-url': { type: 'string' }, out: { type: 'string' }, 'broker-definitions': { type: 'boolean' }, json: { type: 'boolean' } },
    ['database-url', 'out'],
    async (args) => {
      const result = await takeBackup({
        databaseUrl: args['database-url'],
        outDir: args.out,
        brokerDefinitions: args['broker-definitions'],
        log: args.json ? undefined : (line) => console.log(line),
      });
      if (args.json) console.log(JSON.stringify({ manifestFile: result.manifestFile, brokerDefinitionsSkipped: result.brokerDefinitionsSkipped, ...result.manifest }));
    },
  );
}
