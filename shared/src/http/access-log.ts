import type { RequestHandler } from 'express';
import type { Logger } from '../logging/logger';
import { currentRequestId } from './request-context';

/** One JSON line per finished request. Health probes log at debug so they do not drown the log. */
export function accessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const requestId = currentRequestId();
    res.on('finish', () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const entry = {
        request_id: requestId,
        method: req.method,
        path: req.originalUrl.split('?')[0],
        status: res.statusCode,
        duration_ms: Math.round(durationMs * 100) / 100,
      };
      const probe = req.path === '/livez' || req.path === '/readyz';
      if (probe) logger.debug(entry, 'request');
      else if (res.statusCode >= 500) logger.error(entry, 'request');
      else logger.info(entry, 'request');
    });
    next();
  };
}
