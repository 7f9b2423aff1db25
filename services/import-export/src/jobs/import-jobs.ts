import { randomUUID } from 'node:crypto';
import type { Caller, Db, ImportEntity, SqlMigration } from '@crm/shared';

/**
 * Every preview and commit (architecture §1: import-export owns the import jobs): who sent which file, how
 * big, how many rows, and how it ended — for support and audit questions ("what did this import do?").
 */
export const importJobsMigration: SqlMigration = {
  name: 'ImportJobs1765100000000',
  up: `
    CREATE TABLE import_jobs (
      id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      entity text NOT NULL,
      kind text NOT NULL,
      filename text NOT NULL,
      bytes integer NOT NULL,
      rows integer,
      status integer NOT NULL,
      created integer NOT NULL DEFAULT 0,
      created_by uuid NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX import_jobs_tenant ON import_jobs (tenant_id, created_at);
  `,
};

export type ImportKind = 'preview' | 'commit' | 'upload';

export interface ImportJob {
  entity: ImportEntity;
  kind: ImportKind;
  filename: string;
  bytes: number;
  /** Data rows read, or null when the file could not be read. */
  rows: number | null;
  /** The status answered. */
  status: number;
  created: number;
}

export async function recordImportJob(db: Db, caller: Caller, job: ImportJob, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO import_jobs (id, tenant_id, entity, kind, filename, bytes, rows, status, created, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [randomUUID(), caller.tenantId, job.entity, job.kind, job.filename.slice(0, 255), job.bytes, job.rows, job.status, job.created, caller.profileId, now],
  );
}
