import type { Request } from 'express';
import { Router } from 'express';
import { callerOf, type Caller } from '@crm/platform';
import type { DataSource, Db } from '@crm/platform';
import { answerAsDownload, answerCreated, inPostedCollection } from '@crm/platform';
import { idParam } from '@crm/platform';
import { pageEnvelope, pageRequest } from '@crm/platform';
import { parseBody, parseQuery } from '@crm/platform';
import { pageSchema } from '../openapi';
import { type ApiOperation } from '@crm/platform';
import { ATTACHMENT_FIELD, MAX_ATTACHMENT_BYTES, receiveAttachment } from './attachment-upload';
import { attachmentDisposition } from './content-disposition';
import {
  addAttachment,
  addNote,
  attachmentToDownload,
  attachmentViewSchema,
  listRecordAttachments,
  listRecordNotes,
  noteViewSchema,
  removeFromRecord,
} from './record-notes';
import type { RecordRef } from './record-notes.repository';
import { createNoteBody, listRecordItemsQuery } from './record-notes.schemas';
import { fileBytesCounter, type TenantQuotas } from '../quotas/tenant-quotas';

export interface RecordNotesOptions {
  dataSource: DataSource;
  /** Stored in `record_type`, so one schema holds the notes of several entities (by their entity's name). */
  recordType: string;
  /** The entity's path without a trailing slash, e.g. `/api/<entity>`; the routes hang below `<basePath>/<id>/`. */
  basePath: string;
  /**
   * Resolves when the caller may open the record. Throws NotFoundError when it does not exist, is another
   * tenant's or the caller may not open it; ForbiddenError when the caller may not use the entity at all.
   * `lock`: lock the row until `db`'s transaction ends.
   */
  openRecord: (caller: Caller, recordId: string, db: Db, lock?: boolean) => Promise<void>;
  clock?: () => Date;
  /** The tenants' quotas: a file past the tenant's `file_bytes` for the entity is a 403; `collection` names the entity there (`leads`). */
  quotas: TenantQuotas;
  collection: string;
}

/**
 * Notes and attachments of the records of one entity (api-contract §3). Every route opens the record before
 * it reads anything else (query, body, upload), so whatever a request carries, a record the caller may
 * not open answers 404 exactly as a random id does.
 */
