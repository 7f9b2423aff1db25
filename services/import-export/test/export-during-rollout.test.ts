import http from 'node:http';
import { waitForLine, type ServiceProcess } from '@crm/system';
import { startProcessSystemWithTenant, type ProcessSystem } from '../../../test/support/process-system';
import type { TenantAdmin } from '../../../test/support/tenants';

/**
 * A rollout replaces the process serving an export while its client is still reading it (docs/operations.md §9,
 * "Exports during a rollout"): the stopping process takes no new request, lets the download finish (up to
 * DOWNLOAD_DRAIN_TIMEOUT_MS, well past the ordinary drain) and exits 0; the process that replaces it serves
 * the next ones; the client gets the whole file. Every service in its own process, as in production; the
 * ordinary drain (SHUTDOWN_TIMEOUT_MS) cut to 1 s here, so that an export outlasting it is plain.
 */
const SHUTDOWN_TIMEOUT_MS = 1_000;
/**
 * Seeded with SQL (the API would take minutes): about 800 bytes of CSV a lead, so a download that is not read
 * leaves most of its 40 MB unsent, whatever the buffers of the hops between hold (as slow-exports.test.ts).
 */
const LEADS = 50_000;

let system: ProcessSystem, admin: TenantAdmin;

beforeAll(async () => {
  ({ system, admin } = await startProcessSystemWithTenant({ SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) }));
  await system.db.query(
    `INSERT INTO leads.leads (id, tenant_id, first_name, last_name, company_name, title, status, source, tags, board_position, assigned_to, created_by, custom_fields, version, created_at, updated_at)
     SELECT gen_random_uuid(), $1, repeat('f', 200), repeat('l', 200), repeat('c', 200), repeat('t', 200), 'new', 'other', '{}', n, $2, $2, '{}', 1,
            now() - make_interval(secs => n), now() - make_interval(secs => n)
     FROM generate_series(1, $3::int) n`,
    [admin.orgId, admin.profileId, LEADS],
  );
}, 180_000);
afterAll(() => system?.close(), 60_000);

interface File {
  complete: boolean;
  lines: number;
  endsWithCrLf: boolean;
}

/** A download of the tenant's leads through the gateway that reads its first bytes, then nothing until `readRest`. */
function pausedDownload(token: string): Promise<{ status: number; readRest: () => Promise<File> }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${system.gatewayUrl}/api/leads/export/`, { headers: { authorization: `Bearer ${token}` } }, (response) => {
      let lines = 0;
      let last = '';
      const count = (chunk: Buffer) => {
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
        last = (last + chunk.subarray(-2).toString('latin1')).slice(-2);
      };
      response.once('data', (chunk: Buffer) => {
        response.pause();
        count(chunk);
        const readRest = () =>
          new Promise<File>((done) => {
            const settle = () => done({ complete: response.complete, lines, endsWithCrLf: last === '\r\n' });
            response.on('data', count);
            response.once('end', settle);
            // A cut answer ends with an error or a close without its last chunk.
            response.once('error', settle);
            response.once('close', settle);
            response.resume();
          });
        resolve({ status: response.statusCode!, readRest });
      });
    });
    request.on('error', reject);
  });
}

/** SIGTERM, then the process that replaces it on the same port (as a rollout's new pod behind the Service). */
async function replace(name: 'import-export' | 'leads'): Promise<ServiceProcess> {
  const stopping = system.running[name]!;
  stopping.child.kill('SIGTERM');
  await waitForLine(stopping, 'shutting down');
  await system.start(name);
  return stopping;
}

describe.each(['import-export', 'leads'] as const)('an export while %s is replaced', (name) => {
  it('when the process serving it gets SIGTERM and another starts, then the client gets the whole file and the stopping process exits 0 once it is sent', async () => {
    const download = await pausedDownload(admin.access);
    expect(download.status).toBe(200);

    const stopping = await replace(name);
    // The new process serves the next export while the old one drains.
    const next = await system.api.get('/api/leads/export/?search=no-lead-has-this', { token: admin.access });
    expect(next.status).toBe(200);
    expect(next.text.trim().split('\r\n')).toHaveLength(1);
    // Well past the ordinary drain: the download is still held open for its client.
    await new Promise((resolve) => setTimeout(resolve, 3 * SHUTDOWN_TIMEOUT_MS));
    const stillServing = stopping.child.exitCode === null;

    expect(await download.readRest()).toEqual({ complete: true, lines: LEADS + 1, endsWithCrLf: true });
    expect(stillServing).toBe(true);
    expect(await stopping.exited).toBe(0);
    expect(stopping.lines.find((line) => line.msg === 'draining: letting downloads finish')).toMatchObject({ downloads: 1 });
  }, 120_000);
});
