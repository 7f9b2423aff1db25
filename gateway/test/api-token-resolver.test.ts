import net from 'node:net';
import { createLogger, GATEWAY_ISSUER, InternalTokenSigner } from '@crm/platform';
import { ApiTokenCache } from '../src/credentials/api-token-cache';
import { createApiTokenResolver } from '../src/credentials/api-token-resolver';
import { UnknownApiTokens } from '../src/credentials/unknown-api-tokens';

/**
 * A stand-in for auth at the TCP level: each new connection is either dropped as soon as the request
 * arrives (as a kept-alive socket auth had closed, or auth restarting, would be) or answered 401.
 */
async function authThatDrops(dropFirst: number): Promise<{ url: string; connections: () => number; close: () => Promise<void> }> {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    const drop = connections <= dropFirst;
    socket.once('data', () => {
      if (drop) socket.destroy();
      else socket.end('HTTP/1.1 401 Unauthorized\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    connections: () => connections,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const resolverFor = (url: string) =>
  createApiTokenResolver({
    resolveUrl: `${url}/internal/api-tokens/resolve`,
    signer: new InternalTokenSigner(GATEWAY_ISSUER),
    fetch,
    cache: new ApiTokenCache(undefined, 0, createLogger('gateway', 'silent'), ['a-test-secret-of-the-api-token-cache']),
    unknownTokens: new UnknownApiTokens(undefined, createLogger('gateway', 'silent')),
    logger: createLogger('gateway', 'silent'),
  });

const TOKEN = 'crm_pat_unknown0000000000000000000000000000000';

describe('the API-token lookup in auth', () => {
  it('when the connection fails once, then the lookup is sent again and auth’s answer counts (401, not 503)', async () => {
    const auth = await authThatDrops(1);
    try {
      await expect(resolverFor(auth.url)(TOKEN)).rejects.toMatchObject({ status: 401 });
      expect(auth.connections()).toBe(2);
    } finally {
      await auth.close();
    }
  });

  it('when the connection fails again, then 503 after two attempts', async () => {
    const auth = await authThatDrops(Infinity);
    try {
      await expect(resolverFor(auth.url)(TOKEN)).rejects.toMatchObject({ status: 503, headers: { 'Retry-After': '1' } });
      expect(auth.connections()).toBe(2);
    } finally {
      await auth.close();
    }
  });
});
