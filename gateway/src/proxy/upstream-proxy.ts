import http from 'node:http';
import type { Socket } from 'node:net';
import { buffer as readWholeBody } from 'node:stream/consumers';
import { markDownload, mintInternalToken, ServiceUnavailableError, type InternalTokenSigner, type Logger } from '@crm/platform';
import type { Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware, debugProxyErrorsPlugin, proxyEventsPlugin } from 'http-proxy-middleware';
import { UPSTREAM_SERVICES, type UpstreamService } from '../config';
import { callerOf, routeOf } from '../request-state';
import { prepareForwardedHeaders } from './forwarded-headers';

export interface UpstreamProxyOptions {
  targets: Record<UpstreamService, string>;
  /** The gateway's own key (INTERNAL_SIGNING_KEY): its internal tokens are signed as the gateway. */
  signer: InternalTokenSigner;
  /** Longest silence on an upstream socket before the request fails. */
  timeoutMs: number;
  /**
   * How long a request the service cannot have seen (see `serviceNeverSawIt`) is sent again, e.g.
   * while the service restarts; 0: never.
   */
  retryForMs?: number;
  logger: Logger;
  /** True once the gateway is shutting down: relayed answers then close their client connection. */
  isDraining?: () => boolean;
  /** Told of every upstream answer before it is relayed (e.g. to evict a revoked API token). */
  onUpstreamResponse?: (req: http.IncomingMessage, proxyRes: http.IncomingMessage) => void;
  /** Told of each request sent again (the service did not take it) and each the gateway answered 503 or 504 itself (metrics). */
  onUpstreamTrouble?: (service: UpstreamService, what: UpstreamTrouble) => void;
}

/** A request sent again, or answered by the gateway for a service that did not answer (503) or went silent (504). */
export type UpstreamTrouble = 'retried' | 'unavailable' | 'timed_out';

export interface UpstreamProxy {
  /** The last step of the pipeline: sends the request, untouched, to the route's service. */
  forward: RequestHandler;
  /** Drops the pooled upstream connections. */
  close(): void;
}

/**
 * Headers the gateway sets itself, which an upstream's own value does not replace, but in the upstream's own
 * refusal (a 429 naming its rate: a login past its address's failed logins), where the rate that refused is the one to name.
 */
const GATEWAY_RESPONSE_HEADERS = ['ratelimit', 'ratelimit-policy'];
const refusedByItsOwnRate = (proxyRes: http.IncomingMessage) => proxyRes.statusCode === 429 && proxyRes.headers['ratelimit-policy'] !== undefined;

/**
 * Bodies up to this size (every JSON body) are read before forwarding, so the same bytes can be sent
 * again; larger or chunked ones (file uploads) are streamed through once and never retried.
 */
const REPLAYABLE_BODY_BYTES = 1024 * 1024;
const FIRST_RETRY_DELAY_MS = 50;
const MAX_RETRY_DELAY_MS = 500;

/**
 * The keep-alive agent towards the services. Idle sockets are dropped after 30 s, before a service's 65 s
 * keep-alive timeout would close them under a request that is just reusing one. No socket limit: a request
 * queued for a socket would get it only after the client's (read) body had ended the upstream request, too
 * late to write the body.
 */
export const POOLED_AGENT_OPTIONS: Readonly<http.AgentOptions> = {
  keepAlive: true,
  // FIFO reuses every idle socket in turn (LIFO keeps reusing the latest), so pods the HPA adds get traffic.
  scheduling: 'fifo',
  timeout: 30_000,
};

/** How a request's body goes on each attempt: there is none, the same bytes again, or streamed once. */
type RequestBody = { kind: 'none' } | { kind: 'bytes'; bytes: Buffer } | { kind: 'streamed' };

/** One attempt at forwarding a request, and what it saw of its upstream connection. */
interface Attempt {
  number: number;
  body: RequestBody;
  retryUntil: number;
  /** The client request's listeners before the attempt: http-proxy adds its own on every attempt. */
  listenersBefore: AttemptListeners;
  /** The request to the service, dropped if the client's answer is complete before its body (`discardBodyOnceAnswered`). */
  upstreamRequest?: http.ClientRequest;
  socket?: Socket;
  /** The socket's byte count when the attempt got it (a reused keep-alive socket has read earlier answers). */
  bytesReadBefore: number;
  timedOut: boolean;
}

/** The contract's 503 (`{detail}`, `Retry-After`), as every service answers it. */
function answerUnavailable(res: Response): void {
  const unavailable = new ServiceUnavailableError();
  res.status(unavailable.status).set(unavailable.headers).json(unavailable.body());
}

/**
 * 504 `{detail}` after an upstream timeout (api-contract §6): the service may still finish and commit, so
 * this is never the 503 that invites a blind retry; a client retries with its `Idempotency-Key`.
 */
function answerTimedOut(res: Response): void {
  res.status(504).json({ detail: 'The service did not answer in time; the request may still take effect. Repeat it with the same Idempotency-Key to learn its outcome.' });
}

