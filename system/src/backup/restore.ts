import { createReadStream } from 'node:fs';
import { basename, resolve } from 'node:path';
import { ENSURE_BTREE_GIN, ENSURE_PG_TRGM, ensureDatabaseExists } from '@crm/platform';
import { Client } from 'pg';
import { isEncryptedPath, quoteIdent, readManifest, SCHEMAS, type BackupManifest } from './backup-set';
import { parseDuration, runCommandLine } from './command-line';
import { countRows, isoUtc, schemasWithOutbox } from './database-facts';
import { BACKUP_KEY_SETTING, decryptingStream, digestOfFile, parseBackupKeys, type BackupKey } from './encryption';
import { libpqConnection, runTool, runToolWithStreams } from './external-tools';
import { purgeServiceQueues, type PurgedQueues } from './service-queues';

const USAGE = `Restores the CRM's six schemas from a backup (npm run backup), then has the outboxes publish again.

  npm run restore -- [--database-url <url>] --from <dir>/crm-<UTC time>.dump[.enc]
                     [--amqp-url <url> --namespace <ns>] [--replay-window 1h] [--json]

STOP EVERY SERVICE FIRST (Kubernetes: scale their Deployments to 0; docker compose: stop them). The
restore refuses to run while a service is connected to the database. It first reads the whole dump and
checks it against the SHA-256 its manifest recorded; an encrypted backup (*.enc) is decrypted with
${BACKUP_KEY_SETTING} (the key it was written with among them), and a wrong key or a file changed or cut
short stops the restore there, before anything is changed. It then:
  1. drops the schemas (CASCADE: everything written since the backup is lost)
       ${SCHEMAS.join(', ')}
     and restores them from the dump in one transaction (pg_restore --no-owner), checking that every
     table has the rows the backup's manifest counted;
  2. with --amqp-url, purges the services' queues <ns>.<service> (default namespace: crm). Their messages
     tell of writes the restore undid. <ns>.dead-letter is left alone;
  3. marks for publishing again every event of the outboxes created from <replay window> before the
     snapshot on (default 1h; the manifest beside the dump gives the snapshot time). Events published
     just before the backup may not have been handled by then: the consumers' inboxes, restored from the
     same snapshot, skip those they had handled and handle the others.
Start the services afterwards: their relays publish the replay, and they redeclare their queues.

  --database-url   the database (default: DATABASE_URL), as the role that owns the schemas (crm_migrator)
  --replay-window  how far back from the snapshot to publish again (90s, 30m, 1h, 2d; 0 for none): at
                   least the longest time an event may have waited to be handled (consumer lag); at
                   most OUTBOX_RETENTION (24h by default): published events older than that are gone.
  --json           print the result as JSON instead of a report.

Needs pg_restore of the dump's pg_dump version or newer.`;

export interface RestoreOptions {
  databaseUrl: string;
  /** The `.dump` (`.dump.enc`); its manifest (`.json`, `.json.enc`) lies beside it. */
  dumpFile: string;
  /** The keys of BACKUP_ENCRYPTION_KEY: an encrypted backup needs the one it was written with. */
  keys?: readonly BackupKey[];
  amqpUrl?: string;
  namespace?: string;
  replayWindowMs: number;
  log?: (line: string) => void;
}

export interface RestoreResult {
  snapshotTime: string;
  /** Rows restored per schema (checked against the manifest). */
  rows: Record<string, number>;
  /** Absent when no AMQP URL was given. */
  queuesPurged?: PurgedQueues;
  /** Events created at or after this are published again. */
  replayFrom: string;
  /** Per schema with an outbox: events marked unpublished again, and those that were unpublished anyway. */
  replay: Record<string, { republished: number; unpublished: number }>;
  /** check: reading (and decrypting) the whole dump before anything changes; restore: that and pg_restore, the row check, ANALYZE. */
  seconds: { check: number; restore: number; total: number };
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const log = options.log ?? (() => undefined);
  const started = Date.now();
  const dumpFile = resolve(options.dumpFile);
  const keys = isEncryptedPath(dumpFile) ? (options.keys ?? noKey(dumpFile)) : undefined;
  const manifest = await readManifest(dumpFile, keys);
  log(`backup of ${manifest.snapshotTime}: ${manifest.schemas.join(', ')}${manifest.encryption ? ` (encrypted with the key "${manifest.encryption.keyId}")` : ''}`);
  await checkDump(dumpFile, manifest, keys);
  const checkSeconds = (Date.now() - started) / 1000;
  log(`dump checked in ${checkSeconds.toFixed(1)} s: ${keys ? 'it decrypts, and ' : ''}its SHA-256 is the manifest's`);
  await ensureDatabaseExists(options.databaseUrl); // restoring to a new database (a new cluster) too
  const client = new Client({ connectionString: options.databaseUrl, application_name: 'crm-restore' });
  await client.connect();
  try {
    await refuseWhileServicesAreConnected(client);
    await replaceSchemas(client, options.databaseUrl, dumpFile, keys);
    const rows = await checkRowsAgainst(manifest, client);
    await analyzeSchemas(client, manifest.schemas);
    const restoreSeconds = (Date.now() - started) / 1000;
    for (const [schema, count] of Object.entries(rows)) log(`restored ${schema}: ${count} rows`);
    log(`restored in ${restoreSeconds.toFixed(1)} s`);
    const queuesPurged = await purgeIfAsked(options, log);
    const { replayFrom, replay } = await markForReplay(client, manifest, options.replayWindowMs);
    for (const [schema, { republished, unpublished }] of Object.entries(replay)) {
      log(`replay ${schema}: ${republished} events to publish again, ${unpublished} unpublished at the snapshot`);
    }
    log(`events created since ${replayFrom} will be published again when the services start`);
    return { snapshotTime: manifest.snapshotTime, rows, queuesPurged, replayFrom, replay, seconds: { check: checkSeconds, restore: restoreSeconds, total: (Date.now() - started) / 1000 } };
  } finally {
    await client.end().catch(() => undefined);
  }
}

