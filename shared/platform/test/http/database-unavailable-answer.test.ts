import net from 'node:net';
import { Router } from 'express';
import { Pool } from 'pg';
import { InternalTokenSigner, mintInternalToken } from '../../src/auth-context';
import { createServiceApp, listen, type RunningServer } from '../../src/http';
import { createLogger } from '../../src/logging/logger';

/** The gateway's development key, as a service checks it without INTERNAL_TOKEN_PUBLIC_KEYS. */
const DEV_GATEWAY = new InternalTokenSigner('gateway');

/** A request that fails because the database is out of reach answers a clean 503, never a 500 or a hang. */
describe('a service answering while its database is unreachable', () => {
  let server: RunningServer;
  let pool: Pool;

  beforeAll(async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    pool = new Pool({ connectionString: `postgres://postgres@127.0.0.1:${port}/nowhere` });

    const routes = Router();
    routes.get('/query', async (_req, res) => {
      res.json((await pool.query('SELECT 1')).rows);
    });
    routes.get('/terminated', () => {
      throw new Error('Connection terminated unexpectedly');
    });
    routes.get('/shutdown', () => {
      throw Object.assign(new Error('query failed'), { driverError: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }) });
    });
    routes.get('/unique', () => {
      throw Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
    });
    const app = createServiceApp({
      logger: createLogger('test', 'silent'),
      health: { draining: false },
      internalToken: { audience: 'sample' },
      routes,
    });
    server = await listen(app, 0);
  });
  afterAll(async () => {
    await server.close(100);
    await pool.end();
  });

  const call = async (path: string) =>
    fetch(`${server.url}${path}`, { headers: { 'x-crm-internal-token': await mintInternalToken(DEV_GATEWAY, 'sample', null) } });

  it.each(['/query', '/terminated', '/shutdown'])('when %s meets an unreachable database, then 503 {detail} with Retry-After', async (path) => {
    const res = await call(path);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(await res.json()).toEqual({ detail: 'Service unavailable.' });
  });

  it('when the statement itself fails, then it is still a 500', async () => {
    expect((await call('/unique')).status).toBe(500);
  });
});
