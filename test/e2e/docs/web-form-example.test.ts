import { mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { TestSystem } from '../../support/system';
import { uniqueEmail, type TenantAdmin } from '../../support/tenants';
import { startWithTenant } from '../../support/suite';

/**
 * docs/web-form-example.html, the page a tenant copies onto their site (api-contract §8), as a visitor
 * uses it: served from a site of its own (its own origin, listed in the form's allowed_origins), opened in
 * Debian's Chromium, headless (scripts/ensure-servers.sh installs it; no browser is downloaded), filled in
 * and sent — with JavaScript (fetch, JSON, the answer on the page) and without (the browser's own form
 * post, followed to the form's redirect_url) — and the lead then read as an API client reads it.
 * Screenshots of the page go to test/artifacts/.
 */
const EXAMPLE = readFileSync(join(__dirname, '../../../docs/web-form-example.html'), 'utf8');
/** The page's one place to configure: its form's action, with the CRM's address and the form's key to replace. */
const EXAMPLE_ACTION = 'action="https://crm.example.com/api/public/web-forms/YOUR_PUBLIC_KEY/submissions/"';
const ARTIFACTS = join(__dirname, '../../artifacts');
const CHROMIUM = '/usr/bin/chromium';
// Chromium's own calls home (updates, sync, QUIC probes) are refused on a closed network, and slow it down.
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

let system: TestSystem, admin: TenantAdmin, browser: Browser, site: Site;

/** A tenant's website on a port of its own: the example page for a form's key, and a thank-you page. */
interface Site {
  origin: string;
  /** What the browser asked the site for, `METHOD /path`. */
  requests: string[];
  server: Server;
}

const submissionsUrl = (publicKey: string) => `${system.gatewayUrl}/api/public/web-forms/${publicKey}/submissions/`;

async function startSite(): Promise<Site> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const form = /^\/forms\/([A-Za-z0-9_-]+)\/$/.exec(req.url ?? '');
    if (req.method === 'GET' && form) {
      // The tenant's copy: the example with its form's action pointing at this CRM and this form.
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(EXAMPLE.replace(EXAMPLE_ACTION, `action="${submissionsUrl(form[1]!)}"`));
    } else if (req.method === 'GET' && req.url === '/thanks.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><html lang="en"><title>Thanks</title><h1>Thanks for getting in touch</h1></html>');
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, server };
}

beforeAll(async () => {
  // The page must keep its one configuration spot, or this suite would post somewhere else.
  expect(EXAMPLE.split(EXAMPLE_ACTION).length).toBe(2);
  mkdirSync(ARTIFACTS, { recursive: true });
  ({ system, admin } = await startWithTenant());
  site = await startSite();
  // No Chromium is a failure, never a skip: scripts/ensure-servers.sh installs it.
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const field = await system.api.post('/api/leads/custom-fields/', { key: 'heard_about', label: 'Heard about us', field_type: 'text' }, { token: admin.access });
  expect(field.status).toBe(201);
});
afterAll(async () => {
  await browser?.close();
  if (site) await new Promise((resolve) => site.server.close(resolve));
  await system?.stop();
});

async function newForm(body: Record<string, unknown> = {}): Promise<any> {
  const res = await system.api.post('/api/web-forms/', { name: 'Contact us page', allowed_origins: [site.origin], ...body }, { token: admin.access });
  expect(res.status).toBe(201);
  return res.body;
}

async function leadsWithEmail(email: string): Promise<any[]> {
  const res = await system.api.get(`/api/leads/?search=${encodeURIComponent(email)}`, { token: admin.access });
  expect(res.status).toBe(200);
  return res.body.results.filter((lead: any) => lead.email === email);
}

interface Visit {
  context: BrowserContext;
  page: Page;
  /** Every URL the page loaded or posted to. */
  urls: string[];
  /** Uncaught errors of the page's script. */
  pageErrors: string[];
}

/** A visitor opens the form's page (with JavaScript unless told otherwise). */
async function visit(publicKey: string, javaScriptEnabled = true): Promise<Visit> {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 800, height: 900 } });
  const page = await context.newPage();
  const urls: string[] = [];
  const pageErrors: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const opened = await page.goto(`${site.origin}/forms/${publicKey}/`);
  expect(opened?.status()).toBe(200);
  return { context, page, urls, pageErrors };
}

