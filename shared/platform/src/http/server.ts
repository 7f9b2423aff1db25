import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestListener } from 'node:http';
import { answerClientError } from './client-errors';

export interface RunningServer {
  port: number;
  url: string;
  /** Stops accepting, lets in-flight requests finish (up to `timeoutMs`), then drops what is left. */
  close(timeoutMs?: number): Promise<void>;
}

const IDLE_SWEEP_MS = 50;

export async function listen(handler: RequestListener, port: number, host = '127.0.0.1'): Promise<RunningServer> {
  const server = http.createServer(handler);
  // Longer than the gateway's upstream keep-alive, so the service never closes a socket the gateway is reusing.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.on('clientError', answerClientError);
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
    close(timeoutMs = 10_000) {
      closing ??= new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), timeoutMs);
        force.unref();
        // A keep-alive connection whose request finishes after close() began would otherwise stay
        // open until keepAliveTimeout; sweeping idle connections ends the drain with the last request.
        const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
        sweep.unref();
        server.close(() => {
          clearTimeout(force);
          clearInterval(sweep);
          resolve();
        });
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}
