import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import { isTransactionConflict } from '../database/conflict-retries';
import { isDatabaseUnavailable } from '../database/database-unavailable';
import { AppError, DatabaseUnavailableError, PayloadTooLargeError, ServiceUnavailableError, ValidationError, validationErrorFromZod } from '../errors';
import { AnswerReplayed } from '../idempotency/idempotent-requests';
import type { Logger } from '../logging/logger';
import { currentRequestId } from './request-context';

/** Errors raised by express' own body parsers carry a `type` and an HTTP status. */
function fromBodyParser(error: unknown): AppError | undefined {
  const e = error as { type?: string; status?: number; expose?: boolean };
  if (e.type === 'entity.parse.failed') return ValidationError.field('body', 'Malformed JSON.');
  if (e.type === 'entity.too.large') return new PayloadTooLargeError();
  if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported') {
    return ValidationError.field('body', 'Unsupported body encoding.');
  }
  // A body that could not be read at all: its Content-Encoding does not decode (the parser passes
  // zlib's error on with status 400 and no type), or it was cut short. The client's fault, not a 500.
  if (e.status === 400 && e.expose === true) return ValidationError.field('body', 'The body could not be read.');
  return undefined;
}

export function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return validationErrorFromZod(error);
  if (isDatabaseUnavailable(error)) return new DatabaseUnavailableError();
  // Lost to concurrent writes on every run (`retryConflictsIn`): busy, not broken.
  if (isTransactionConflict(error)) return new ServiceUnavailableError('The record is busy with other changes; try again shortly.');
  return fromBodyParser(error);
}

/** The one place that turns a thrown error into the contract's body; anything unknown is a logged 500. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, _req, res, _next) => {
    if (error instanceof AnswerReplayed) return; // a repeat, answered with its first answer
    const appError = toAppError(error);
    if (res.headersSent) {
      logger.error({ err: error, request_id: currentRequestId() }, 'error after the response started');
      res.destroy();
      return;
    }
    if (appError) {
      if (appError instanceof DatabaseUnavailableError) logger.warn({ err: error, request_id: currentRequestId() }, 'database unavailable');
      res.status(appError.status).set(appError.headers).json(appError.body());
      return;
    }
    const requestId = currentRequestId();
    logger.error({ err: error, request_id: requestId }, 'unhandled error');
    res.status(500).json({ detail: 'Internal server error.', request_id: requestId });
  };
}

export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json({ detail: 'Not found.' });
};
