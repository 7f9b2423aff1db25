import { randomUUID } from 'node:crypto';
import { readPageInOneSnapshot } from '@crm/platform';
import { api, freshBenchDatabase, startBenchSystem } from './bench-system';
import { medianOf, percentileOf } from './latency';

/**
 * What safe writes cost (issue 17, api-contract §6; target: each at most 1.15 × the same request without
 * it, p50, in the same run):
 * - a create with an `Idempotency-Key` (the key taken, the write's transaction marking it, the answer
 *   stored) against the same create without one, through the gateway, one request at a time, the two
 *   alternating so that both meet the same machine;
 * - a change with `If-Match` against one without;
 * - a list page read in one snapshot (count and page in one REPEATABLE READ READ ONLY transaction, as
 *   every list does now) against the two statements read apart, on the leads service's own data source,
 *   a tenant of `BENCH_SAFE_LEADS` leads; and the whole list request through the gateway, whose ratio is
 *   to itself less what the snapshot added to its statements.
 *
 *   npm run bench -- safe-writes
 *   BENCH_SAFE_REQUESTS=200 npm run bench -- safe-writes    # a quicker run
 */
const REQUESTS = Number(process.env.BENCH_SAFE_REQUESTS ?? 600);
const LEADS = Number(process.env.BENCH_SAFE_LEADS ?? 20_000);
const WARM_UP = 50;
const TARGET_RATIO = 1.15;


async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/**
 * Runs `plain` and `safe` alternately `REQUESTS` times (after a warm-up), prints both with the ratio of
 * their medians, and answers the medians.
 */
async function compare(label: string, plain: (i: number) => Promise<unknown>, safe: (i: number) => Promise<unknown>): Promise<{ without: number; with: number }> {
  for (let i = 0; i < WARM_UP; i += 1) {
    await plain(i);
    await safe(i);
  }
  const without: number[] = [];
  const withIt: number[] = [];
  for (let i = 0; i < REQUESTS; i += 1) {
    without.push(await timed(() => plain(i)));
    withIt.push(await timed(() => safe(i)));
  }
  const ratio = medianOf(withIt) / medianOf(without);
  console.log(label);
  console.log(`  without  p50 ${medianOf(without).toFixed(2)} ms  p99 ${percentileOf(without, 99).toFixed(2)} ms`);
  console.log(
    `  with     p50 ${medianOf(withIt).toFixed(2)} ms  p99 ${percentileOf(withIt, 99).toFixed(2)} ms  ratio p50 ${ratio.toFixed(2)} (target ≤ ${TARGET_RATIO}) ${ratio <= TARGET_RATIO ? 'met' : 'MISSED'}`,
  );
  return { without: medianOf(without), with: medianOf(withIt) };
}

async function main(): Promise<void> {
  console.log(`safe writes: ${REQUESTS} requests of each kind, alternately, 1 in flight`);
  await freshBenchDatabase();
  const bench = await startBenchSystem();
  try {
    const gateway = bench.system.gatewayUrl;
    const tenant = await api(gateway, 'POST', '/api/auth/register/', null, { org_name: 'Safe writes', email: `bench-${randomUUID()}@example.test`, password: 'correct horse battery' });
    const token: string = tenant.access;
    const send = async (method: string, path: string, body: unknown, headers: Record<string, string>, expected: number) => {
      const response = await fetch(`${gateway}${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (response.status !== expected) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
      return { etag: response.headers.get('etag'), body: JSON.parse(text) as { id: string } };
    };

    await compare(
      'POST /api/leads/ with an Idempotency-Key (each its own)',
      (i) => send('POST', '/api/leads/', { first_name: `Plain ${i}` }, {}, 201),
      (i) => send('POST', '/api/leads/', { first_name: `Keyed ${i}` }, { 'Idempotency-Key': randomUUID() }, 201),
    );

    const lead = await send('POST', '/api/leads/', { first_name: 'Changed' }, {}, 201);
    let etag = lead.etag!;
    await compare(
      'PATCH /api/leads/<id>/ with If-Match (the current ETag)',
      (i) => send('PATCH', `/api/leads/${lead.body.id}/`, { title: `Plain ${i}` }, {}, 200).then((answer) => (etag = answer.etag!)),
      (i) => send('PATCH', `/api/leads/${lead.body.id}/`, { title: `Matched ${i}` }, { 'If-Match': etag }, 200).then((answer) => (etag = answer.etag!)),
    );

    // A tenant of LEADS leads, made with SQL from its first lead (the list reads what is stored).
    const tenantId = (await bench.db.query('SELECT tenant_id FROM leads.leads WHERE id = $1', [lead.body.id])).rows[0].tenant_id;
    await bench.db.query(
      `INSERT INTO leads.leads (id, tenant_id, first_name, status, source, tags, board_position, assigned_to, created_by, custom_fields, version, created_at, updated_at)
       SELECT gen_random_uuid(), tenant_id, 'Seeded ' || n, status, source, tags, board_position + n, assigned_to, created_by, custom_fields, 1,
              now() - make_interval(secs => n), now() - make_interval(secs => n)
       FROM leads.leads, generate_series(1, $2) n WHERE id = $1`,
      [lead.body.id, LEADS],
    );
    await bench.db.query('ANALYZE leads.leads');
    const dataSource = bench.system.services.leads!.dataSource;
    const count = (db: { query: (sql: string, params: unknown[]) => Promise<unknown> }) =>
      db.query('SELECT count(*)::int AS n FROM leads WHERE tenant_id = $1', [tenantId]).then((rows) => (rows as Array<{ n: number }>)[0]!.n);
    const rows = (offset: number) => (db: { query: (sql: string, params: unknown[]) => Promise<unknown> }) =>
      db.query('SELECT * FROM leads WHERE tenant_id = $1 ORDER BY created_at DESC, id DESC LIMIT 20 OFFSET $2', [tenantId, offset]) as Promise<unknown[]>;
    const snapshot = await compare(
      `a list page with its count (a tenant of ${LEADS.toLocaleString('en')} leads) in one snapshot, its statements alone`,
      (i) => Promise.all([count(dataSource.manager), rows((i % 50) * 20)(dataSource.manager)]),
      (i) => readPageInOneSnapshot(dataSource, { count, rows: rows((i % 50) * 20) }),
    );
    // The whole request: every list reads in one snapshot now, so the request without it is this one
    // less what the snapshot was just measured to add to its statements.
    const lists: number[] = [];
    for (let i = 0; i < WARM_UP; i += 1) await send('GET', `/api/leads/?page=${(i % 50) + 1}`, undefined, {}, 200);
    for (let i = 0; i < REQUESTS; i += 1) lists.push(await timed(() => send('GET', `/api/leads/?page=${(i % 50) + 1}`, undefined, {}, 200)));
    const extra = snapshot.with - snapshot.without;
    const requestRatio = medianOf(lists) / (medianOf(lists) - extra);
    console.log(`GET /api/leads/ (a page of 20 with its count, through the gateway)`);
    console.log(
      `  p50 ${medianOf(lists).toFixed(2)} ms  p99 ${percentileOf(lists, 99).toFixed(2)} ms; less the snapshot's ${extra.toFixed(2)} ms: ` +
        `ratio p50 ${requestRatio.toFixed(2)} (target ≤ ${TARGET_RATIO}) ${requestRatio <= TARGET_RATIO ? 'met' : 'MISSED'}`,
    );
  } finally {
    await bench.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
