import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { matchRoute, ROUTE_TABLE } from '@crm/gateway';
import type { ApiOperation } from '@crm/platform';
import { Router } from 'express';
import { z } from 'zod';
import { CONTRACT_FILES, formatDocument } from '../src/contract-files';
import { buildOpenApiDocument } from '../src/openapi/openapi-document';
import { publicApiDocument } from '../src/openapi/public-api';
import { documentationGaps } from '../src/openapi/route-coverage';
import { SERVICE_DEFINITIONS } from '../src/services';
import { routerOf } from './support/service-deps';

describe('the OpenAPI document of the public API', () => {
  it.each(SERVICE_DEFINITIONS.map((definition) => [definition.name, definition] as const))(
    'documents every public route %s registers, and nothing else',
    async (_name, definition) => {
      const gaps = documentationGaps(await routerOf(definition), definition.api);
      expect(gaps).toEqual({ undocumented: [], unrouted: [] });
      expect(definition.api.length).toBeGreaterThan(0);
    },
  );

  it('reports a route registered without documentation, and documentation of a route that does not exist', () => {
    const router = Router();
    router.get('/api/things/', () => undefined);
    router.use(Router().post('/api/things/:id/archive/', () => undefined));
    router.post('/internal/things/', () => undefined); // not public: never documented
    const api: ApiOperation[] = [
      { method: 'get', path: '/api/things/', tag: 'Things', summary: 'List', responses: { 200: 'A page.' } },
      { method: 'delete', path: '/api/things/:id/', tag: 'Things', summary: 'Delete', responses: { 204: 'Deleted.' } },
    ];
    expect(documentationGaps(router, api)).toEqual({ undocumented: ['POST /api/things/:id/archive/'], unrouted: ['DELETE /api/things/:id/'] });
  });

  it('is committed as generated (run `npm run contracts` after changing a route or schema)', () => {
    expect(readFileSync(CONTRACT_FILES.openapi, 'utf8')).toBe(formatDocument(publicApiDocument()));
  });

  it('is a valid OpenAPI 3.1 document', () => {
    // The validator is ESM-only: run it in a child process rather than through jest's CommonJS transform.
    const script = `
      import { Validator } from '@seriousme/openapi-schema-validator';
      const validator = new Validator();
      const result = await validator.validate(${JSON.stringify(CONTRACT_FILES.openapi)});
      console.log(JSON.stringify({ version: validator.version, valid: result.valid, errors: result.errors ?? null }));`;
    const result = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as Record<string, unknown>;
    expect(result).toEqual({ version: '3.1', valid: true, errors: null });
  });

  it('leaves no entry of the route table without a documented operation', () => {
    const document = publicApiDocument();
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => ({ method, path: path.replace(/\{[A-Za-z]+\}/g, '00000000-0000-4000-8000-000000000000') })),
    );
    const unused = ROUTE_TABLE.filter((entry) => !documented.some(({ method, path }) => matchRoute(ROUTE_TABLE, method, path) === entry));
    expect(unused.map((entry) => `${entry.methods} ${entry.path}`)).toEqual([]);
  });

  it('gives every operation the scope and access the gateway enforces', () => {
    const operation = (path: string, method: string) => publicApiDocument().paths[path]![method] as Record<string, unknown>;
    expect(operation('/api/leads/duplicates/', 'post')).toMatchObject({ 'x-scope': 'leads:read', 'x-rate-limit-bucket': 'read', security: [{ bearer: [] }] });
    expect(operation('/api/leads/{id}/', 'put')).toMatchObject({ 'x-scope': 'leads:write', 'x-rate-limit-bucket': 'write' });
    expect(operation('/api/auth/login/', 'post')).toMatchObject({ security: [], 'x-rate-limit-bucket': 'anon' });
    expect(operation('/api/leads/upload/', 'post')).toMatchObject({ deprecated: true });
    expect(Object.keys(operation('/api/leads/{id}/', 'get').responses as object)).toEqual(['200', '304', '401', '403', '404', '429', '503', '504']);
  });

  it('documents the safe-write headers and answers of api-contract §6 on every write and record route', () => {
    const paths = publicApiDocument().paths;
    const operation = (path: string, method: string) => paths[path]![method] as { parameters: Array<{ name: string }>; responses: Record<string, { headers?: object }> };
    const headerNames = (path: string, method: string) => operation(path, method).parameters.map((parameter) => parameter.name).filter((name) => /^[A-Z]/.test(name));
    for (const [path, item] of Object.entries(paths)) {
      for (const method of Object.keys(item).filter((method) => method !== 'get' && method !== 'options')) {
        expect({ path, method, headers: headerNames(path, method) }).toEqual({ path, method, headers: expect.arrayContaining(['Idempotency-Key']) });
        expect(Object.keys(operation(path, method).responses)).toEqual(expect.arrayContaining(['409', '422', '504']));
      }
    }
    for (const entity of ['leads', 'contacts', 'accounts', 'opportunities', 'tasks']) {
      expect(headerNames(`/api/${entity}/{id}/`, 'get')).toEqual(['If-None-Match']);
      expect(operation(`/api/${entity}/{id}/`, 'get').responses['200']!.headers).toHaveProperty('ETag');
      expect(Object.keys(operation(`/api/${entity}/{id}/`, 'get').responses)).toContain('304');
      for (const method of ['put', 'patch', 'delete']) {
        expect(headerNames(`/api/${entity}/{id}/`, method)).toEqual(['Idempotency-Key', 'If-Match']);
        expect(Object.keys(operation(`/api/${entity}/{id}/`, method).responses)).toContain('412');
      }
    }
    expect(headerNames('/api/leads/{id}/merge/', 'post')).toEqual(['Idempotency-Key', 'If-Match']);
    expect(operation('/api/leads/', 'post').responses['201']!.headers).toHaveProperty('Idempotent-Replayed');
  });

  it('carries the request schemas the handlers parse with', () => {
    const create = publicApiDocument().paths['/api/leads/']!.post as { requestBody: { content: Record<string, { schema: Record<string, unknown> }> } };
    const schema = create.requestBody.content['application/json']!.schema as { properties: Record<string, unknown>; additionalProperties: boolean };
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.status).toEqual({ type: 'string', enum: ['new', 'contacted', 'qualified', 'unqualified', 'converted'] });
    const upload = publicApiDocument().paths['/api/leads/upload/']!.post as { requestBody: { content: Record<string, unknown> } };
    expect(Object.keys(upload.requestBody.content)).toEqual(['multipart/form-data']);
  });

  it('refuses to document an operation the gateway routes elsewhere, or nowhere', () => {
    const operation: ApiOperation = { method: 'get', path: '/api/leads/:id/', tag: 'Leads', summary: 'Read', query: z.strictObject({}), responses: { 200: 'A lead.' } };
    const lookup = (method: string, path: string) => matchRoute(ROUTE_TABLE, method, path);
    expect(() => buildOpenApiDocument([{ name: 'contacts', api: [operation] }], lookup, '1')).toThrow('routed to leads');
    expect(() => buildOpenApiDocument([{ name: 'leads', api: [{ ...operation, path: '/api/nothing/' }] }], lookup, '1')).toThrow('routed to nothing');
  });
});
