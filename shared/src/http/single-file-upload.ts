import type { Request, Response } from 'express';
import multer from 'multer';
import { PayloadTooLargeError, ValidationError } from '../errors';
import { InvalidKeyError, takeUploadKey } from '../idempotency/idempotent-requests';

/** The one file of a multipart upload, in memory. */
export interface UploadedFile {
  originalName: string;
  mimeType: string;
  content: Buffer;
}

/** An upload refused for its form (no file, another field, not multipart): 400 on the file's field. */
export class UploadRefusedError extends ValidationError {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super({ [field]: reason });
  }
}

/** Multer's and busboy's failures as the contract's 4xx answers: a bad upload is never a 500. */
function uploadError(error: unknown, field: string, maxBytes: number): Error {
  const fieldError = (message: string) => new UploadRefusedError(field, message);
  if (!(error instanceof multer.MulterError)) {
    // busboy: no boundary, a part cut short, an unsupported multipart type, the client gone.
    return fieldError('The upload is not a well-formed multipart/form-data body.');
  }
  switch (error.code) {
    case 'LIMIT_FILE_SIZE':
      return new PayloadTooLargeError(`A file may be at most ${maxBytes / 1024 / 1024} MB.`);
    case 'LIMIT_FILE_COUNT':
      return fieldError('Send exactly one file.');
    case 'LIMIT_UNEXPECTED_FILE':
    case 'LIMIT_FIELD_COUNT':
      return fieldError(`Send the file in the multipart field "${field}", and nothing else.`);
    default:
      return fieldError('The upload is not a well-formed multipart/form-data body.');
  }
}

/**
 * Reads the one file of a multipart upload in field `field` into memory, refusing it (413) as soon as it
 * passes `maxBytes`, so memory stays bounded whatever is sent. A body that is not multipart is left
 * unread by multer and answers "no file" (400 on the field), as does a form without the field.
 */
export function receiveSingleFile(req: Request, res: Response, options: { field: string; maxBytes: number }): Promise<UploadedFile> {
  const { field, maxBytes } = options;
  const upload = multer({
    storage: multer.memoryStorage(),
    // Multer lets exactly `fileSize` bytes through and fails at one more. One file and no other field:
    // anything else in the form is a mistake the caller should hear about.
    limits: { fileSize: maxBytes, files: 1, fields: 0 },
    // Browsers and fetch's FormData send the filename as raw UTF-8; multer's default reads it as latin1.
    defParamCharset: 'utf8',
  }).single(field);
  return new Promise<UploadedFile>((resolve, reject) => {
    upload(req, res, (error?: unknown) => {
      if (error) return reject(uploadError(error, field, maxBytes));
      const file = req.file;
      if (!file) return reject(new UploadRefusedError(field, `No file was submitted (multipart/form-data, field "${field}").`));
      resolve({ originalName: file.originalname, mimeType: file.mimetype, content: file.buffer });
    });
  }).then(async (file) => {
    // A keyed upload's fingerprint takes the file's bytes (DESIGN §10); a repeat is answered here.
    await takeUploadKey(res, [Buffer.from(field), Buffer.from(file.originalName), file.content]).catch((error: unknown) => {
      throw error instanceof InvalidKeyError ? new UploadRefusedError(InvalidKeyError.FIELD, InvalidKeyError.REASON) : error;
    });
    return file;
  });
}
