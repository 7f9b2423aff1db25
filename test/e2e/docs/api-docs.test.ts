import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startWithTenant } from '../../support/suite';
import type { TestSystem } from '../../support/system';
import { uniqueEmail, type TenantAdmin } from '../../support/tenants';

/**
 * The API's documentation as a reader gets it from the gateway: the OpenAPI document, and `/api/docs`,
 * where Scalar renders it, opened in Debian's Chromium, headless (as in web-form-example.test.ts): found
 * with its search, and an operation sent with "Test Request". Screenshots go to test/artifacts/.
 */
const committed = JSON.parse(readFileSync(join(__dirname, '../../../contracts/openapi.json'), 'utf8')) as {
  openapi: string;
  tags: Array<{ name: string }>;
};
/** What the gateway serves as the renderer: the browser bundle kept in the repository. */
const RENDERER_BUNDLE = readFileSync(join(__dirname, '../../../gateway/vendor/api-reference/standalone.js'));
const ARTIFACTS = join(__dirname, '../../artifacts');
const CHROMIUM = '/usr/bin/chromium';
// Chromium's own calls home (updates, sync, QUIC probes) are refused on a closed network, and slow it down.
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
/** The policy of /api/docs: scripts from the gateway, inline styles, requests to the gateway, nothing else. */
const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
// Loading a 5 MB script and rendering ~90 operations, on a slow machine.
const BROWSER_TEST_TIMEOUT_MS = 60_000;

let system: TestSystem, admin: TenantAdmin, browser: Browser;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  ({ system, admin } = await startWithTenant());
  // No Chromium is a failure, never a skip: scripts/ensure-servers.sh installs it.
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser?.close();
  await system?.stop();
});

interface Reader {
  context: BrowserContext;
  page: Page;
  /** Every URL the page asked for. */
  urls: string[];
  /** The console's errors (a blocked resource is one) and the page's uncaught errors. */
  errors: string[];
  /** What the page's Content-Security-Policy blocked, as the browser reports it to the page. */
  violations(): Promise<string[]>;
}

/** Someone with no credential opens /api/docs, and waits for the renderer to list the operations. */
async function openDocs(): Promise<Reader> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const urls: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  // Runs before the page's own scripts, whatever the policy allows.
  await page.addInitScript({
    content: `window.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => window.cspViolations.push(event.effectiveDirective + ' ' + event.blockedURI));`,
  });
  const opened = await page.goto(`${system.gatewayUrl}/api/docs`);
  expect(opened?.status()).toBe(200);
  // Every tag of the document is a group of the sidebar, the first one open.
  for (const { name } of committed.tags) await page.getByRole('button', { name: new RegExp(`^(Open|Close) Group - ${name}$`) }).waitFor();
  await page.getByText('List accounts').first().waitFor();
  return { context, page, urls, errors, violations: () => page.evaluate('window.cspViolations') as Promise<string[]> };
}

/** The renderer loaded nothing from elsewhere, and the policy blocked nothing it needed. */
async function expectSelfContained(reader: Reader): Promise<void> {
  expect(reader.urls.length).toBeGreaterThan(0);
  for (const url of reader.urls) expect([url, url.startsWith(`${system.gatewayUrl}/`)]).toEqual([url, true]);
  // The one thing blocked: zod's check whether it may compile its validators (`Function('')`, caught);
  // told no, it validates without.
  expect((await reader.violations()).filter((violation) => violation !== 'script-src eval')).toEqual([]);
  expect(reader.errors).toEqual([]);
}

