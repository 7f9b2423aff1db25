import { readFileSync } from 'node:fs';
import net from 'node:net';
import { freePort, portsBelowEphemeralRange } from '../src/processes';

const firstEphemeral = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);

const listenOn = async (port: number): Promise<net.Server> => {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  return server;
};
const close = (server: net.Server) => new Promise((resolve) => server.close(resolve));

describe('freePort', () => {
  afterEach(() => jest.restoreAllMocks());

  it('when asked, then it answers ports below the kernel ephemeral range that can be listened on', async () => {
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) {
      expect(port).toBeLessThan(firstEphemeral);
      expect(port).toBeGreaterThanOrEqual(1024);
    }
    await close(await listenOn(ports[0]!));
  });

  it('when the port it draws is taken, then it draws again', async () => {
    const port = await freePort();
    const taken = await listenOn(port);
    try {
      const [low, high] = portsBelowEphemeralRange();
      const onTaken = (port - low + 0.5) / (high - low);
      jest.spyOn(Math, 'random').mockReturnValueOnce(onTaken).mockReturnValueOnce(onTaken).mockReturnValue(0.5);
      const answer = await freePort();
      expect(answer).not.toBe(port);
      expect(Math.random).toHaveBeenCalledTimes(3);
    } finally {
      await close(taken);
    }
  });
});
