import net from 'node:net';
import { freePort } from '@crm/system';

/**
 * A database away, then back, for a test of a start during an outage: `url` points at a port where nothing
 * listens (connections refused); `comeBack()` opens on that very port a TCP proxy to the real server.
 */
export interface DatabaseAway {
  url: string;
  comeBack(): Promise<void>;
  close(): Promise<void>;
}

export async function databaseAway(realUrl: string): Promise<DatabaseAway> {
  const real = new URL(realUrl);
  // Below the ephemeral range: a client retrying a port of that range can be handed it as its own source.
  const port = await freePort();
  const away = new URL(realUrl);
  away.hostname = '127.0.0.1';
  away.port = String(port);
  const sockets = new Set<net.Socket>();
  let proxy: net.Server | undefined;
  return {
    url: away.toString(),
    async comeBack() {
      proxy = net.createServer((client) => {
        const upstream = net.connect(Number(real.port || 5432), real.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', () => undefined).on('close', () => {
            sockets.delete(socket);
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      const server = proxy;
      await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      const server = proxy;
      if (server) await new Promise((resolve) => server.close(resolve));
    },
  };
}
