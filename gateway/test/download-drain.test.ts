import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signAccessToken } from './support/fake-upstreams';
import { ALL_SCOPES, bearer, startTestGateway, startUpstreams, type Upstreams } from './support/gateway-harness';

/**
 * A gateway stopping during a rollout lets the downloads it relays finish (an export: `Content-Disposition:
 * attachment`), up to DOWNLOAD_DRAIN_TIMEOUT_MS, where any other request is cut after SHUTDOWN_TIMEOUT_MS
 * (docs/operations.md §9). Before, a stop cut an export after the ordinary drain, mid-way.
 */
const SHUTDOWN_TIMEOUT_MS = 200;
/** How long each answer of the slow upstream takes: well past the ordinary drain. */
const ANSWER_MS = 1_500;

let upstreams: Upstreams;
let slow: http.Server;
let token: string;

/** import-export and leads as one slow upstream: an export sent in pieces over ANSWER_MS, and a list (not a download) as slow. */
async function startSlowImportExport(): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer((req, res) => {
    const download = req.url!.includes('/export/');
    res.writeHead(200, download ? { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="leads.csv"' } : { 'content-type': 'application/json' });
    let piece = 0;
    const timer = setInterval(() => {
      piece += 1;
      if (piece < 10) res.write(download ? `line ${piece}\r\n` : ' ');
      else {
        clearInterval(timer);
        res.end(download ? 'last\r\n' : '{}');
      }
    }, ANSWER_MS / 10);
    res.on('close', () => clearInterval(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

beforeAll(async () => {
  upstreams = await startUpstreams();
  const started = await startSlowImportExport();
  slow = started.server;
  upstreams.env.IMPORT_EXPORT_SERVICE_URL = started.url;
  upstreams.env.LEADS_SERVICE_URL = started.url;
  token = await signAccessToken(upstreams.auth.key, { userId: randomUUID(), scopes: ALL_SCOPES });
});
afterAll(async () => {
  slow.closeAllConnections();
  await new Promise((resolve) => slow.close(resolve));
  await upstreams.close();
});

/** The whole answer as read, or what cut it. */
async function read(url: string): Promise<{ status: number; body: string }> {
  let status = 0;
  try {
    const response = await fetch(url, { headers: bearer(token) });
    status = response.status;
    return { status, body: await response.text() };
  } catch (error) {
    return { status, body: `failed: ${(error as Error).message}` };
  }
}

it('when the gateway stops during an export and a slow request, then the export is relayed whole and the other is cut after SHUTDOWN_TIMEOUT_MS', async () => {
  const gateway = await startTestGateway({ ...upstreams.env, SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) });
  const exported = read(`${gateway.url}/api/leads/export/`);
  const listed = read(`${gateway.url}/api/leads/`);
  // Both under way (their headers relayed), then the stop.
  await new Promise((resolve) => setTimeout(resolve, ANSWER_MS / 3));
  const stopping = Date.now();
  await gateway.stop();

  expect(Date.now() - stopping).toBeGreaterThan(ANSWER_MS / 2);
  expect(await exported).toEqual({ status: 200, body: `${Array.from({ length: 9 }, (_, i) => `line ${i + 1}\r\n`).join('')}last\r\n` });
  expect((await listed).body).toMatch(/^failed/);
}, 30_000);
