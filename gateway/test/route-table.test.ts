import { scopeOfRoute } from '@crm/platform';
import { SERVICES } from '@crm/system';
import { ROUTE_TABLE, matchRoute } from '../src';
import { methodsOfPath } from '../src/routing/route-matcher';

const route = (method: string, path: string) => {
  const entry = matchRoute(ROUTE_TABLE, method, path);
  return entry && { service: entry.service, scope: entry.scope, bucket: entry.bucket, auth: entry.auth };
};

describe('the public route table', () => {
  it.each([
    ['POST', '/api/auth/register/', { service: 'auth', scope: null, bucket: 'anon', auth: 'anonymous' }],
    ['POST', '/api/auth/login/', { service: 'auth', scope: null, bucket: 'anon', auth: 'anonymous' }],
    ['POST', '/api/auth/refresh-token/', { service: 'auth', scope: null, bucket: 'anon', auth: 'anonymous' }],
    ['GET', '/api/auth/.well-known/jwks.json', { service: 'auth', scope: null, bucket: 'anon', auth: 'anonymous' }],
    ['GET', '/api/auth/me/', { service: 'auth', scope: null, bucket: 'read', auth: 'credential' }],
    ['POST', '/api/auth/users/', { service: 'auth', scope: null, bucket: 'write', auth: 'credential' }],
    ['POST', '/api/auth/api-tokens/', { service: 'auth', scope: null, bucket: 'write', auth: 'credential' }],
    ['DELETE', '/api/auth/api-tokens/abc/', { service: 'auth', scope: null, bucket: 'write', auth: 'credential' }],
    ['GET', '/api/audit-logs/', { service: 'audit', scope: 'audit:read', bucket: 'read', auth: 'credential' }],
    ['GET', '/api/changes/', { service: 'audit', scope: null, bucket: 'read', auth: 'credential' }],
    ['POST', '/api/leads/duplicates/', { service: 'leads', scope: 'leads:read', bucket: 'read', auth: 'credential' }],
    ['POST', '/api/contacts/duplicates/', { service: 'contacts', scope: 'contacts:read', bucket: 'read', auth: 'credential' }],
    ['GET', '/api/leads/1/duplicates/', { service: 'leads', scope: 'leads:read', bucket: 'read', auth: 'credential' }],
    ['POST', '/api/leads/import/preview/', { service: 'import-export', scope: 'leads:write', bucket: 'write', auth: 'credential' }],
    ['POST', '/api/leads/import/commit/', { service: 'import-export', scope: 'leads:write', bucket: 'write', auth: 'credential' }],
    ['POST', '/api/leads/upload/', { service: 'import-export', scope: 'leads:write', bucket: 'write', auth: 'credential' }],
    ['GET', '/api/leads/export/', { service: 'import-export', scope: 'leads:read', bucket: 'read', auth: 'credential' }],
    ['POST', '/api/contacts/import/commit/', { service: 'import-export', scope: 'contacts:write', bucket: 'write', auth: 'credential' }],
    ['GET', '/api/contacts/export/', { service: 'import-export', scope: 'contacts:read', bucket: 'read', auth: 'credential' }],
    ['HEAD', '/api/leads/', { service: 'leads', scope: 'leads:read', bucket: 'read', auth: 'credential' }],
    ['PUT', '/api/leads/1/', { service: 'leads', scope: 'leads:write', bucket: 'write', auth: 'credential' }],
    ['POST', '/api/leads/1/merge/', { service: 'leads', scope: 'leads:write', bucket: 'write', auth: 'credential' }],
    ['POST', '/api/leads/1/attachments/', { service: 'leads', scope: 'leads:write', bucket: 'write', auth: 'credential' }],
    ['DELETE', '/api/contacts/1/', { service: 'contacts', scope: 'contacts:write', bucket: 'write', auth: 'credential' }],
    ['GET', '/api/accounts/', { service: 'accounts-opportunities', scope: 'accounts:read', bucket: 'read', auth: 'credential' }],
    ['PATCH', '/api/opportunities/1/', { service: 'accounts-opportunities', scope: 'opportunities:write', bucket: 'write', auth: 'credential' }],
    ['GET', '/api/tasks/custom-fields/', { service: 'accounts-opportunities', scope: 'tasks:read', bucket: 'read', auth: 'credential' }],
  ])('%s %s', (method, path, expected) => {
    expect(route(method, path)).toEqual(expected);
  });

  it.each([
    ['GET', '/api/'],
    ['GET', '/api/leads'],
    ['POST', '/api/auth/login'],
    ['POST', '/api/auth/LOGIN/'],
    ['GET', '/api/LEADS/'],
    ['GET', '/api/auth/.well-known/jwks.json/'],
    ['GET', '/api/auth/login/'],
    ['POST', '/api/audit-logs/'],
    ['GET', '/api/leads/1/2/'],
    ['GET', '/api/widgets/'],
    ['GET', '/internal/api-tokens/resolve'],
    ['GET', '/api/leads/../audit-logs/'],
    ['GET', '/api/leads/%2E%2E/audit-logs/'],
    ['GET', '/api/leads/a%2fb/'],
    ['GET', '/api/leads/%zz/'],
  ])('%s %s matches no route', (method, path) => {
    expect(matchRoute(ROUTE_TABLE, method, path)).toBeUndefined();
  });

  it('only GET, HEAD and the duplicate checks count as reads', () => {
    for (const entry of ROUTE_TABLE) {
      if (entry.bucket !== 'read') continue;
      const duplicateCheck = entry.methods.includes('POST') && entry.path.endsWith('/duplicates/');
      if (!duplicateCheck) expect(entry.methods).toEqual(['GET', 'HEAD']);
    }
  });

  it('every service checks the scope of each of its routes again, the same (its `scopes`, by scopeOfRoute)', () => {
    const scopesOf = (service: string) => SERVICES.find(({ definition }) => definition.name === service)!.definition.scopes ?? {};
    for (const entry of ROUTE_TABLE) {
      const path = entry.path.replace(/:[A-Za-z]+/g, '3f0c6d1e-8a4b-4c2d-9e7f-0a1b2c3d4e5f');
      for (const method of entry.methods) {
        expect({ method, path: entry.path, scope: scopeOfRoute(method, path, scopesOf(entry.service)) }).toEqual({ method, path: entry.path, scope: entry.scope });
      }
    }
  });

  it.each([
    ['/api/leads/', ['GET', 'HEAD', 'POST']],
    ['/api/leads/1/', ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE']],
    // The route the path names first: the export, not a lead whose id is "export".
    ['/api/leads/export/', ['GET', 'HEAD']],
    ['/api/auth/users/1/', ['PATCH']],
    ['/api/public/web-forms/key/submissions/', ['POST', 'OPTIONS']],
    ['/api/leads', []],
    ['/api/LEADS/', []],
    ['/api/leads/a%2fb/', []],
    ['/api/widgets/', []],
  ])('the methods of %s (Allow, CORS) are %j', (path, methods) => {
    expect(methodsOfPath(ROUTE_TABLE, path)).toEqual(methods);
  });
});