export function recordNotesRoutes(options: RecordNotesOptions): Router {
  const { dataSource, recordType, openRecord } = options;
  if (!/^\/.*[^/]$/.test(options.basePath)) throw new Error(`basePath must start with "/" and not end with one: ${options.basePath}`);
  const clock = options.clock ?? (() => new Date());
  const fileBytes = fileBytesCounter(recordType, options.collection);
  const db = dataSource.manager;
  const notes = `${options.basePath}/:id/notes/`;
  const attachments = `${options.basePath}/:id/attachments/`;

  const openedRecord = async (req: Request): Promise<{ caller: Caller; ref: RecordRef }> => {
    const recordId = idParam(req.params.id);
    const caller = callerOf(req);
    await openRecord(caller, recordId, db);
    return { caller, ref: { tenantId: caller.tenantId, recordType, recordId } };
  };

  /**
   * Adds a note or file in one transaction with the record's row locked, so it cannot land on a record a
   * concurrent delete or merge is removing (the merge moves what is there; the add then finds it gone: 404).
   */
  const addToLockedRecord = <T>(caller: Caller, ref: RecordRef, add: (db: Db) => Promise<T>): Promise<T> =>
    dataSource.transaction(async (manager) => {
      await openRecord(caller, ref.recordId, manager, true);
      return add(manager);
    });

  const router = Router();
  router.get(notes, async (req, res) => {
    const { ref } = await openedRecord(req);
    const page = pageRequest(req, parseQuery(req, listRecordItemsQuery));
    res.json(pageEnvelope(req, page, await listRecordNotes(dataSource, ref, page)));
  });
  router.post(notes, async (req, res) => {
    const { caller, ref } = await openedRecord(req);
    const { body } = parseBody(req, createNoteBody);
    await answerCreated(res, inPostedCollection(req), () => addToLockedRecord(caller, ref, (manager) => addNote(manager, ref, caller, body, clock())));
  });
  router.delete(`${notes}:noteId/`, async (req, res) => {
    const { caller, ref } = await openedRecord(req);
    await removeFromRecord(db, 'notes', ref, caller, idParam(req.params.noteId));
    res.status(204).end();
  });

  router.get(attachments, async (req, res) => {
    const { ref } = await openedRecord(req);
    const page = pageRequest(req, parseQuery(req, listRecordItemsQuery));
    res.json(pageEnvelope(req, page, await listRecordAttachments(dataSource, ref, page)));
  });
  router.post(attachments, async (req, res) => {
    const { caller, ref } = await openedRecord(req);
    // Only now is the upload read: a hidden record never costs 10 MB of memory.
    const file = await receiveAttachment(req, res);
    await answerCreated(res, inPostedCollection(req), () =>
      addToLockedRecord(caller, ref, async (manager) => {
        await options.quotas.requireRoom(manager, caller.tenantId, fileBytes, file.content.length);
        return addAttachment(manager, ref, caller, file, clock());
      }),
    );
  });
  router.get(`${attachments}:attachmentId/`, async (req, res) => {
    const { ref } = await openedRecord(req);
    const file = await attachmentToDownload(db, ref, idParam(req.params.attachmentId));
    // setHeader, not res.set/res.type: those would add a charset to the stored type.
    res.setHeader('Content-Type', file.content_type);
    res.setHeader('Content-Length', file.content.length);
    // The stored type is the uploader's word: never let a browser second-guess it into HTML, nor run it as a page of ours.
    answerAsDownload(res, attachmentDisposition(file.filename));
    res.status(200).end(file.content);
  });
  router.delete(`${attachments}:attachmentId/`, async (req, res) => {
    const { caller, ref } = await openedRecord(req);
    await removeFromRecord(db, 'attachments', ref, caller, idParam(req.params.attachmentId));
    res.status(204).end();
  });
  return router;
}

/** The documentation of `recordNotesRoutes` for one entity. */
export function recordNotesOperations(options: { basePath: string; tag: string; noun: string }): ApiOperation[] {
  const { tag, noun } = options;
  const notes = `${options.basePath}/:id/notes/`;
  const attachments = `${options.basePath}/:id/attachments/`;
  const authorOnly = 'Only its author or an admin may delete it (else 403).';
  return [
    { method: 'get', path: notes, tag, summary: `List the notes of a ${noun}`, query: listRecordItemsQuery, responses: { 200: { description: 'A page of notes, newest first.', schema: pageSchema(noteViewSchema) } } },
    { method: 'post', path: notes, tag, summary: `Add a note to a ${noun}`, body: createNoteBody, responses: { 201: { description: 'The note.', schema: noteViewSchema } } },
    { method: 'delete', path: `${notes}:noteId/`, tag, summary: `Delete a note of a ${noun}`, description: authorOnly, responses: { 204: 'Deleted.' } },
    {
      method: 'get',
      path: attachments,
      tag,
      summary: `List the files attached to a ${noun}`,
      query: listRecordItemsQuery,
      responses: { 200: { description: 'A page of attachments, newest first.', schema: pageSchema(attachmentViewSchema) } },
    },
    {
      method: 'post',
      path: attachments,
      tag,
      summary: `Attach a file to a ${noun}`,
      upload: { field: ATTACHMENT_FIELD, description: `One file of at most ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB.` },
      responses: { 201: { description: 'The attachment.', schema: attachmentViewSchema }, 413: 'The file is too large.' },
    },
    {
      method: 'get',
      path: `${attachments}:attachmentId/`,
      tag,
      summary: `Download a file attached to a ${noun}`,
      responses: { 200: { description: 'The file, with its name in `Content-Disposition`.', content: 'binary' } },
    },
    { method: 'delete', path: `${attachments}:attachmentId/`, tag, summary: `Delete a file attached to a ${noun}`, description: authorOnly, responses: { 204: 'Deleted.' } },
  ];
}
