import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestListener } from 'node:http';
import type { Socket } from 'node:net';
import { answerClientError } from './client-errors';
import type { Logger } from '../logging/logger';
import { carriesDownload } from './downloads';

export interface RunningServer {
  port: number;
  url: string;
  /**
   * Stops accepting, lets in-flight requests finish (up to `timeoutMs`), then drops what is left but the
   * downloads (`markDownload`), which get up to `downloadTimeoutMs` (default: `timeoutMs`).
   */
  close(timeoutMs?: number, downloadTimeoutMs?: number): Promise<void>;
  /** Downloads (`markDownload`) in flight on this server's connections. */
  downloadsInFlight(): number;
}

const IDLE_SWEEP_MS = 50;

export async function listen(handler: RequestListener, port: number, host = '127.0.0.1'): Promise<RunningServer> {
  const server = http.createServer(handler);
  // Longer than the gateway's upstream keep-alive, so the service never closes a socket the gateway is reusing.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.on('clientError', answerClientError);
  const connections = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actualPort = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    port: actualPort,
    url: `http://${host}:${actualPort}`,
    downloadsInFlight: () => [...connections].filter(carriesDownload).length,
    close(timeoutMs = 10_000, downloadTimeoutMs = timeoutMs) {
      closing ??= new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          for (const socket of connections) if (!carriesDownload(socket)) socket.destroy();
        }, timeoutMs);
        force.unref();
        const forceDownloads = setTimeout(() => server.closeAllConnections(), Math.max(timeoutMs, downloadTimeoutMs));
        forceDownloads.unref();
        // A keep-alive connection whose request finishes after close() began would otherwise stay
        // open until keepAliveTimeout; sweeping idle connections ends the drain with the last request.
        const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
        sweep.unref();
        server.close(() => {
          clearTimeout(force);
          clearTimeout(forceDownloads);
          clearInterval(sweep);
          resolve();
        });
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}

/**
 * The graceful drain of a process's HTTP server (a service's, the gateway's): requests in flight get
 * SHUTDOWN_TIMEOUT_MS, downloads (an export, a file: `markDownload`) DOWNLOAD_DRAIN_TIMEOUT_MS, so a rollout does
 * not cut an export mid-way (docs/operations.md §9); the drain ends with the last of them.
 */
export async function drainServer(server: RunningServer, config: { SHUTDOWN_TIMEOUT_MS: number; DOWNLOAD_DRAIN_TIMEOUT_MS: number }, logger: Logger): Promise<void> {
  const downloads = server.downloadsInFlight();
  if (downloads > 0) logger.info({ downloads, upToMs: config.DOWNLOAD_DRAIN_TIMEOUT_MS }, 'draining: letting downloads finish');
  await server.close(config.SHUTDOWN_TIMEOUT_MS, config.DOWNLOAD_DRAIN_TIMEOUT_MS);
}
