import { readFile } from 'node:fs/promises';
import { SERVICE_PROCESSES } from '../service-list';

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
  dumpFile: string;
  dumpBytes: number;
  /** `rabbitmqctl export_definitions` output, when asked for and rabbitmqctl was there. */
  brokerDefinitionsFile: string | null;
}

/** `crm-20261125T101502Z`: the snapshot's UTC time, sortable and free of colons (file names on any system). */
export function backupBaseName(snapshotTime: Date): string {
  return `crm-${snapshotTime.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '')}`;
}

/** The manifest lies beside its dump: `crm-<t>.dump` → `crm-<t>.json`. */
export function manifestPathOf(dumpPath: string): string {
  return dumpPath.replace(/\.dump$/, '') + '.json';
}

export async function readManifest(dumpPath: string): Promise<BackupManifest> {
  const path = manifestPathOf(dumpPath);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new Error(`No manifest at ${path}: a restore needs the snapshot time it records (was the backup finished?)`, { cause: error });
  }
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== 'crm-backup/1') throw new Error(`${path} is not a CRM backup manifest`);
  return manifest;
}

/** A schema name as an SQL identifier (the names are ours, but quoting costs nothing). */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
