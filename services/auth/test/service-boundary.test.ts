import { INTERNAL_TOKEN_HEADER, InternalTokenSigner, mintInternalToken, newSigningKey } from '@crm/platform';
import { AuthTestService } from './support/auth-service';

/** The gateway's development key, as a service checks it without INTERNAL_TOKEN_PUBLIC_KEYS. */
const DEV_GATEWAY = new InternalTokenSigner('gateway');

let auth: AuthTestService;
beforeAll(async () => (auth = await AuthTestService.start()));
afterAll(() => auth.stop());

describe('the service boundary', () => {
  it('when a request has no internal token, then 401 even on the anonymous endpoints', async () => {
    for (const [method, path] of [
      ['POST', '/api/auth/login/'],
      ['GET', '/api/auth/.well-known/jwks.json'],
      ['GET', '/api/auth/me/'],
      ['POST', '/internal/api-tokens/resolve'],
    ]) {
      const res = await auth.call(method!, path!, { body: method === 'POST' ? {} : undefined });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: expect.any(String) });
    }
  });

  it('when the internal token is forged or addressed to another service, then 401', async () => {
    const forged = await mintInternalToken(new InternalTokenSigner('gateway', newSigningKey('rogue').signingKey), 'auth', null);
    const elsewhere = await mintInternalToken(DEV_GATEWAY, 'leads', null);
    for (const token of [forged, elsewhere, 'garbage']) {
      const res = await auth.call('GET', '/api/auth/.well-known/jwks.json', { headers: { [INTERNAL_TOKEN_HEADER]: token } });
      expect(res.status).toBe(401);
    }
  });

  it('when an anonymous request reaches an endpoint that needs a caller, then 401 with a detail', async () => {
    for (const [method, path] of [
      ['GET', '/api/auth/me/'],
      ['GET', '/api/auth/users/'],
      ['POST', '/api/auth/users/'],
      ['PATCH', `/api/auth/users/${crypto.randomUUID()}/`],
      ['GET', '/api/auth/api-tokens/'],
      ['POST', '/api/auth/api-tokens/'],
      ['DELETE', `/api/auth/api-tokens/${crypto.randomUUID()}/`],
    ]) {
      const res = await auth.call(method!, path!, { as: null, body: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect({ method, path, status: res.status, body: res.body }).toEqual({
        method,
        path,
        status: 401,
        body: { detail: 'Authentication credentials were not provided.' },
      });
    }
  });

  it('when a path does not exist, then 404 with a detail', async () => {
    const res = await auth.call('GET', '/api/auth/nothing-here/', { as: null });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Not found.' });
  });
});
