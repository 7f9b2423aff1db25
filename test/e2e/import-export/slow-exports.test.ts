import http from 'node:http';
import { startTestSystem, type TestSystem } from '../../support/system';
import { registerTenant, type TenantAdmin } from '../../support/tenants';

/**
 * Security review 18.2: an export held a transaction and a pooled connection while it waited for a slow
 * client, so a dozen slow downloads took the leads service's whole pool (and, embedded, its only
 * connection) from every tenant. Now an export holds nothing while it waits, and a tenant runs at most
 * `EXPORTS_PER_TENANT` (4) at once.
 */
const LEADS_PER_TENANT = 50_000;
const EXPORTERS = 3;
const EXPORTS_PER_TENANT = 4;
/**
 * A request waiting longer than this is not being served (generous: a loaded machine is slow). Before the
 * fix, a request waited for a pooled connection until DATABASE_CONNECT_TIMEOUT_MS (10 s), then 503; the
 * embedded database's only connection never came free.
 */
const SERVED_WITHIN_MS = 30_000;

let system: TestSystem, exporters: TenantAdmin[], other: TenantAdmin;
const downloads: http.ClientRequest[] = [];

beforeAll(async () => {
  system = await startTestSystem();
  exporters = [];
  for (let i = 0; i < EXPORTERS; i += 1) exporters.push(await registerTenant(system.api, `Exporter ${i}`));
  other = await registerTenant(system.api, 'Other');
  // Seeded with SQL (the API would take minutes): about 800 bytes of CSV a lead, so a download that is not
  // read leaves most of its 40 MB unsent, whatever the buffers of the hops between hold.
  for (const tenant of exporters) {
    await system.services.leads!.dataSource.query(
      `INSERT INTO leads (id, tenant_id, first_name, last_name, company_name, title, status, source, tags, board_position, assigned_to, created_by, custom_fields, version, created_at, updated_at)
       SELECT gen_random_uuid(), $1, repeat('f', 200), repeat('l', 200), repeat('c', 200), repeat('t', 200), 'new', 'other', '{}', n, $2, $2, '{}', 1,
              now() - make_interval(secs => n), now() - make_interval(secs => n)
       FROM generate_series(1, $3::int) n`,
      [tenant.orgId, tenant.profileId, LEADS_PER_TENANT],
    );
  }
}, 180_000);
afterAll(async () => {
  for (const download of downloads) download.destroy();
  await system.stop();
});

/** Starts a download of the tenant's leads that reads its status line and then nothing more. */
function pausedDownload(tenant: TenantAdmin): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${system.gatewayUrl}/api/leads/export/`, { headers: { authorization: `Bearer ${tenant.access}` } }, (response) => {
      response.pause();
      resolve(response.statusCode!);
    });
    request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
    downloads.push(request);
  });
}

/** The request's status, or a failure when it is not answered in `SERVED_WITHIN_MS`. */
async function served(send: () => Promise<{ status: number }>, what: string): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} was not answered within ${SERVED_WITHIN_MS} ms`)), SERVED_WITHIN_MS);
  });
  try {
    return (await Promise.race([send(), late])).status;
  } finally {
    clearTimeout(timer);
  }
}

it('when 12 downloads of 50,000 leads stop reading, then another tenant still lists, reads and writes leads, and the exporting tenants get a fifth export refused with 429', async () => {
  const statuses = await Promise.all(exporters.flatMap((tenant) => Array.from({ length: EXPORTS_PER_TENANT }, () => pausedDownload(tenant))));
  expect(statuses).toEqual(Array(EXPORTERS * EXPORTS_PER_TENANT).fill(200));
  // Long enough for every export to fill the buffers between it and its client and wait on them.
  await new Promise((resolve) => setTimeout(resolve, 2_000));

  const token = { token: other.access };
  for (let i = 0; i < 5; i += 1) {
    expect(await served(() => system.api.post('/api/leads/', { first_name: `Busy ${i}` }, token), 'a create')).toBe(201);
    expect(await served(() => system.api.get('/api/leads/?page_size=5', token), 'a list')).toBe(200);
  }
  const fifth = await system.api.get('/api/leads/export/', { token: exporters[0]!.access });
  expect(fifth.status).toBe(429);
  expect(fifth.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(fifth.body).toEqual({ detail: expect.any(String), retry_after: expect.any(Number) });

  // A download that ends frees its slot: the tenant exports again, whole.
  downloads.shift()!.destroy();
  let again = await system.api.get('/api/leads/export/?search=nobody-matches', { token: exporters[0]!.access });
  for (let tries = 0; again.status === 429 && tries < 50; tries += 1) {
    // The slot is freed once the aborted download's close reaches import-export.
    await new Promise((resolve) => setTimeout(resolve, 100));
    again = await system.api.get('/api/leads/export/?search=nobody-matches', { token: exporters[0]!.access });
  }
  expect(again.status).toBe(200);
  expect(again.text.trim().split('\r\n')).toHaveLength(1);
}, 120_000);
