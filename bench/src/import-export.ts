import { api, freshBenchDatabase, startBenchProcesses, type BenchProcesses } from './bench-system';
import { leadsCsv, streamExport, timedUpload, waitForQuiet, type ExportRead } from './lead-files';
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

/**
 * The export as clients ask for it: uncompressed (no `Accept-Encoding`), then as a client accepting gzip,
 * then brotli, gets it from the gateway (api-contract §2).
 */
const EXPORT_ENCODINGS = [
  { coding: 'identity', acceptEncoding: undefined },
  { coding: 'gzip', acceptEncoding: 'gzip' },
  { coding: 'br', acceptEncoding: 'br' },
] as const;

interface TimedExport extends ExportRead {
  growthMb: number;
  growthMbByProcess: Record<string, number>;
  /** CPU time of this process (the gateway, compressing, and the reader, decoding) over the export. */
  gatewayCpuMs: number;
}

/** Reads a whole export, sampling the memory of every process of the system (and the reader's) while it streams. */
async function timedExport(bench: BenchProcesses, token: string, acceptEncoding?: string): Promise<TimedExport> {
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
  const cpuBefore = process.cpuUsage();
  const read = await streamExport(bench.gatewayUrl, token, acceptEncoding);
  const cpu = process.cpuUsage(cpuBefore);
  clearInterval(sampler);
  sample();
  const mb = (bytes: number) => bytes / 1024 / 1024;
  const growthMbByProcess = Object.fromEntries(Object.entries(peaks).map(([name, peak]) => [name, mb(peak - (before[name] ?? 0))]));
  return { ...read, growthMb: mb(peakTotal - total(before)), growthMbByProcess, gatewayCpuMs: (cpu.user + cpu.system) / 1000 };
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
    const exports = new Map<string, TimedExport>();
    for (const { coding, acceptEncoding } of EXPORT_ENCODINGS) {
      const read = await timedExport(bench, token, acceptEncoding);
      if (read.rows !== rows[0].n) throw new Error(`the ${coding} export has ${read.rows} rows, the tenant ${rows[0].n}`);
      exports.set(coding, read);
    }
    const exported = exports.get('identity')!;

    console.log(`import of ${IMPORT_ROWS} rows (median of ${RUNS}, through the gateway):`);
    console.log(`  preview  ${medianOf(previews).toFixed(0)} ms  (runs: ${previews.map((ms) => ms.toFixed(0)).join(', ')})  target < 1000 ms`);
    console.log(`  commit   ${medianOf(commits).toFixed(0)} ms  (runs: ${commits.map((ms) => ms.toFixed(0)).join(', ')})  target < 1500 ms`);
    console.log(`export of ${exported.rows} leads: ${exported.ms.toFixed(0)} ms, ${(exported.rows / (exported.ms / 1000)).toFixed(0)} rows/s (target >= 50000), ` +
      `memory growth ${exported.growthMb.toFixed(1)} MB (target < 100 MB; every service process, the gateway and the reader together)`);
    const byProcess = Object.entries(exported.growthMbByProcess).filter(([, mb]) => mb >= 0.5);
    console.log(`  peak growth by process: ${byProcess.map(([name, mb]) => `${name} ${mb.toFixed(1)} MB`).join(', ') || 'none above 0.5 MB'}`);
    console.log('the same export by Accept-Encoding (gateway CPU: this process, the gateway compressing and the reader decoding):');
    const rowsPerSecond = (read: TimedExport) => read.rows / (read.ms / 1000);
    for (const [coding, read] of exports) {
      console.log(`  ${coding.padEnd(8)} ${read.ms.toFixed(0).padStart(6)} ms  first byte ${read.firstByteMs.toFixed(0).padStart(4)} ms  ${rowsPerSecond(read).toFixed(0).padStart(7)} rows/s  ` +
        `${(read.wireBytes / 1024 / 1024).toFixed(1).padStart(6)} MB sent  gateway CPU ${read.gatewayCpuMs.toFixed(0)} ms  memory growth ${read.growthMb.toFixed(1)} MB`);
    }
    for (const coding of ['gzip', 'br']) {
      const read = exports.get(coding)!;
      console.log(`  ${coding}/identity: bytes ${(read.wireBytes / exported.wireBytes).toFixed(3)}, rows/s ${(rowsPerSecond(read) / rowsPerSecond(exported)).toFixed(2)}, ` +
        `gateway CPU ${(read.gatewayCpuMs / exported.gatewayCpuMs).toFixed(2)}`);
    }
  } finally {
    await bench.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