describe('the API documentation through the gateway', () => {
  it('serves the OpenAPI document to anyone, as committed', async () => {
    const res = await fetch(`${system.gatewayUrl}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const document = (await res.json()) as typeof committed;
    expect(document).toEqual(committed);
    expect(document.openapi).toBe('3.1.0');
  });

  it('serves /api/docs whatever the credential, with a policy that keeps it to the gateway, and its scripts for good', async () => {
    const res = await fetch(`${system.gatewayUrl}/api/docs`, { headers: { authorization: 'Bearer not-a-token' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(DOCS_CSP);
    const page = await res.text();
    expect(page).toContain('<title>CRM platform API ');
    // No inline script: the policy allows the gateway's script files only.
    const scripts = [...page.matchAll(/<script\b([^>]*)>([^<]*)<\/script>/g)].map(([, attributes, body]) => ({ src: /src="([^"]+)"/.exec(attributes!)?.[1], body }));
    expect(scripts.map(({ body }) => body)).toEqual(['', '']);
    const [bundle, start] = await Promise.all(scripts.map(({ src }) => fetch(`${system.gatewayUrl}${src}`)));
    for (const asset of [bundle!, start!]) {
      expect(asset.url).toMatch(/\/api\/docs\/assets\/[a-z-]+\.[0-9a-f]{16}\.js$/);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    expect(Buffer.from(await bundle!.arrayBuffer()).equals(RENDERER_BUNDLE)).toBe(true);
    expect(await start!.text()).toContain('"url":"/api/openapi.json"');
  });

  it(
    'in Chromium, renders every tag, finds "Create a lead" with its search and shows its example request, all from the gateway',
    async () => {
      const reader = await openDocs();
      const { page } = reader;
      try {
        await page.getByRole('button', { name: 'Open Search' }).click();
        await page.getByRole('combobox', { name: 'Enter search query' }).fill('Create a lead');
        await page.getByRole('option', { name: /^Operation: Create a lead , .* Path: \/api\/leads\/$/ }).click();
        await page.waitForURL(/#tag\/leads\/POST\/api\/leads\/$/);
        const operation = page.getByRole('region', { name: 'Create a lead', exact: true });
        await operation.getByRole('heading', { name: 'Create a lead', exact: true }).waitFor();
        // Its example: the request as curl, to this gateway, and a "Test Request" button beside it.
        const example = await operation.getByRole('group', { name: 'Code sample: Shell Curl' }).innerText();
        expect(example.replace(/\s+/g, ' ')).toContain(`curl ${system.gatewayUrl}/api/leads/ \\ --request POST`);
        expect(example).toContain("--header 'Authorization: Bearer YOUR_SECRET_TOKEN'");
        expect(await operation.getByRole('button', { name: 'Test Request (post /api/leads/)' }).isVisible()).toBe(true);
        await page.screenshot({ path: join(ARTIFACTS, 'api-docs-create-a-lead.png') });
        await expectSelfContained(reader);
      } finally {
        await reader.context.close();
      }
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it(
    'in Chromium, "Test Request" sends "List leads" to the gateway with the bearer token typed in, and shows the answer',
    async () => {
      const email = uniqueEmail('docs-reader');
      expect((await system.api.post('/api/leads/', { first_name: 'Ada', email }, { token: admin.access })).status).toBe(201);
      const reader = await openDocs();
      const { page } = reader;
      try {
        await page.goto(`${system.gatewayUrl}/api/docs#tag/leads/GET/api/leads/`);
        await page.getByRole('button', { name: 'Test Request (get /api/leads/)' }).click();
        const client = page.getByRole('dialog', { name: 'API Client' });
        await client.getByLabel('Bearer Token').fill(admin.access);
        const answered = page.waitForResponse((response) => response.url() === `${system.gatewayUrl}/api/leads/` && response.request().method() === 'GET');
        // The address bar has a Send button for narrow windows and one for wide ones, one of them hidden.
        await client.getByRole('button', { name: /^Send get request to / }).first().click();
        const response = await answered;
        expect(await response.request().headerValue('authorization')).toBe(`Bearer ${admin.access}`);
        expect(response.status()).toBe(200);
        await client.getByText('200 OK').waitFor();
        await client.getByText(email).first().waitFor();
        await page.screenshot({ path: join(ARTIFACTS, 'api-docs-test-request.png') });
        await expectSelfContained(reader);
      } finally {
        await reader.context.close();
      }
    },
    BROWSER_TEST_TIMEOUT_MS,
  );

  it('still answers 404 for other paths under /api the route table does not know', async () => {
    for (const path of ['/api/docs/nothing', '/api/docs/assets/nothing.js']) {
      const res = await fetch(`${system.gatewayUrl}${path}`);
      expect([path, res.status]).toEqual([path, 404]);
    }
  });
});
