import { Router, type RequestHandler } from 'express';
import { InternalTokenSigner, mintInternalToken } from '../../src/auth-context';
import { createServiceApp, listen, type RunningServer } from '../../src/http';
import { createLogger } from '../../src/logging/logger';

/** The gateway's development key, as a service checks it without INTERNAL_TOKEN_PUBLIC_KEYS. */
const DEV_GATEWAY = new InternalTokenSigner('gateway');
/** A caller with the scopes of the routes below (each service checks them again). */
const READER = { userId: 'u1', tenantId: 't1', profileId: 'p1', role: 'admin' as const, salesAccess: true, scopes: ['leads:read'], credential: { kind: 'user' as const, id: 'u1' } };

const appWith = (routes: Router) =>
  createServiceApp({
    logger: createLogger('test', 'silent'),
    health: { draining: false },
    internalToken: { audience: 'sample' },
    routes,
  });

describe('paths are canonical in every service (api-contract §2)', () => {
  let server: RunningServer;
  const reached: string[] = [];
  const answer: RequestHandler = (req, res) => {
    reached.push(`${req.method} ${req.path}`);
    res.json({ route: req.route.path, params: req.params });
  };
  beforeAll(async () => {
    // Routers made as the services make theirs: plain `Router()`s, one inside another.
    const routes = Router()
      .use(Router().post('/api/auth/login/', answer).get('/api/auth/.well-known/jwks.json', answer))
      .use(Router().post('/api/leads/duplicates/', answer).get('/api/leads/:id/', answer));
    server = await listen(appWith(routes), 0);
  });
  afterAll(() => server.close(100));
  beforeEach(() => {
    reached.length = 0;
  });

  const call = async (method: string, path: string) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { 'x-crm-internal-token': await mintInternalToken(DEV_GATEWAY, 'sample', READER), 'content-type': 'application/json' },
      body: method === 'POST' ? '{}' : undefined,
    });

  it.each([
    ['POST', '/api/auth/login'],
    ['POST', '/api/auth/LOGIN/'],
    ['GET', '/api/auth/.well-known/jwks.json/'],
    ['GET', '/api/LEADS/1/'],
    ['GET', '/api/leads/1'],
    ['POST', '/api/leads/DUPLICATES/'],
  ])('when %s %s spells a route otherwise, then 404 {detail} and no handler runs', async (method, path) => {
    const res = await call(method, path);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: 'Not found.' });
    expect(reached).toEqual([]);
  });

  it('when a path spells its route, then the route answers, a parameter in any case', async () => {
    expect((await call('POST', '/api/auth/login/')).status).toBe(200);
    expect((await call('GET', '/api/auth/.well-known/jwks.json')).status).toBe(200);
    expect(await (await call('GET', '/api/leads/ABC-1/')).json()).toEqual({ route: '/api/leads/:id/', params: { id: 'ABC-1' } });
    expect(reached).toEqual(['POST /api/auth/login/', 'GET /api/auth/.well-known/jwks.json', 'GET /api/leads/ABC-1/']);
  });

  it('when a router is mounted under a path, then the app is not built (its routes would escape the check)', () => {
    expect(() => appWith(Router().use('/api', Router().get('/things/', answer)))).toThrow('mounted under a path');
  });
});
