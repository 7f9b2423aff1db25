import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { SERVICE_PROCESSES } from '../service-list';
import { BACKUP_KEY_SETTING, decryptBytes, type BackupKey } from './encryption';

/** What a backup holds: the schema of each service, all six in one snapshot. */
export const SERVICE_SCHEMAS = SERVICE_PROCESSES.map(({ name, schema }) => ({ service: name, schema }));

export const SCHEMAS: readonly string[] = SERVICE_SCHEMAS.map(({ schema }) => schema);

/** What was waiting to be (or had been) published in one schema's outbox at the snapshot. */
export interface OutboxMark {
  /** max(created_at): the newest event in the snapshot, null when the outbox was empty. */
  highWaterMark: string | null;
  /** Events not published yet at the snapshot: the relay publishes them after a restore whatever the window. */
  unpublished: number;
}

/** Written beside the dump once it is complete: a dump without its manifest is not a finished backup. */
export interface BackupManifest {
  format: 'crm-backup/1';
  /** The database's clock when the snapshot was taken: what a restore's replay window counts back from. */
  snapshotTime: string;
  schemas: string[];
  /** Exact rows per table, read in the dump's own snapshot: a restore checks it got the same. */
  rows: Record<string, Record<string, number>>;
  /** Per schema that has an outbox. */
  outbox: Record<string, OutboxMark>;
  pgDumpVersion: string;
  serverVersion: string;
  /** The dump's file name: `crm-<t>.dump`, or `crm-<t>.dump.enc` when encrypted. */
  dumpFile: string;
  /** Bytes of pg_dump's archive (decrypted). */
  dumpBytes: number;
  /** SHA-256 (hex) of pg_dump's archive: a restore checks the dump against it before it changes anything. Absent before issue 36. */
  dumpSha256?: string;
  /** How the dump, this manifest and the broker's definitions are encrypted; null (or absent) when they are not. */
  encryption?: { scheme: string; keyId: string } | null;
  /** `rabbitmqctl export_definitions` output, when asked for and rabbitmqctl was there. */
  brokerDefinitionsFile: string | null;
}

/** `crm-20261125T101502Z`: the snapshot's UTC time, sortable and free of colons (file names on any system). */
export function backupBaseName(snapshotTime: Date): string {
  return `crm-${snapshotTime.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '')}`;
}

/** An encrypted backup's files end in `.enc`. */
export const ENCRYPTED_SUFFIX = '.enc';

/** The files of one backup, by the base name `crm-<t>`: encrypted, each name ends in `.enc`. */
export function backupFileNames(base: string, encrypted: boolean): { dump: string; manifest: string; brokerDefinitions: string } {
  const suffix = encrypted ? ENCRYPTED_SUFFIX : '';
  return { dump: `${base}.dump${suffix}`, manifest: `${base}.json${suffix}`, brokerDefinitions: `${base}-broker.json${suffix}` };
}

/** The manifest lies beside its dump: `crm-<t>.dump` → `crm-<t>.json`, `crm-<t>.dump.enc` → `crm-<t>.json.enc`. */
export function manifestPathOf(dumpPath: string): string {
  return dumpPath.replace(/\.dump(\.enc)?$/, '.json$1');
}

export const isEncryptedPath = (path: string) => path.endsWith(ENCRYPTED_SUFFIX);

/** Reads the manifest beside `dumpPath`, decrypting it with `keys` when the backup is encrypted. */
export async function readManifest(dumpPath: string, keys?: readonly BackupKey[]): Promise<BackupManifest> {
  const path = manifestPathOf(dumpPath);
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new Error(`No manifest at ${path}: a restore needs the snapshot time it records (was the backup finished?)`, { cause: error });
  }
  if (isEncryptedPath(path)) {
    if (!keys) throw new Error(`${basename(dumpPath)} is encrypted: set ${BACKUP_KEY_SETTING} to the key it was written with`);
    bytes = await decryptBytes(bytes, keys, basename(path));
  }
  const manifest = JSON.parse(bytes.toString('utf8')) as BackupManifest;
  if (manifest.format !== 'crm-backup/1') throw new Error(`${path} is not a CRM backup manifest`);
  return manifest;
}

/** A schema name as an SQL identifier (the names are ours, but quoting costs nothing). */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