/**
 * One http-proxy-middleware per service and agent. The path goes unchanged, the body as received (the
 * gateway never parses one, so multipart uploads pass byte for byte); an unreachable or failing upstream
 * answers 503 `{detail}`, one that went silent past `timeoutMs` 504 `{detail}`.
 *
 * Retries (api-contract §6): a request the service cannot have seen is sent again, whatever its method, with
 * a short backoff for up to `retryForMs` — so a service restarting (rolling update, the local process
 * system where nothing replaces a stopped service) delays requests instead of failing them; a read or a
 * keyed write is also sent again when its connection was lost before any answer (`safeToSendAgain`).
 * A body read before forwarding is written by the
 * `proxyReq` hook on every attempt (the client's stream, already read, only ends the upstream request).
 */
export function createUpstreamProxy(options: UpstreamProxyOptions): UpstreamProxy {
  const pooled = new http.Agent(POOLED_AGENT_OPTIONS);
  // A write without an Idempotency-Key goes on a connection of its own: a pooled one may be closed by a
  // draining service just as the request is written, and that reset looks like a crash mid-request, which
  // must not be repeated. On a fresh connection a reset can only be a crash; a draining service refuses.
  const fresh = new OneRequestAgent();
  const retryForMs = options.retryForMs ?? 0;
  const attempts = new WeakMap<http.IncomingMessage, Attempt>();

  const proxyFor = (service: UpstreamService, agent: http.Agent) => {
    const forwardOnce = createProxyMiddleware({
      target: options.targets[service],
      agent,
      changeOrigin: true,
      xfwd: false,
      proxyTimeout: options.timeoutMs,
      // The default error answer (a 502/504 in plain text) is replaced by ours below, with its retries.
      ejectPlugins: true,
      plugins: [debugProxyErrorsPlugin, proxyEventsPlugin],
      on: {
        proxyReq: (proxyReq, req) => {
          const attempt = attempts.get(req);
          if (!attempt) return;
          attempt.upstreamRequest = proxyReq;
          if (attempt.body.kind === 'bytes') proxyReq.write(attempt.body.bytes);
          if (!proxyReq.socket) return;
          attempt.socket = proxyReq.socket;
          attempt.bytesReadBefore = proxyReq.socket.bytesRead;
          proxyReq.once('timeout', () => {
            attempt.timedOut = true;
          });
        },
        proxyRes: (proxyRes, req, res) => {
          if (!refusedByItsOwnRate(proxyRes)) for (const name of GATEWAY_RESPONSE_HEADERS) delete proxyRes.headers[name];
          // Connection is hop-by-hop: the client's connection follows the client and the gateway, not the
          // upstream; while draining it closes after this answer so shutdown need not wait for it to idle out.
          proxyRes.headers.connection = options.isDraining?.() || !res.shouldKeepAlive ? 'close' : 'keep-alive';
          options.onUpstreamResponse?.(req, proxyRes);
          // A download (an export, a file) is let finish when the gateway stops: a rollout does not cut it mid-way.
          if (proxyRes.headers['content-disposition']?.startsWith('attachment')) markDownload(res);
          // An answer cut short upstream is cut short for the client too, rather than left hanging.
          proxyRes.once('close', () => {
            if (!proxyRes.complete) res.destroy();
          });
        },
        error: (error, req, res) => {
          const attempt = attempts.get(req)!;
          if (!('writeHead' in res)) {
            res.destroy();
            return;
          }
          const delay = Math.min(MAX_RETRY_DELAY_MS, FIRST_RETRY_DELAY_MS * 2 ** (attempt.number - 1));
          const clientWaiting = !res.headersSent && !res.destroyed && !req.socket.destroyed;
          if (clientWaiting && attempt.body.kind !== 'streamed' && safeToSendAgain(req, error, attempt) && Date.now() + delay <= attempt.retryUntil) {
            forgetAttemptListeners(attempt.listenersBefore);
            options.logger.debug({ code: errorCode(error), service, attempt: attempt.number, retryInMs: delay }, 'upstream did not take the request, retrying');
            setTimeout(() => send(req, res, attempt.body, attempt.retryUntil, attempt.number + 1), delay);
            options.onUpstreamTrouble?.(service, 'retried');
            return;
          }
          options.logger.warn({ err: error, code: errorCode(error), service, path: req.url?.split('?')[0], attempts: attempt.number }, 'upstream unavailable');
          if (res.headersSent || !clientWaiting) res.destroy();
          else if (attempt.timedOut) answerTimedOut(res as Response);
          else answerUnavailable(res as Response);
          options.onUpstreamTrouble?.(service, attempt.timedOut ? 'timed_out' : 'unavailable');
        },
      },
    });
    // express' own request and response (the gateway's pipeline ends here); typed as node's in the hooks.
    const send = (req: http.IncomingMessage, res: http.ServerResponse, body: RequestBody, retryUntil: number, number: number) => {
      attempts.set(req, { number, body, retryUntil, listenersBefore: attemptListeners(req, res), bytesReadBefore: 0, timedOut: false });
      void forwardOnce(req, res);
    };
    return send;
  };
  const proxiesOver = (agent: http.Agent) =>
    Object.fromEntries(UPSTREAM_SERVICES.map((service) => [service, proxyFor(service, agent)])) as Record<UpstreamService, ReturnType<typeof proxyFor>>;
  const overPooled = proxiesOver(pooled);
  const overFresh = proxiesOver(fresh);

  /**
   * A streamed body may still be arriving when its answer is complete: a service refused the upload
   * before reading it (429, 404), or the gateway answered 503/504. The rest then goes nowhere: the
   * upstream request is dropped and the body read and discarded, as node does for a request answered
   * unread, so the client's connection stays in step for its next request instead of stalling.
   */
  const discardBodyOnceAnswered = (req: http.IncomingMessage, res: http.ServerResponse) =>
    res.once('finish', () => {
      if (req.complete) return;
      req.unpipe();
      attempts.get(req)?.upstreamRequest?.destroy();
      req.resume();
    });

  return {
    forward: async (req, res) => {
      const { service } = routeOf(res);
      const internalToken = await mintInternalToken(options.signer, service, callerOf(res));
      prepareForwardedHeaders(req, internalToken);
      let body: RequestBody;
      try {
        body = await readRequestBody(req);
      } catch {
        res.destroy(); // the client went away in the middle of its body
        return;
      }
      if (body.kind === 'streamed') discardBodyOnceAnswered(req, res);
      const proxies = repeatable(req) ? overPooled : overFresh;
      proxies[service](req, res, body, Date.now() + retryForMs, 1);
    },
    close: () => {
      pooled.destroy();
      fresh.destroy();
    },
  };
}

