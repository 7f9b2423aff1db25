import type { Request, RequestHandler } from 'express';
import { Router } from 'express';
import multer from 'multer';
import { z } from 'zod';
import { callerOf, isAdmin, type Caller } from '../auth-context';
import type { DataSource, Db } from '../database';
import { ForbiddenError, NotFoundError, PayloadTooLargeError, ValidationError } from '../errors';
import { idParam } from '../http/fields';
import { pageEnvelope, pageRequest, paginationQuery } from '../http/pagination';
import { parseBody, parseQuery } from '../http/validation';
import {
  attachmentContent,
  authorOnRecord,
  countOnRecord,
  deleteOnRecord,
  insertAttachment,
  insertNote,
  listOnRecord,
  type AttachmentView,
  type NoteView,
  type RecordRef,
  type UploadedFile,
} from './notes-and-files.repository';

export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
const MAX_NOTE_LENGTH = 10_000;

export interface RecordNotesOptions {
  dataSource: DataSource;
  recordType: string;
  /** E.g. `/api/leads`: the routes are `<basePath>/<id>/notes/` and `<basePath>/<id>/attachments/`. */
  basePath: string;
  /**
   * Resolves when the caller may open the record; throws NotFoundError when it is missing, another
   * tenant's or not openable, ForbiddenError when the caller may not use the entity at all.
   */
  openRecord: (caller: Caller, recordId: string, db: Db) => Promise<void>;
  clock?: () => Date;
}

const noteBody = z.strictObject({
  body: z
    .string('This field is required.')
    .trim()
    .min(1, 'This field may not be blank.')
    .max(MAX_NOTE_LENGTH, `Ensure this field has no more than ${MAX_NOTE_LENGTH} characters.`),
});
const listQuery = z.strictObject({ ...paginationQuery });

/** Only its author or an admin removes a note or a file (403), once the record itself is open to the caller. */
function requireAuthorOrAdmin(caller: Caller, author: string): void {
  if (!isAdmin(caller) && author !== caller.profileId) {
    throw new ForbiddenError('Only its author or an admin may delete this.');
  }
}

const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1, fields: 0 } });

/** Multer's failures as the contract's 4xx answers, never a 500. */
function singleFileUpload(field: string): RequestHandler {
  const receive = upload.single(field);
  return (req, res, next) => {
    receive(req, res, (error?: unknown) => {
      if (!error) return next();
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') return next(new PayloadTooLargeError(`A file may be at most ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB.`));
        if (error.code === 'LIMIT_FILE_COUNT') return next(ValidationError.field(field, 'Send exactly one file.'));
        return next(ValidationError.field(field, `Send the file in the multipart field "${field}" and nothing else.`));
      }
      next(ValidationError.field(field, 'The upload is not a well-formed multipart/form-data body.'));
    });
  };
}

function uploadedFile(req: Request): UploadedFile {
  const file = req.file;
  if (!file) throw ValidationError.field('file', 'No file was submitted (multipart/form-data, field "file").');
  const baseName = file.originalname.split(/[\\/]/).pop() || 'file';
  return { filename: baseName.slice(0, 255), contentType: file.mimetype || 'application/octet-stream', content: file.buffer };
}

/**
 * `<basePath>/<id>/notes/` and `<basePath>/<id>/attachments/` (DESIGN §5): list, create, delete, and
 * download a file. The record is opened before anything else is read, so a note or file on a record
 * the caller cannot open is a 404 whatever the request carries.
 */
export function recordNotesRoutes(options: RecordNotesOptions): Router {
  const { dataSource, recordType, basePath, openRecord } = options;
  const clock = options.clock ?? (() => new Date());
  const db = dataSource.manager;
  const router = Router();

  /** The caller and the record they opened (or the 404/403 of `openRecord`). */
  const openedRecord = async (req: Request): Promise<{ caller: Caller; ref: RecordRef }> => {
    const caller = callerOf(req);
    const recordId = idParam(req.params.id);
    await openRecord(caller, recordId, db);
    return { caller, ref: { tenantId: caller.tenantId, recordType, recordId } };
  };

  for (const table of ['notes', 'attachments'] as const) {
    router.get(`${basePath}/:id/${table}/`, async (req, res) => {
      const { ref } = await openedRecord(req);
      const page = pageRequest(parseQuery(req, listQuery));
      const [count, results] = await Promise.all([
        countOnRecord(db, table, ref),
        listOnRecord<NoteView | AttachmentView>(db, table, ref, { offset: page.offset, limit: page.pageSize }),
      ]);
      res.json(pageEnvelope(req, page, count, results));
    });

    router.delete(`${basePath}/:id/${table}/:itemId/`, async (req, res) => {
      const { caller, ref } = await openedRecord(req);
      const itemId = idParam(req.params.itemId);
      const author = await authorOnRecord(db, table, ref, itemId);
      if (author === undefined) throw new NotFoundError();
      requireAuthorOrAdmin(caller, author);
      await deleteOnRecord(db, table, itemId);
      res.status(204).end();
    });
  }

  router.post(`${basePath}/:id/notes/`, async (req, res) => {
    const { caller, ref } = await openedRecord(req);
    const { body } = parseBody(req, noteBody);
    res.status(201).json(await insertNote(db, ref, body, caller.profileId, clock()));
  });

  // The record is opened before multer reads a byte of the upload.
  const openBeforeUpload: RequestHandler = async (req, res, next) => {
    res.locals.opened = await openedRecord(req);
    next();
  };
  router.post(`${basePath}/:id/attachments/`, openBeforeUpload, singleFileUpload('file'), async (req, res) => {
    const { caller, ref } = res.locals.opened as { caller: Caller; ref: RecordRef };
    res.status(201).json(await insertAttachment(db, ref, uploadedFile(req), caller.profileId, clock()));
  });

  router.get(`${basePath}/:id/attachments/:itemId/`, async (req, res) => {
    const { ref } = await openedRecord(req);
    const file = await attachmentContent(db, ref, idParam(req.params.itemId));
    if (!file) throw new NotFoundError();
    res.attachment(file.filename);
    res.set({ 'Content-Type': file.content_type, 'X-Content-Type-Options': 'nosniff' });
    res.send(file.content);
  });
  return router;
}
