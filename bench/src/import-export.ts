import { api, freshBenchDatabase, startBenchProcesses, type BenchProcesses } from './bench-system';
import { medianOf } from './latency';
import { seedLeads } from './seed-leads';

/**
 * Import and export (issue 6; targets of the benchmark issue: commit of 5,000 rows under 1.5 s, preview
 * under 1 s, export of 100,000 leads at 50,000 rows/s or more with memory growth under 100 MB). Every
 * figure is end to end through the gateway, with every service in its own process as production runs them
 * (the gateway and the reader in this one): upload, parsing, validation by the leads service, and for
 * the commit the insert of the rows and their 5,000 `lead.created` events in one transaction.
 *
 *   npm run bench -- import-export
 */
const IMPORT_ROWS = 5_000;
const EXPORT_LEADS = Number(process.env.BENCH_EXPORT_LEADS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

function leadsCsv(rows: number, run: number): string {
  const lines = ['first_name,last_name,email,phone,company_name,status,source,opportunity_amount,tags'];
  for (let i = 0; i < rows; i += 1) {
    lines.push(`Lead${i},Run${run},lead${i}.run${run}@bench.test,+1 555 ${String(i).padStart(7, '0')},Company ${i % 50},new,import,${i}.50,bench;run${run}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

async function timedUpload(gateway: string, path: string, token: string, content: string): Promise<{ ms: number; body: any }> {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'text/csv' }), 'leads.csv');
  const start = performance.now();
  const response = await fetch(`${gateway}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const body = await response.json();
  const ms = performance.now() - start;
  if (response.status >= 300) throw new Error(`${path}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  return { ms, body };
}

/** Reads a whole export, sampling the memory of every process of the system (and the reader's) while it streams. */
async function timedExport(bench: BenchProcesses, token: string): Promise<{ ms: number; rows: number; growthMb: number; growthMbByProcess: Record<string, number> }> {
  const gateway = bench.gatewayUrl;
  global.gc?.();
  const before = bench.residentBytes();
  const total = (sample: Record<string, number>) => Object.values(sample).reduce((sum, bytes) => sum + bytes, 0);
  let peakTotal = total(before);
  const peaks = { ...before };
  const sample = () => {
    const now = bench.residentBytes();
    peakTotal = Math.max(peakTotal, total(now));
    for (const [name, bytes] of Object.entries(now)) peaks[name] = Math.max(peaks[name] ?? 0, bytes);
  };
  const sampler = setInterval(sample, 20);
  const start = performance.now();
  const response = await fetch(`${gateway}/api/leads/export/`, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200 || !response.body) throw new Error(`export: ${response.status}`);
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    const buffer = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    for (let at = buffer.indexOf(0x0a); at !== -1; at = buffer.indexOf(0x0a, at + 1)) lines += 1;
  }
  const ms = performance.now() - start;
  clearInterval(sampler);
  sample();
  const mb = (bytes: number) => bytes / 1024 / 1024;
  const growthMbByProcess = Object.fromEntries(Object.entries(peaks).map(([name, peak]) => [name, mb(peak - (before[name] ?? 0))]));
  return { ms, rows: lines - 1, growthMb: mb(peakTotal - total(before)), growthMbByProcess };
}

/**
 * Waits until every event of earlier runs is published and the audit log has it: each preview, commit
 * and the export is timed on its own, not racing the relay and the consumers still busy with the
 * previous commit's 5,000 events.
 */
async function waitForQuiet(db: import('pg').Client): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const { rows } = await db.query(
      `SELECT (SELECT count(*) FROM leads.outbox WHERE published_at IS NULL)
            + (SELECT count(*) FROM leads.outbox) - (SELECT count(*) FROM audit.audit_log WHERE type = 'lead.created') AS pending`,
    );
    if (Number(rows[0].pending) <= 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the events of the previous run never settled');
}


async function main(): Promise<void> {
  await freshBenchDatabase();
  const bench = await startBenchProcesses();
  try {
    const gateway = bench.gatewayUrl;
    const [tenant] = await seedLeads(gateway, bench.db, 1, EXPORT_LEADS);
    const token = tenant!.admin.access;
    // Warm-up: one small file through every path.
    await timedUpload(gateway, '/api/leads/import/commit/', token, leadsCsv(50, -1));

    const previews: number[] = [];
    const commits: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const file = leadsCsv(IMPORT_ROWS, run);
      await waitForQuiet(bench.db);
      const preview = await timedUpload(gateway, '/api/leads/import/preview/', token, file);
      if (preview.body.summary.valid !== IMPORT_ROWS) throw new Error(`preview found invalid rows: ${JSON.stringify(preview.body.errors.slice(0, 3))}`);
      previews.push(preview.ms);
      await waitForQuiet(bench.db);
      const commit = await timedUpload(gateway, '/api/leads/import/commit/', token, file);
      if (commit.body.created !== IMPORT_ROWS) throw new Error('the commit did not create every row');
      commits.push(commit.ms);
    }
    const { rows } = await bench.db.query(`SELECT count(*)::int AS n FROM leads.leads WHERE tenant_id = $1`, [tenant!.orgId]);
    await api(gateway, 'GET', '/api/leads/?page_size=1', token);
    await waitForQuiet(bench.db); // the last commit's events, handled by now, do not compete with the export
    const exported = await timedExport(bench, token);
    if (exported.rows !== rows[0].n) throw new Error(`the export has ${exported.rows} rows, the tenant ${rows[0].n}`);

    console.log(`import of ${IMPORT_ROWS} rows (median of ${RUNS}, through the gateway):`);
    console.log(`  preview  ${medianOf(previews).toFixed(0)} ms  (runs: ${previews.map((ms) => ms.toFixed(0)).join(', ')})  target < 1000 ms`);
    console.log(`  commit   ${medianOf(commits).toFixed(0)} ms  (runs: ${commits.map((ms) => ms.toFixed(0)).join(', ')})  target < 1500 ms`);
    console.log(`export of ${exported.rows} leads: ${exported.ms.toFixed(0)} ms, ${(exported.rows / (exported.ms / 1000)).toFixed(0)} rows/s (target >= 50000), ` +
      `memory growth ${exported.growthMb.toFixed(1)} MB (target < 100 MB; every service process, the gateway and the reader together)`);
    const byProcess = Object.entries(exported.growthMbByProcess).filter(([, mb]) => mb >= 0.5);
    console.log(`  peak growth by process: ${byProcess.map(([name, mb]) => `${name} ${mb.toFixed(1)} MB`).join(', ') || 'none above 0.5 MB'}`);
  } finally {
    await bench.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
