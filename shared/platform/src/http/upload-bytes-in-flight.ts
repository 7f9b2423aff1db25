import { finished } from 'node:stream';
import type { Request, RequestHandler, Response } from 'express';
import { TooManyRequestsError } from '../errors';

/** `UPLOAD_BYTES_IN_FLIGHT` and `UPLOAD_BYTES_PER_CREDENTIAL`. */
export interface UploadBytesLimits {
  /** What the uploads of this service process may hold at once, together. */
  perProcess: number;
  /** What the uploads of one credential (a user's access tokens together, or one API token) may hold at once. */
  perCredential: number;
}

/** An upload holds its bytes only while it is received and handled: a client that waits this long finds room again. */
const RETRY_AFTER_SECONDS = 1;

const LOCALS_KEY = 'uploadBytesInFlight';

/**
 * The bytes uploads hold at once, per process and per credential. Each upload reserves what it may hold
 * before a byte of it is read, and gives it back when its answer ends, however it ends (sent, failed,
 * the client gone); one that does not fit is refused. So however many uploads arrive together, the
 * memory they hold stays within the process bound, and one credential cannot take all of it.
 */
class UploadBytesInFlight {
  private held = 0;
  private readonly heldByCredential = new Map<string, number>();

  constructor(private readonly limits: UploadBytesLimits) {}

  /** Holds `bytes` for `credential` until `res` ends; 429 (`Retry-After`) when they do not fit. */
  reserve(credential: string, bytes: number, res: Response): void {
    const credentialHeld = this.heldByCredential.get(credential) ?? 0;
    if (this.held + bytes > this.limits.perProcess || credentialHeld + bytes > this.limits.perCredential) {
      throw new TooManyRequestsError(RETRY_AFTER_SECONDS);
    }
    this.held += bytes;
    this.heldByCredential.set(credential, credentialHeld + bytes);
    // `finished` also calls back for an answer that had already ended (the client left while the record was opened).
    finished(res, () => this.release(credential, bytes));
  }

  private release(credential: string, bytes: number): void {
    this.held -= bytes;
    const left = this.heldByCredential.get(credential)! - bytes;
    if (left === 0) this.heldByCredential.delete(credential);
    else this.heldByCredential.set(credential, left);
  }
}

/** The service app's bound (`createServiceApp`): every upload it receives reserves its bytes from it. */
export function boundUploadBytes(limits: UploadBytesLimits): RequestHandler {
  const inFlight = new UploadBytesInFlight(limits);
  return (_req, res, next) => {
    res.locals[LOCALS_KEY] = inFlight;
    next();
  };
}

/** Before an upload is read: reserves what it may hold (429 when that does not fit). An app without the bound reserves nothing. */
export function reserveUploadBytes(req: Request, res: Response, maxFileBytes: number): void {
  const inFlight = res.locals[LOCALS_KEY] as UploadBytesInFlight | undefined;
  if (!inFlight) return;
  const credential = req.caller ? `${req.caller.credential.kind}:${req.caller.credential.id}` : 'anonymous';
  inFlight.reserve(credential, bytesAnUploadMayHold(req, maxFileBytes), res);
}

/**
 * The most an upload's file can take in memory: its Content-Length (the file and a little multipart
 * framing), never more than the largest file the route takes plus the one byte past it that tells the
 * file is too large (busboy hands it over before it stops); that much for a body of unknown length (chunked).
 */
export function bytesAnUploadMayHold(req: Request, maxFileBytes: number): number {
  const most = maxFileBytes + 1;
  const declared = Number(req.headers['content-length']);
  return Number.isSafeInteger(declared) && declared >= 0 ? Math.min(declared, most) : most;
}
