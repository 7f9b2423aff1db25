import { readFileSync } from 'node:fs';
import { startTestSystem, type TestSystem } from '../../support/system';

const committed = JSON.parse(readFileSync(`${__dirname}/../../../contracts/openapi.json`, 'utf8')) as {
  openapi: string;
  paths: Record<string, Record<string, { summary: string }>>;
};

describe('the API documentation through the gateway', () => {
  let system: TestSystem;
  beforeAll(async () => {
    system = await startTestSystem();
  });
  afterAll(() => system.stop());

  it('serves the OpenAPI document to anyone, as committed', async () => {
    const res = await fetch(`${system.gatewayUrl}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const document = (await res.json()) as typeof committed;
    expect(document).toEqual(committed);
    expect(document.openapi).toBe('3.1.0');
  });

  it('renders every operation on /api/docs, with no script', async () => {
    const res = await fetch(`${system.gatewayUrl}/api/docs`, { headers: { authorization: 'Bearer not-a-token' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const page = await res.text();
    expect(page).not.toContain('<script');
    const operations = Object.entries(committed.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));
    expect(operations.length).toBeGreaterThan(80);
    for (const { path, method, op } of operations) {
      expect(page).toContain(`<span class="method ${method}">${method.toUpperCase()}</span> <code>${path}</code>`);
      expect(page).toContain(op.summary.replace(/'/g, '&#39;'));
    }
  });

  it('still answers 404 for other paths under /api the route table does not know', async () => {
    const res = await fetch(`${system.gatewayUrl}/api/docs/nothing`);
    expect(res.status).toBe(404);
  });
});
