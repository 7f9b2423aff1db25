import http from 'node:http';
import { type Caller } from '@crm/platform';
import { freePort } from '@crm/system';
import type { ImportExportConfig } from '../src/config';
import { OwningServices } from '../src/owning/owning-services';

/**
 * import-export's calls to leads and contacts while the owner restarts: a call it cannot have seen
 * (connection refused) waits for it; a reset after the owner may have read the call is only repeated
 * for a GET, which changes nothing.
 */
const caller = { userId: 'u', tenantId: 't', profileId: 'p', role: 'admin', salesAccess: true, scopes: [], credential: { kind: 'user', id: 'u' } } as Caller;

async function owner(port: number, handler: http.RequestListener): Promise<http.Server> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

const close = (server: http.Server) => {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(resolve));
};

describe('OwningServices.request while the owner restarts', () => {
  let port: number;
  let owning: OwningServices;
  beforeEach(async () => {
    port = await freePort();
    owning = new OwningServices({ CONTACTS_SERVICE_URL: `http://127.0.0.1:${port}` } as ImportExportConfig);
  });

  it('when the owner is not listening yet, then a POST waits for it and reaches it once', async () => {
    const calls: string[] = [];
    const answer = owning.request('contacts', caller, '/internal/import/commit', { method: 'POST', body: { rows: 1 } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const server = await owner(port, (req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk)).on('end', () => {
        calls.push(body);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    try {
      expect((await answer).status).toBe(200);
      expect(calls).toEqual(['{"rows":1}']);
    } finally {
      await close(server);
    }
  });

  it('when the owner drops the connection of a GET before answering, then the GET goes again', async () => {
    let calls = 0;
    const server = await owner(port, (req, res) => {
      calls += 1;
      if (calls === 1) req.socket.destroy();
      else res.writeHead(200).end('ok');
    });
    try {
      expect((await owning.request('contacts', caller, '/internal/export', { method: 'GET' })).status).toBe(200);
      expect(calls).toBe(2);
    } finally {
      await close(server);
    }
  });

  it('when the owner drops the connection of a POST before answering, then 503 and it is not sent again', async () => {
    let calls = 0;
    const server = await owner(port, (req) => {
      calls += 1;
      req.socket.destroy();
    });
    try {
      await expect(owning.request('contacts', caller, '/internal/import/commit', { method: 'POST', body: {} })).rejects.toMatchObject({
        status: 503,
        headers: { 'Retry-After': '1' },
      });
      expect(calls).toBe(1);
    } finally {
      await close(server);
    }
  });
});
