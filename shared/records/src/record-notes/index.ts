/** Notes and attachments on the records of any entity: table, routes, and the helpers a record's delete and merge call. */
export { recordNotesOperations, recordNotesRoutes } from './record-notes.routes';
export { deleteRecordNotes, moveRecordNotes } from './record-notes.repository';
export { MAX_NOTE_LENGTH } from './record-notes.schemas';
export { MAX_ATTACHMENT_BYTES } from './attachment-upload';
export { attachmentDisposition } from './content-disposition';