/** What a visitor types, by the fields' visible labels. */
async function fillIn(page: Page, values: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label).fill(value);
}

/** The page's answer in its live region, once it says `text`. */
async function answerSaying(page: Page, text: string): Promise<string> {
  const status = page.locator('[role="status"][aria-live="polite"]', { hasText: text });
  await status.waitFor({ timeout: 10_000 });
  return (await status.innerText()).trim();
}

/** Only the site and the CRM were asked for anything: the page loads nothing from elsewhere. */
function expectOnlyLocalRequests(urls: string[]): void {
  expect(urls.length).toBeGreaterThan(0);
  for (const url of urls) expect([url, url.startsWith(`${site.origin}/`) || url.startsWith(`${system.gatewayUrl}/`)]).toEqual([url, true]);
}

const sendButton = (page: Page) => page.getByRole('button', { name: 'Send' });
const isSubmission = (publicKey: string) => (request: { method(): string; url(): string }) => request.method() === 'POST' && request.url() === submissionsUrl(publicKey);

describe('the web form example page in Chromium', () => {
  it('when a visitor fills the page in and sends it, then it thanks them, and the lead and its submission hold what they typed', async () => {
    const form = await newForm({ tags: ['website'] });
    const email = uniqueEmail('visitor');
    const { context, page, urls, pageErrors } = await visit(form.public_key);
    try {
      await fillIn(page, {
        'First name': 'Grace',
        'Last name': 'Hopper',
        Email: email,
        Phone: '+1 555 0100',
        Company: 'Navy',
        'Job title': 'Rear Admiral',
        'How did you hear about us?': 'A conference',
        Message: 'Please call me about COBOL training.',
      });
      await page.screenshot({ path: join(ARTIFACTS, 'web-form-example-filled.png'), fullPage: true });

      const answered = page.waitForResponse((response) => isSubmission(form.public_key)(response.request()));
      await sendButton(page).click();
      const response = await answered;
      expect(await answerSaying(page, 'Thank you')).toBe('Thank you! Your message has been sent, and we will be in touch soon.');
      await page.screenshot({ path: join(ARTIFACTS, 'web-form-example-answered.png'), fullPage: true });

      // Sent by the script as JSON, from the page's origin, which the CRM allowed to read the answer.
      expect(response.status()).toBe(201);
      expect(await response.request().headerValue('content-type')).toBe('application/json');
      expect(await response.request().headerValue('origin')).toBe(site.origin);
      expect(await response.request().headerValue('idempotency-key')).toEqual(expect.any(String));
      expect(await response.headerValue('access-control-allow-origin')).toBe(site.origin);
      const receipt = await response.json();
      expect(receipt).toEqual({ id: expect.any(String), received_at: expect.any(String) });
      // The page is ready for the next visitor: emptied, and the button back.
      expect(await page.getByLabel('Email').inputValue()).toBe('');
      expect(await sendButton(page).isEnabled()).toBe(true);
      expect(pageErrors).toEqual([]);
      expectOnlyLocalRequests(urls);

      // The lead exists once the submission is answered: read it as an API client would.
      const leads = await leadsWithEmail(email);
      expect(leads).toHaveLength(1);
      expect(leads[0]).toMatchObject({
        first_name: 'Grace',
        last_name: 'Hopper',
        email,
        phone: '+1 555 0100',
        company_name: 'Navy',
        title: 'Rear Admiral',
        source: 'website_form',
        status: 'new',
        tags: ['website'],
        assigned_to: { id: admin.profileId },
        custom_fields: { heard_about: 'A conference' },
      });
      const submissions = await system.api.get(`/api/leads/${leads[0].id}/submissions/`, { token: admin.access });
      expect(submissions.status).toBe(200);
      expect(submissions.body).toMatchObject({ count: 1, results: [{ id: receipt.id, form: { id: form.id, name: form.name }, received_at: receipt.received_at }] });
      // The script sends what was filled in, nothing empty, and never the honeypot.
      expect(submissions.body.results[0].data).toEqual({
        first_name: 'Grace',
        last_name: 'Hopper',
        email,
        phone: '+1 555 0100',
        company_name: 'Navy',
        title: 'Rear Admiral',
        cf_heard_about: 'A conference',
        message: 'Please call me about COBOL training.',
      });
    } finally {
      await context.close();
    }
  });

  it('when a bot fills the honeypot in too, then the page thanks it the same and no lead is stored', async () => {
    const form = await newForm();
    const email = uniqueEmail('bot');
    const { context, page, pageErrors } = await visit(form.public_key);
    try {
      // People cannot see or reach the field (off screen, out of the tab order, hidden from screen readers).
      const honeypot = page.locator('input[name="website"]');
      expect(await honeypot.getAttribute('tabindex')).toBe('-1');
      expect(await honeypot.getAttribute('autocomplete')).toBe('off');
      expect(await page.locator('[aria-hidden="true"]:has(input[name="website"])').count()).toBe(1);
      // Not in the accessibility tree (getByRole leaves aria-hidden elements out), with the 8 fields people fill in.
      expect(await page.getByRole('textbox', { name: 'Leave this field empty' }).count()).toBe(0);
      expect(await page.getByRole('textbox').count()).toBe(8);
      const box = await honeypot.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(0);

      await fillIn(page, { 'First name': 'Bot', Email: email, Message: 'Cheap watches' });
      // A bot fills every input it finds, whatever is shown.
      await honeypot.fill('http://spam.test', { force: true });
      const answered = page.waitForResponse((response) => isSubmission(form.public_key)(response.request()));
      await sendButton(page).click();
      expect((await answered).status()).toBe(201);
      expect(await answerSaying(page, 'Thank you')).toContain('Thank you!');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
    expect(await leadsWithEmail(email)).toEqual([]);
    expect((await system.api.get(`/api/web-forms/${form.id}/`, { token: admin.access })).body.submission_count).toBe(0);
  });

  it('when JavaScript is off, then the browser posts the form itself, lands on the redirect_url, and the lead is stored (UTF-8 intact)', async () => {
    const form = await newForm({ redirect_url: `${site.origin}/thanks.html` });
    const email = uniqueEmail('no-script');
    const { context, page, urls } = await visit(form.public_key, false);
    try {
      await fillIn(page, { 'First name': 'Zoë', 'Last name': 'Müller', Email: email, Company: 'Café Ünïcode', Message: 'Grüße — 你好' });
      const posted = page.waitForRequest(isSubmission(form.public_key));
      await sendButton(page).click();
      const request = await posted;
      await page.waitForURL(`${site.origin}/thanks.html`);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Thanks for getting in touch');
      await page.screenshot({ path: join(ARTIFACTS, 'web-form-example-no-script-landed.png') });

      expect(await request.headerValue('content-type')).toBe('application/x-www-form-urlencoded');
      expect((await request.response())!.status()).toBe(303);
      expect(site.requests).toContain('GET /thanks.html');
      expectOnlyLocalRequests(urls);
    } finally {
      await context.close();
    }
    const leads = await leadsWithEmail(email);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ first_name: 'Zoë', last_name: 'Müller', company_name: 'Café Ünïcode', source: 'website_form' });
    const submissions = await system.api.get(`/api/leads/${leads[0].id}/submissions/`, { token: admin.access });
    expect(submissions.body.count).toBe(1);
    // A browser posts every field, the empty ones too; the honeypot is never kept.
    expect(submissions.body.results[0].data).toMatchObject({ first_name: 'Zoë', last_name: 'Müller', email, company_name: 'Café Ünïcode', message: 'Grüße — 你好', phone: '' });
    expect(submissions.body.results[0].data).not.toHaveProperty('website');
  });

  it('when the CRM refuses a field the browser let through, then the page lists it by its label and marks it invalid', async () => {
    const form = await newForm();
    const { context, page, pageErrors } = await visit(form.public_key);
    try {
      // The browser takes "user@localhost" for an e-mail address; the CRM wants a domain with a dot.
      await fillIn(page, { 'First name': 'Ada', Email: 'ada@localhost' });
      await sendButton(page).click();
      const answer = await answerSaying(page, 'Please check');
      expect(answer).toMatch(/^Please check these fields:\s+Email: Enter a valid e-mail address\.$/);
      expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
      // What the visitor typed is kept, to correct it.
      expect(await page.getByLabel('First name').inputValue()).toBe('Ada');
      await page.screenshot({ path: join(ARTIFACTS, 'web-form-example-field-error.png'), fullPage: true });
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
    expect((await system.api.get(`/api/web-forms/${form.id}/`, { token: admin.access })).body.submission_count).toBe(0);
  });
});
