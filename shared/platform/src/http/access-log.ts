import type { Request, RequestHandler, Response } from 'express';
import type { Caller } from '../auth-context/caller';
import type { Logger } from '../logging/logger';
import { currentRequestId } from './request-context';

/** Who made a request, once known: a service reads the internal token's caller, the gateway its own record. */
export type RequestCaller = (req: Request, res: Response) => Caller | null | undefined;

/**
 * One JSON line per finished request, with the caller's tenant and user when it had one (so a tenant's
 * requests can be followed across services). Health probes log at debug so they do not drown the log.
 */
export function accessLog(logger: Logger, callerOf: RequestCaller = (req) => req.caller): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const requestId = currentRequestId();
    res.on('finish', () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const caller = callerOf(req, res);
      const entry = {
        request_id: requestId,
        method: req.method,
        path: req.originalUrl.split('?')[0],
        status: res.statusCode,
        duration_ms: Math.round(durationMs * 100) / 100,
        ...(caller ? { tenant_id: caller.tenantId, user_id: caller.userId } : {}),
      };
      const probe = req.path === '/livez' || req.path === '/readyz';
      if (probe) logger.debug(entry, 'request');
      else if (res.statusCode >= 500) logger.error(entry, 'request');
      else logger.info(entry, 'request');
    });
    next();
  };
}
