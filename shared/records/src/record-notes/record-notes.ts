import { z } from 'zod';
import { idSchema, timestampSchema } from '../openapi/answer-schemas';
import { isAdmin, type Caller } from '@crm/platform';
import { readListPage, type DataSource, type Db } from '@crm/platform';
import { ForbiddenError, NotFoundError } from '@crm/platform';
import type { ListPage, PageRequest } from '@crm/platform';
import type { ReceivedFile } from './attachment-upload';
import {
  authorOnRecord,
  countOnRecord,
  deleteOnRecord,
  findAttachmentContent,
  insertAttachment,
  insertNote,
  listAttachments,
  listNotes,
  type AttachmentContentRow,
  type AttachmentRow,
  type NoteRow,
  type RecordItemTable,
  type RecordRef,
} from './record-notes.repository';

/** A note as the API shows it; `created_by` is the author's profile id. */
/** A note as the API shows it. */
export const noteViewSchema = z.strictObject({ id: idSchema, body: z.string(), created_by: idSchema, created_at: timestampSchema });
export type NoteView = z.infer<typeof noteViewSchema>;

/** An attachment as the API lists it; the content is downloaded on its own. */
export const attachmentViewSchema = z.strictObject({
  id: idSchema,
  filename: z.string(),
  content_type: z.string(),
  size: z.int().min(0),
  created_by: idSchema,
  created_at: timestampSchema,
});
export type AttachmentView = z.infer<typeof attachmentViewSchema>;

const noteView = (row: NoteRow): NoteView => ({
  id: row.id,
  body: row.body,
  created_by: row.created_by,
  created_at: row.created_at.toISOString(),
});

const attachmentView = (row: AttachmentRow): AttachmentView => ({
  id: row.id,
  filename: row.filename,
  content_type: row.content_type,
  size: row.size,
  created_by: row.created_by,
  created_at: row.created_at.toISOString(),
});

export const listRecordNotes = (dataSource: DataSource, ref: RecordRef, page: PageRequest): Promise<ListPage<NoteView>> =>
  readListPage(dataSource, page, { count: (db) => countOnRecord(db, 'notes', ref), rows: (db, window) => listNotes(db, ref, window) }, noteView);

export async function addNote(db: Db, ref: RecordRef, author: Caller, body: string, now: Date): Promise<NoteView> {
  return noteView(await insertNote(db, ref, { body, createdBy: author.profileId, createdAt: now }));
}

export const listRecordAttachments = (dataSource: DataSource, ref: RecordRef, page: PageRequest): Promise<ListPage<AttachmentView>> =>
  readListPage(dataSource, page, { count: (db) => countOnRecord(db, 'attachments', ref), rows: (db, window) => listAttachments(db, ref, window) }, attachmentView);

export async function addAttachment(db: Db, ref: RecordRef, author: Caller, file: ReceivedFile, now: Date): Promise<AttachmentView> {
  return attachmentView(await insertAttachment(db, ref, { ...file, createdBy: author.profileId, createdAt: now }));
}

/** The file to download; 404 unless it hangs on that record. */
export async function attachmentToDownload(db: Db, ref: RecordRef, id: string): Promise<AttachmentContentRow> {
  const file = await findAttachmentContent(db, ref, id);
  if (!file) throw new NotFoundError();
  return file;
}

/**
 * Removes a note or an attachment of an open record: 404 unless it hangs on that record, 403 unless the
 * caller wrote it or is an admin (architecture §3: the caller can see it, the role forbids the action).
 */
export async function removeFromRecord(db: Db, table: RecordItemTable, ref: RecordRef, caller: Caller, id: string): Promise<void> {
  const author = await authorOnRecord(db, table, ref, id);
  if (author === undefined) throw new NotFoundError();
  if (!isAdmin(caller) && author !== caller.profileId) {
    throw new ForbiddenError(`Only its author or an admin may delete this ${table === 'notes' ? 'note' : 'attachment'}.`);
  }
  await deleteOnRecord(db, table, ref, id);
}
