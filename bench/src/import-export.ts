import { api, freshBenchDatabase, startBenchProcesses, type BenchProcesses } from './bench-system';
import { leadsCsv, streamExport, timedUpload, waitForQuiet } from './lead-files';
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

/** Reads a whole export, sampling the memory of every process of the system (and the reader's) while it streams. */
async function timedExport(bench: BenchProcesses, token: string): Promise<{ ms: number; rows: number; growthMb: number; growthMbByProcess: Record<string, number> }> {
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
  const { ms, rows } = await streamExport(bench.gatewayUrl, token);
  clearInterval(sampler);
  sample();
  const mb = (bytes: number) => bytes / 1024 / 1024;
  const growthMbByProcess = Object.fromEntries(Object.entries(peaks).map(([name, peak]) => [name, mb(peak - (before[name] ?? 0))]));
  return { ms, rows, growthMb: mb(peakTotal - total(before)), growthMbByProcess };
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
