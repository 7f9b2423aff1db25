import { randomUUID } from 'node:crypto';
import type { Caller, Db } from '@crm/platform';
import type { ImportEntity } from '../owning/owning-services';

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

/** Keeps one preview or commit in `import_jobs`, for support and audit questions ("what did this import do?"). */
export async function recordImportJob(db: Db, caller: Caller, job: ImportJob, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO import_jobs (id, tenant_id, entity, kind, filename, bytes, rows, status, created, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [randomUUID(), caller.tenantId, job.entity, job.kind, job.filename.slice(0, 255), job.bytes, job.rows, job.status, job.created, caller.profileId, now],
  );
}
