import type { Request, Response } from 'express';
import multer from 'multer';
import { PayloadTooLargeError, ValidationError } from '../errors';

export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const MAX_FILENAME_LENGTH = 255;
export const ATTACHMENT_FIELD = 'file';
const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** A file as received, ready to store. */
export interface ReceivedFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

const upload = multer({
  storage: multer.memoryStorage(),
  // Multer lets exactly `fileSize` bytes through and fails at one more. One file and no other field:
  // anything else in the form is a mistake the caller should hear about.
  limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1, fields: 0 },
  // Browsers and fetch's FormData send the filename as raw UTF-8; multer's default reads it as latin1.
  defParamCharset: 'utf8',
}).single(ATTACHMENT_FIELD);

const fieldError = (message: string) => ValidationError.field(ATTACHMENT_FIELD, message);

/** Multer's and busboy's failures as the contract's 4xx answers: a bad upload is never a 500. */
function uploadError(error: unknown): Error {
  if (!(error instanceof multer.MulterError)) {
    // busboy: no boundary, a part cut short, an unsupported multipart type, the client gone.
    return fieldError('The upload is not a well-formed multipart/form-data body.');
  }
  switch (error.code) {
    case 'LIMIT_FILE_SIZE':
      return new PayloadTooLargeError(`A file may be at most ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB.`);
    case 'LIMIT_FILE_COUNT':
      return fieldError('Send exactly one file.');
    case 'LIMIT_UNEXPECTED_FILE':
    case 'LIMIT_FIELD_COUNT':
      return fieldError(`Send the file in the multipart field "${ATTACHMENT_FIELD}", and nothing else.`);
    default:
      return fieldError('The upload is not a well-formed multipart/form-data body.');
  }
}

/**
 * Reads the one file of a multipart upload into memory (at most MAX_ATTACHMENT_BYTES). A body that is
 * not multipart is left unread by multer and answers "no file" here.
 */
export function receiveAttachment(req: Request, res: Response): Promise<ReceivedFile> {
  return new Promise((resolve, reject) => {
    upload(req, res, (error?: unknown) => {
      if (error) return reject(uploadError(error));
      const file = req.file;
      if (!file) return reject(fieldError(`No file was submitted (multipart/form-data, field "${ATTACHMENT_FIELD}").`));
      resolve({ filename: storedFilename(file.originalname), contentType: storedContentType(file.mimetype), content: file.buffer });
    });
  });
}

/**
 * The name the uploader's computer gave the file, without any directory part or control character,
 * at most MAX_FILENAME_LENGTH characters (code points, so a pair is never split).
 */
export function storedFilename(original: string | undefined): string {
  const baseName = (original ?? '').split(/[\\/]/).pop() ?? '';
  const clean = baseName.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const name = clean === '' || clean === '.' || clean === '..' ? 'file' : clean;
  return Array.from(name).slice(0, MAX_FILENAME_LENGTH).join('');
}

// A media type as `type/subtype` tokens: it goes back out as a header.
const MEDIA_TYPE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/i;

/**
 * The part's declared type, or application/octet-stream when it is unusable. A part that declares none
 * reaches us as `text/plain` (busboy applies RFC 7578's default); fetch and browsers always declare one.
 */
export function storedContentType(declared: string | undefined): string {
  return declared && MEDIA_TYPE.test(declared) ? declared.toLowerCase() : DEFAULT_CONTENT_TYPE;
}
