import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { AppError, PayloadTooLargeError, ValidationError } from '../errors';

/**
 * What node's HTTP parser refuses before any handler sees the request, as the contract's answer (api-contract
 * §2): a request line or headers past node's limit (16 KB) 431, chunk extensions past theirs 413, a request
 * that took too long to arrive 408, anything else that is not HTTP 400.
 */
function refusalOf(error: NodeJS.ErrnoException): AppError {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return new AppError(431, 'The request line or headers are too large.');
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return new PayloadTooLargeError('The chunk extensions of the body are too large.');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new AppError(408, 'The request took too long to arrive.');
    default:
      return ValidationError.field('non_field_errors', 'The request is not well-formed HTTP.');
  }
}

/**
 * A server's `clientError` handler: answers as node's own does (only where no answer has started on the
 * connection, then closes it), but with the contract's JSON body where node sends none.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  // The answer in progress on the connection, where node's own handler looks for it.
  const inProgress = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;
  if (socket.writable && !inProgress?.headersSent) {
    const refusal = refusalOf(error);
    const body = JSON.stringify(refusal.body());
    socket.write(
      `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
