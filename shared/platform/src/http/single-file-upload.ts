import type { Request, Response } from 'express';
import multer from 'multer';
import { PayloadTooLargeError, ValidationError } from '../errors';
import { InvalidKeyError, takeUploadKey } from '../idempotency/idempotent-requests';
import { bytesAnUploadMayHold, reserveUploadBytes } from './upload-bytes-in-flight';

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
 * Multer storage that copies each chunk of the file, as it arrives, into one buffer of `capacity` bytes
 * (what the upload reserved), the file then being a view of it. Multer's memoryStorage keeps every chunk
 * and concatenates them at the end: two whole copies of the file at that moment.
 */
function oneBufferStorage(capacity: number): multer.StorageEngine {
  return {
    _handleFile(_req, file, callback) {
      const buffer = Buffer.allocUnsafe(capacity);
      let size = 0;
      file.stream.on('data', (chunk: Buffer) => {
        // Cannot happen (busboy stops one byte past the maximum, node at the Content-Length), but a file cut
        // short must never be stored: the error fails the upload (multer listens for it, as for its own storages).
        if (size + chunk.length > capacity) return file.stream.destroy(new Error('the file is larger than the upload reserved'));
        size += chunk.copy(buffer, size);
      });
      file.stream.on('end', () => callback(null, { buffer: buffer.subarray(0, size), size }));
    },
    _removeFile(_req, _file, callback) {
      callback(null);
    },
  };
}

/**
 * Reads the one file of a multipart upload in field `field` into memory, refusing it (413) as soon as it
 * passes `maxBytes`. Before a byte is read the upload reserves what it may hold from the service's
 * bound (`UPLOAD_BYTES_IN_FLIGHT`, `UPLOAD_BYTES_PER_CREDENTIAL`; 429 when it does not fit), so memory
 * stays bounded however many uploads arrive at once. A body that is not multipart is left unread by
 * multer and answers "no file" (400 on the field), as does a form without the field.
 */
export async function receiveSingleFile(req: Request, res: Response, options: { field: string; maxBytes: number }): Promise<UploadedFile> {
  const { field, maxBytes } = options;
  reserveUploadBytes(req, res, maxBytes);
  const upload = multer({
    storage: oneBufferStorage(bytesAnUploadMayHold(req, maxBytes)),
    // Multer lets exactly `fileSize` bytes through and fails at one more. One file and no other field:
    // anything else in the form is a mistake the caller should hear about.
    limits: { fileSize: maxBytes, files: 1, fields: 0 },
    // Browsers and fetch's FormData send the filename as raw UTF-8; multer's default reads it as latin1.
    defParamCharset: 'utf8',
  }).single(field);
  const file = await new Promise<UploadedFile>((resolve, reject) => {
    upload(req, res, (error?: unknown) => {
      if (error) return reject(uploadError(error, field, maxBytes));
      const received = req.file;
      if (!received) return reject(new UploadRefusedError(field, `No file was submitted (multipart/form-data, field "${field}").`));
      resolve({ originalName: received.originalname, mimeType: received.mimetype, content: received.buffer });
    });
  });
  // A keyed upload's fingerprint takes the file's bytes (api-contract §6); a repeat is answered here.
  await takeUploadKey(res, [Buffer.from(field), Buffer.from(file.originalName), file.content]).catch((error: unknown) => {
    throw error instanceof InvalidKeyError ? new UploadRefusedError(InvalidKeyError.FIELD, InvalidKeyError.REASON) : error;
  });
  return file;
}
