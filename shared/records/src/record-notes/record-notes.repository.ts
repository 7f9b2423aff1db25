import { queryOne, readPageRows, type Db, type PageRows, type PageWindow } from '@crm/platform';

/** Where a note or attachment hangs: one record of one type, in one tenant. */
export interface RecordRef {
  tenantId: string;
  recordType: string;
  recordId: string;
}

export type RecordItemTable = 'notes' | 'attachments';

export interface NoteRow {
  id: string;
  body: string;
  created_by: string;
  created_at: Date;
}

export interface AttachmentRow {
  id: string;
  filename: string;
  content_type: string;
  size: number;
  created_by: string;
  created_at: Date;
}

export interface AttachmentContentRow {
  filename: string;
  content_type: string;
  content: Buffer;
}

const NOTE_COLUMNS = 'id, body, created_by, created_at';
// Never `content`: a list must not read every file's bytes.
const ATTACHMENT_COLUMNS = 'id, filename, content_type, size, created_by, created_at';

const ON_RECORD = 'tenant_id = $1 AND record_type = $2 AND record_id = $3';
const refParams = (ref: RecordRef) => [ref.tenantId, ref.recordType, ref.recordId];
const NEWEST_FIRST = { columns: ['created_at'], descending: true };

export async function countOnRecord(db: Db, table: RecordItemTable, ref: RecordRef): Promise<number> {
  const row = await queryOne<{ count: number }>(db, `SELECT count(*)::int AS count FROM ${table} WHERE ${ON_RECORD}`, refParams(ref));
  return row!.count;
}

/** A page of the record's notes, newest first. */
export const listNotes = (db: Db, ref: RecordRef, window: PageWindow): Promise<PageRows<NoteRow>> =>
  readPageRows(db, { select: NOTE_COLUMNS, from: 'notes', where: [ON_RECORD], params: refParams(ref), order: NEWEST_FIRST }, window);

/** A page of the record's attachments (without their content), newest first. */
export const listAttachments = (db: Db, ref: RecordRef, window: PageWindow): Promise<PageRows<AttachmentRow>> =>
  readPageRows(db, { select: ATTACHMENT_COLUMNS, from: 'attachments', where: [ON_RECORD], params: refParams(ref), order: NEWEST_FIRST }, window);

/** Who wrote the note or uploaded the file; undefined when it is not on that record of that tenant. */
export async function authorOnRecord(db: Db, table: RecordItemTable, ref: RecordRef, id: string): Promise<string | undefined> {
  const row = await queryOne<{ created_by: string }>(db, `SELECT created_by FROM ${table} WHERE ${ON_RECORD} AND id = $4`, [...refParams(ref), id]);
  return row?.created_by;
}

export async function deleteOnRecord(db: Db, table: RecordItemTable, ref: RecordRef, id: string): Promise<void> {
  await db.query(`DELETE FROM ${table} WHERE ${ON_RECORD} AND id = $4`, [...refParams(ref), id]);
}

export async function insertNote(db: Db, ref: RecordRef, note: { body: string; createdBy: string; createdAt: Date }): Promise<NoteRow> {
  const row = await queryOne<NoteRow>(
    db,
    `INSERT INTO notes (tenant_id, record_type, record_id, body, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${NOTE_COLUMNS}`,
    [...refParams(ref), note.body, note.createdBy, note.createdAt],
  );
  return row!;
}

export async function insertAttachment(
  db: Db,
  ref: RecordRef,
  file: { filename: string; contentType: string; content: Buffer; createdBy: string; createdAt: Date },
): Promise<AttachmentRow> {
  const row = await queryOne<AttachmentRow>(
    db,
    `INSERT INTO attachments (tenant_id, record_type, record_id, filename, content_type, size, content, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${ATTACHMENT_COLUMNS}`,
    [...refParams(ref), file.filename, file.contentType, file.content.length, file.content, file.createdBy, file.createdAt],
  );
  return row!;
}

export async function findAttachmentContent(db: Db, ref: RecordRef, id: string): Promise<AttachmentContentRow | undefined> {
  return queryOne<AttachmentContentRow>(
    db,
    `SELECT filename, content_type, content FROM attachments WHERE ${ON_RECORD} AND id = $4`,
    [...refParams(ref), id],
  );
}

/**
 * Every note and attachment of a record: call it where the record itself is deleted, with that
 * transaction's manager, so they go together (the tables, each service's NotesAndFiles migration, hold every
 * entity's rows and so have no foreign key to a record table). Record ids are UUIDs, unique across tenants.
 */
export async function deleteRecordNotes(db: Db, recordType: string, recordId: string): Promise<void> {
  for (const table of ['notes', 'attachments'] as const) {
    await db.query(`DELETE FROM ${table} WHERE record_type = $1 AND record_id = $2`, [recordType, recordId]);
  }
}

/** A merge: everything on the merged-away record now hangs on the kept one (same type, same tenant). */
export async function moveRecordNotes(db: Db, recordType: string, fromRecordId: string, toRecordId: string): Promise<void> {
  for (const table of ['notes', 'attachments'] as const) {
    await db.query(`UPDATE ${table} SET record_id = $3 WHERE record_type = $1 AND record_id = $2`, [recordType, fromRecordId, toRecordId]);
  }
}
