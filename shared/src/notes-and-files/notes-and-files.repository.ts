import type { SqlMigration } from '../database';
import { queryOne, queryRows, type Db } from '../database';

/** Notes and files on any record type of a service (leads, contacts); deleted and moved with their record. */
export function recordNotesMigration(name: string): SqlMigration {
  return {
    name,
    up: `
      CREATE TABLE notes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        record_type text NOT NULL,
        record_id uuid NOT NULL,
        body text NOT NULL,
        created_by uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX notes_record ON notes (record_type, record_id, created_at DESC, id DESC);

      CREATE TABLE attachments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        record_type text NOT NULL,
        record_id uuid NOT NULL,
        filename text NOT NULL,
        content_type text NOT NULL,
        size integer NOT NULL,
        content bytea NOT NULL,
        created_by uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX attachments_record ON attachments (record_type, record_id, created_at DESC, id DESC);
    `,
  };
}

/** Where a note or file hangs: one record of one type. */
export interface RecordRef {
  tenantId: string;
  recordType: string;
  recordId: string;
}

export interface NoteView {
  id: string;
  body: string;
  created_by: string;
  created_at: string;
}

export interface AttachmentView {
  id: string;
  filename: string;
  content_type: string;
  size: number;
  created_by: string;
  created_at: string;
}

type Table = 'notes' | 'attachments';
const VIEW_COLUMNS: Record<Table, string> = {
  notes: 'id, body, created_by, created_at',
  attachments: 'id, filename, content_type, size, created_by, created_at',
};

const withIsoTime = <T extends { created_at: unknown }>(row: T) => ({ ...row, created_at: (row.created_at as Date).toISOString() });

export async function countOnRecord(db: Db, table: Table, ref: RecordRef): Promise<number> {
  const row = await queryOne<{ count: number }>(
    db,
    `SELECT count(*)::int AS count FROM ${table} WHERE tenant_id = $1 AND record_type = $2 AND record_id = $3`,
    [ref.tenantId, ref.recordType, ref.recordId],
  );
  return row!.count;
}

/** A page of the record's notes or files, newest first. */
export async function listOnRecord<View>(db: Db, table: Table, ref: RecordRef, page: { offset: number; limit: number }): Promise<View[]> {
  const rows = await queryRows<View & { created_at: Date }>(
    db,
    `SELECT ${VIEW_COLUMNS[table]} FROM ${table} WHERE tenant_id = $1 AND record_type = $2 AND record_id = $3
     ORDER BY created_at DESC, id DESC LIMIT $4 OFFSET $5`,
    [ref.tenantId, ref.recordType, ref.recordId, page.limit, page.offset],
  );
  return rows.map(withIsoTime) as View[];
}

/** Who wrote a note or uploaded a file on that record; undefined when it is not on that record. */
export async function authorOnRecord(db: Db, table: Table, ref: RecordRef, id: string): Promise<string | undefined> {
  const row = await queryOne<{ created_by: string }>(
    db,
    `SELECT created_by FROM ${table} WHERE tenant_id = $1 AND record_type = $2 AND record_id = $3 AND id = $4`,
    [ref.tenantId, ref.recordType, ref.recordId, id],
  );
  return row?.created_by;
}

export async function deleteOnRecord(db: Db, table: Table, id: string): Promise<void> {
  await db.query(`DELETE FROM ${table} WHERE id = $1`, [id]);
}

export async function insertNote(db: Db, ref: RecordRef, body: string, author: string, now: Date): Promise<NoteView> {
  const row = await queryOne<NoteView & { created_at: Date }>(
    db,
    `INSERT INTO notes (tenant_id, record_type, record_id, body, created_by, created_at) VALUES ($1, $2, $3, $4, $5, $6)
     RETURNING ${VIEW_COLUMNS.notes}`,
    [ref.tenantId, ref.recordType, ref.recordId, body, author, now],
  );
  return withIsoTime(row!);
}

export interface UploadedFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

export async function insertAttachment(db: Db, ref: RecordRef, file: UploadedFile, author: string, now: Date): Promise<AttachmentView> {
  const row = await queryOne<AttachmentView & { created_at: Date }>(
    db,
    `INSERT INTO attachments (tenant_id, record_type, record_id, filename, content_type, size, content, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${VIEW_COLUMNS.attachments}`,
    [ref.tenantId, ref.recordType, ref.recordId, file.filename, file.contentType, file.content.length, file.content, author, now],
  );
  return withIsoTime(row!);
}

export async function attachmentContent(
  db: Db,
  ref: RecordRef,
  id: string,
): Promise<{ filename: string; content_type: string; content: Buffer } | undefined> {
  return queryOne(
    db,
    `SELECT filename, content_type, content FROM attachments WHERE tenant_id = $1 AND record_type = $2 AND record_id = $3 AND id = $4`,
    [ref.tenantId, ref.recordType, ref.recordId, id],
  );
}

/** With the record's own delete, in its transaction. */
export async function deleteRecordNotes(db: Db, recordType: string, recordId: string): Promise<void> {
  await db.query(`DELETE FROM notes WHERE record_type = $1 AND record_id = $2`, [recordType, recordId]);
  await db.query(`DELETE FROM attachments WHERE record_type = $1 AND record_id = $2`, [recordType, recordId]);
}

/** A merge: everything on the merged-away record now hangs on the keeper. */
export async function moveRecordNotes(db: Db, recordType: string, fromRecordId: string, toRecordId: string): Promise<void> {
  for (const table of ['notes', 'attachments'] as const) {
    await db.query(`UPDATE ${table} SET record_id = $3 WHERE record_type = $1 AND record_id = $2`, [recordType, fromRecordId, toRecordId]);
  }
}