function noKey(dumpFile: string): never {
  throw new Error(`${basename(dumpFile)} is encrypted: set ${BACKUP_KEY_SETTING} to the key it was written with`);
}

/**
 * The whole dump read (and decrypted) once before anything changes: a wrong key, a file changed, cut short
 * or from another backup stops the restore here, with the schemas as they were. Manifests from before
 * issue 36 have no SHA-256: their dump is checked for its size only.
 */
async function checkDump(dumpFile: string, manifest: BackupManifest, keys: readonly BackupKey[] | undefined): Promise<void> {
  const { bytes, sha256 } = await digestOfFile(dumpFile, keys, basename(dumpFile));
  if (bytes !== manifest.dumpBytes || (manifest.dumpSha256 !== undefined && sha256 !== manifest.dumpSha256)) {
    throw new Error(
      `${basename(dumpFile)} is not the dump its manifest describes (${bytes} bytes, SHA-256 ${sha256}; the manifest: ${manifest.dumpBytes} bytes, ` +
        `SHA-256 ${manifest.dumpSha256 ?? 'not recorded'}): a file of another backup, or changed. Nothing was restored.`,
    );
  }
}

async function purgeIfAsked(options: RestoreOptions, log: (line: string) => void): Promise<PurgedQueues | undefined> {
  if (!options.amqpUrl) {
    log('no --amqp-url: the service queues were not purged (their messages would be handled on start)');
    return undefined;
  }
  const purged = await purgeServiceQueues(options.amqpUrl, options.namespace ?? 'crm');
  for (const [queue, count] of Object.entries(purged)) log(`purged ${queue}: ${count === null ? 'no such queue' : `${count} messages`}`);
  return purged;
}

/**
 * A service still running would write into the schemas while they are dropped and restored, and its
 * relay and consumer would act on a half-restored state. Its pool's sessions carry `crm-<name>`; a
 * relay's LISTEN session, which has no name, is known by its last statement.
 */
async function refuseWhileServicesAreConnected(client: Client): Promise<void> {
  const { rows } = await client.query<{ pid: number; name: string }>(
    `SELECT pid, coalesce(nullif(application_name, ''), query) AS name FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid()
        AND (application_name LIKE 'crm-%' OR query LIKE 'LISTEN "crm\\_outbox\\_%')`,
  );
  if (rows.length === 0) return;
  const sessions = rows.map((row) => `${row.name} (pid ${row.pid})`).join(', ');
  throw new Error(`Services are still connected to the database: ${sessions}. Stop them first (Kubernetes: scale their Deployments to 0).`);
}

/**
 * Drops the schemas, then restores the dump in one transaction, so a restore that fails half way leaves
 * no half-restored schema. The extensions the schemas' indexes use live in `public`, outside the dump:
 * made first, for a restore into a new database.
 */
