import type { Request, Response } from 'express';
import { receiveSingleFile } from '@crm/platform';

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

/** Reads the one file of an attachment upload (field `file`, at most MAX_ATTACHMENT_BYTES) into memory. */
export async function receiveAttachment(req: Request, res: Response): Promise<ReceivedFile> {
  const file = await receiveSingleFile(req, res, { field: ATTACHMENT_FIELD, maxBytes: MAX_ATTACHMENT_BYTES });
  return { filename: storedFilename(file.originalName), contentType: storedContentType(file.mimeType), content: file.content };
}

/**
 * The name the uploader's computer gave the file, as every upload keeps it (an attachment, an import
 * job): without any directory part, control character (C0, DEL, C1) or unpaired surrogate, at most
 * MAX_FILENAME_LENGTH characters (code points, so a pair is never split).
 */
export function storedFilename(original: string | undefined): string {
  const baseName = (original ?? '').split(/[\\/]/).pop() ?? '';
  const clean = baseName.replace(/[\u0000-\u001f\u007f-\u009f]|\p{Cs}/gu, '').trim();
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
