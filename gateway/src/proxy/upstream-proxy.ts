import http from 'node:http';
import { mintInternalToken, type Logger } from '@crm/shared';
import type { Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { UPSTREAM_SERVICES, type UpstreamService } from '../config';
import { callerOf, routeOf } from '../request-state';
import { prepareForwardedHeaders } from './forwarded-headers';

export interface UpstreamProxyOptions {
  targets: Record<UpstreamService, string>;
  internalTokenSecret: string;
  /** Longest silence on an upstream socket before the request fails. */
  timeoutMs: number;
  logger: Logger;
  /** Sockets per upstream address. */
  maxSockets?: number;
  /** True once the gateway is shutting down: relayed answers then close their client connection. */
  isDraining?: () => boolean;
  /** Told of every upstream answer before it is relayed (e.g. to evict a revoked API token). */
  onUpstreamResponse?: (req: http.IncomingMessage, statusCode: number) => void;
}

export interface UpstreamProxy {
  /** The last step of the pipeline: streams the request, untouched, to the route's service. */
  forward: RequestHandler;
  /** Drops the pooled upstream connections. */
  close(): void;
}

/** Headers the gateway sets itself; an upstream's own value must not replace them. */
const GATEWAY_RESPONSE_HEADERS = ['ratelimit', 'ratelimit-policy'];

/**
 * One http-proxy-middleware per service over a shared keep-alive agent. The path goes unchanged, the
 * body is piped as received (the gateway never parses one, so multipart uploads pass byte for byte),
 * and an unreachable or failing upstream answers 503 `{detail}`.
 */
export function createUpstreamProxy(options: UpstreamProxyOptions): UpstreamProxy {
  // Idle sockets are dropped after 30 s, before a service's 65 s keep-alive timeout would close them
  // under a request that is just reusing one.
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 256, scheduling: 'lifo', timeout: 30_000 });

  const proxyFor = (service: UpstreamService, target: string) =>
    createProxyMiddleware<Request, Response>({
      target,
      agent,
      changeOrigin: true,
      xfwd: false,
      proxyTimeout: options.timeoutMs,
      on: {
        proxyRes: (proxyRes, req, res) => {
          for (const name of GATEWAY_RESPONSE_HEADERS) delete proxyRes.headers[name];
          // Connection is hop-by-hop: the client's connection follows the client and the gateway, not the
          // upstream; while draining it closes after this answer so shutdown need not wait for it to idle out.
          proxyRes.headers.connection = options.isDraining?.() || !res.shouldKeepAlive ? 'close' : 'keep-alive';
          options.onUpstreamResponse?.(req, proxyRes.statusCode ?? 0);
        },
        error: (error, req, res) => {
          const code = (error as NodeJS.ErrnoException).code;
          options.logger.warn({ err: error, code, service, path: req.url?.split('?')[0] }, 'upstream unavailable');
          if (!('writeHead' in res)) {
            res.destroy();
            return;
          }
          if (res.headersSent) {
            res.destroy();
            return;
          }
          res.status(503).json({ detail: 'Service unavailable.' });
        },
      },
    });

  const proxies = Object.fromEntries(
    UPSTREAM_SERVICES.map((service) => [service, proxyFor(service, options.targets[service])]),
  ) as Record<UpstreamService, ReturnType<typeof proxyFor>>;

  return {
    forward: async (req, res, next) => {
      const { service } = routeOf(res);
      const internalToken = await mintInternalToken(options.internalTokenSecret, service, callerOf(res));
      prepareForwardedHeaders(req, internalToken);
      await proxies[service](req, res, next);
    },
    close: () => agent.destroy(),
  };
}