async function replaceSchemas(client: Client, databaseUrl: string, dumpFile: string, keys: readonly BackupKey[] | undefined): Promise<void> {
  await client.query(ENSURE_PG_TRGM);
  await client.query(ENSURE_BTREE_GIN);
  await client.query(`DROP SCHEMA IF EXISTS ${SCHEMAS.map(quoteIdent).join(', ')} CASCADE`);
  const { dbname, env } = libpqConnection(databaseUrl);
  const args = ['--no-owner', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`];
  if (!keys) {
    await runTool('pg_restore', [...args, dumpFile], env);
    return;
  }
  // Decrypted into pg_restore's stdin, never to disk. Checked whole above; were the file changed since, the
  // first chunk that does not decrypt kills pg_restore before it could commit.
  await runToolWithStreams('pg_restore', args, env, { input: [createReadStream(dumpFile), decryptingStream(keys, basename(dumpFile))] });
}

/** Every table must hold the rows the backup counted in its snapshot. */
async function checkRowsAgainst(manifest: BackupManifest, client: Client): Promise<Record<string, number>> {
  const restored = await countRows(client, manifest.schemas);
  const differences: string[] = [];
  for (const schema of manifest.schemas) {
    for (const [table, expected] of Object.entries(manifest.rows[schema] ?? {})) {
      const actual = restored[schema]?.[table];
      if (actual !== expected) differences.push(`${schema}.${table}: ${actual ?? 'missing'} rows, the backup had ${expected}`);
    }
  }
  if (differences.length > 0) throw new Error(`The restore does not match the backup:\n  ${differences.join('\n  ')}`);
  return Object.fromEntries(manifest.schemas.map((schema) => [schema, Object.values(restored[schema]!).reduce((sum, n) => sum + n, 0)]));
}

/** pg_restore leaves no statistics, and the lists' plans depend on them: gathered before the services start. */
async function analyzeSchemas(client: Client, schemas: readonly string[]): Promise<void> {
  const { rows } = await client.query<{ schema: string; table: string }>(
    `SELECT schemaname AS schema, tablename AS table FROM pg_tables WHERE schemaname = ANY($1::text[])`,
    [schemas],
  );
  for (const { schema, table } of rows) await client.query(`ANALYZE ${quoteIdent(schema)}.${quoteIdent(table)}`);
}

/**
 * The replay: every event of the window is unpublished again, so the relays publish it once the
 * services start. An event published before the snapshot may not have been handled by every consumer
 * by then, and the messages still in the queues at the snapshot are gone (purged, or handled into state
 * the restore undid): republished, it is handled where the restored inboxes do not hold it and skipped
 * where they do. The window is counted in the database's clock, as the outboxes' `created_at`.
 */
async function markForReplay(
  client: Client,
  manifest: BackupManifest,
  windowMs: number,
): Promise<{ replayFrom: string; replay: RestoreResult['replay'] }> {
  const { rows } = await client.query<{ from: string }>(`SELECT ${isoUtc(`$1::timestamptz - make_interval(secs => $2::float8 / 1000)`)} AS from`, [
    manifest.snapshotTime,
    windowMs,
  ]);
  const replayFrom = rows[0]!.from;
  const replay: RestoreResult['replay'] = {};
  for (const schema of await schemasWithOutbox(client, manifest.schemas)) {
    const outbox = `${quoteIdent(schema)}.outbox`;
    const republished = await client.query(`UPDATE ${outbox} SET published_at = NULL WHERE created_at >= $1::timestamptz AND published_at IS NOT NULL`, [
      replayFrom,
    ]);
    const { rows: waiting } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${outbox} WHERE published_at IS NULL`);
    replay[schema] = { republished: republished.rowCount ?? 0, unpublished: waiting[0]!.n - (republished.rowCount ?? 0) };
  }
  return { replayFrom, replay };
}

interface RestoreArguments {
  'database-url'?: string;
  from: string;
  'amqp-url'?: string;
  namespace?: string;
  'replay-window': string;
  json?: boolean;
}

if (require.main === module) {
  runCommandLine<RestoreArguments>(
    USAGE,
    {
      'database-url': { type: 'string' },
      from: { type: 'string' },
      'amqp-url': { type: 'string' },
      namespace: { type: 'string' },
      'replay-window': { type: 'string', default: '1h' },
      json: { type: 'boolean' },
    },
    ['from'],
    async (args) => {
      const databaseUrl = args['database-url'] ?? process.env.DATABASE_URL;
      if (!databaseUrl) throw new Error('No database: --database-url, or DATABASE_URL');
      const keys = process.env[BACKUP_KEY_SETTING]?.trim() ? parseBackupKeys(process.env[BACKUP_KEY_SETTING]!) : undefined;
      const result = await restoreBackup({
        databaseUrl,
        dumpFile: args.from,
        keys,
        amqpUrl: args['amqp-url'],
        namespace: args.namespace,
        replayWindowMs: parseDuration(args['replay-window']),
        log: args.json ? undefined : (line) => console.log(line),
      });
      if (args.json) console.log(JSON.stringify(result));
    },
  );
}