/**
 * A connection for one request, closed after it, that still asks the service to keep it alive: a service
 * that answers before reading the whole body (an upload refused) then reads and drops the rest, where
 * `Connection: close` has it reset the connection with the body unread, which can destroy its answer
 * on the way back (a 503 instead of the service's 429).
 */
class OneRequestAgent extends http.Agent {
  constructor() {
    super({ keepAlive: true });
  }

  override keepSocketAlive(): boolean {
    return false;
  }
}

async function readRequestBody(req: Request): Promise<RequestBody> {
  const length = req.headers['content-length'];
  const chunked = req.headers['transfer-encoding'] !== undefined;
  if (!chunked && (length === undefined || Number(length) === 0)) return { kind: 'none' };
  if (chunked || Number(length) > REPLAYABLE_BODY_BYTES) return { kind: 'streamed' };
  return { kind: 'bytes', bytes: await readWholeBody(req) };
}

/** Methods a repeat cannot change anything with. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a failed attempt may be sent again (api-contract §6): a request the service cannot have seen; or,
 * after a connection lost before any answer (a service that crashed mid-request may have acted on it),
 * a read, or a write carrying an `Idempotency-Key` (the service answers a repeat with the first answer).
 */
function safeToSendAgain(req: http.IncomingMessage, error: Error, attempt: Attempt): boolean {
  if (serviceNeverSawIt(error)) return true;
  const socket = attempt.socket;
  const lostBeforeAnswer =
    ['ECONNRESET', 'EPIPE'].includes(errorCode(error) ?? '') && !attempt.timedOut && socket !== undefined && socket.bytesRead === attempt.bytesReadBefore;
  return lostBeforeAnswer && repeatable(req);
}

/** A read, or a write the service answers a repeat of with its first answer. */
const repeatable = (req: http.IncomingMessage): boolean => SAFE_METHODS.has(req.method ?? '') || req.headers['idempotency-key'] !== undefined;

/**
 * True when the upstream cannot have acted on the request, so sending it again is safe for any method:
 * the connection was refused (nothing listens: the service is restarting). A connection reset or closed
 * before the answer is not such a case: a service that crashed in the middle of the request may have
 * committed it first (a drain on SIGTERM answers in-flight requests, so this is rare in a rollout).
 */
function serviceNeverSawIt(error: Error): boolean {
  return errorCode(error) === 'ECONNREFUSED';
}

const errorCode = (error: Error) => (error as NodeJS.ErrnoException).code;

/**
 * http-proxy subscribes to the client request on every attempt, and http-proxy-middleware's error
 * plugin to the response (its `proxyReq` hook's third argument is the response): a failed attempt's
 * subscriptions go with it, or a request retried through a restart would pile up one per attempt.
 */
const ATTEMPT_EVENTS: ReadonlyArray<{ on: 'request' | 'response'; event: string }> = [
  { on: 'request', event: 'error' },
  { on: 'request', event: 'aborted' },
  { on: 'response', event: 'error' },
];

/** Each emitter and event an attempt subscribes to, with the listeners it had before the attempt. */
type AttemptListeners = Array<{ emitter: NodeJS.EventEmitter; event: string; kept: Function[] }>;

function attemptListeners(req: http.IncomingMessage, res: http.ServerResponse): AttemptListeners {
  return ATTEMPT_EVENTS.map(({ on, event }) => {
    const emitter = on === 'request' ? req : res;
    return { emitter, event, kept: emitter.listeners(event) };
  });
}

function forgetAttemptListeners(before: AttemptListeners): void {
  for (const { emitter, event, kept } of before) {
    for (const listener of emitter.listeners(event)) {
      if (!kept.includes(listener)) emitter.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
}
