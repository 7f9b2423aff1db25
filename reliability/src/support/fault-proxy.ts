import net from 'node:net';

/**
 * A TCP proxy in front of one server (PostgreSQL, RabbitMQ or Redis) that the reliability scripts point
 * the system at, so a server can be taken away from the system under test — every connection cut, new
 * ones refused — without disturbing anything else on the machine that uses the same server.
 */
export interface FaultProxy {
  port: number;
  /** `host:port` of the proxy, to put into a connection URL. */
  address: string;
  /** Cuts every open connection and refuses new ones (the listener closes: ECONNREFUSED). */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  /** Connections cut by `down` so far. */
  cutConnections(): number;
  close(): Promise<void>;
}

export async function startFaultProxy(targetHost: string, targetPort: number): Promise<FaultProxy> {
  const open = new Set<net.Socket>();
  let cut = 0;
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, targetHost);
    open.add(client);
    open.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  let listening = true;

  const down = async () => {
    if (!listening) return;
    listening = false;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    cut += open.size / 2;
    for (const socket of open) socket.destroy();
    open.clear();
    await closed;
  };
  return {
    port,
    address: `127.0.0.1:${port}`,
    down,
    up: async () => {
      if (listening) return;
      // The port was ours a moment ago; another process could take it in between, so retry briefly.
      for (let attempt = 0; ; attempt += 1) {
        try {
          await listen(port);
          listening = true;
          return;
        } catch (error) {
          if (attempt >= 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    },
    cutConnections: () => cut,
    close: down,
  };
}

/** The same URL with its host and port replaced by the proxy's. */
export function throughProxy(url: string, proxy: FaultProxy): string {
  const parsed = new URL(url);
  parsed.hostname = '127.0.0.1';
  parsed.port = String(proxy.port);
  return parsed.toString();
}
