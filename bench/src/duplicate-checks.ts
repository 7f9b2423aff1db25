import { api, freshBenchDatabase, startBenchSystem } from './bench-system';
import { measure, printFigures, type LatencyFigures } from './latency';
import { seedLeads } from './seed-leads';

/**
 * Duplicate checks at a million leads (issue 5; target of the benchmark issue: under 10 ms p50 through
 * the gateway). Seeds `BENCH_TENANTS` tenants × `BENCH_LEADS` leads in a fresh `crm_bench` database,
 * then measures each kind of check through the gateway, and a lead's detail GET through the same
 * gateway as the baseline. Prints p50/p95/p99, req/s and each p50 as a ratio to the baseline's.
 *
 *   npm run bench:duplicates                       # 100 tenants, 1,000,000 leads
 *   BENCH_LEADS=100000 npm run bench:duplicates    # a quicker run
 */
const TENANTS = Number(process.env.BENCH_TENANTS ?? 100);
const LEADS = Number(process.env.BENCH_LEADS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000);
/** Latency alone (1 in flight: the target), then under load (10 in flight: everything shares 2 cores). */
const CONCURRENCIES = (process.env.BENCH_CONCURRENCY ?? '1,10').split(',').map(Number);

interface SampleLead {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  company_name: string | null;
}

async function main(): Promise<void> {
  console.log(`duplicate checks: ${TENANTS} tenants × ${LEADS / TENANTS} leads, ${REQUESTS} requests per kind and concurrency`);
  await freshBenchDatabase();
  const bench = await startBenchSystem();
  try {
    const gateway = bench.system.gatewayUrl;
    const seedStart = performance.now();
    const tenants = await seedLeads(gateway, bench.db, TENANTS, Math.floor(LEADS / TENANTS));
    const { rows: count } = await bench.db.query(`SELECT count(*)::int AS n FROM leads.leads`);
    console.log(`seeded ${count[0].n} leads in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

    const tenant = tenants[0]!;
    const { rows: samples } = await bench.db.query<SampleLead>(
      `SELECT id, first_name, last_name, email, phone, company_name FROM leads.leads
       WHERE tenant_id = $1 AND status <> 'converted' ORDER BY md5(id::text) LIMIT 200`,
      [tenant.orgId],
    );
    const withCompany = samples.filter((lead) => lead.company_name !== null);
    const sample = (i: number) => samples[i % samples.length]!;
    const check = (token: string, body: (lead: SampleLead) => unknown) => async (i: number) => {
      const answer = await api(gateway, 'POST', '/api/leads/duplicates/', token, body(sample(i)), [200]);
      if (!Array.isArray(answer)) throw new Error('a duplicate check did not answer a list');
    };
    const admin = tenant.admin.access;
    const kinds: Array<[string, (i: number) => Promise<void>]> = [
      ['baseline: GET /api/leads/<id>/', async (i) => void (await api(gateway, 'GET', `/api/leads/${sample(i).id}/`, admin))],
      ['POST duplicates: email', check(admin, (lead) => ({ email: lead.email.toUpperCase() }))],
      ['POST duplicates: phone', check(admin, (lead) => ({ phone: lead.phone.replace(/\D/g, '') }))],
      ['POST duplicates: full name', check(admin, (lead) => ({ first_name: lead.first_name, last_name: lead.last_name }))],
      ['POST duplicates: company', async (i) => void (await api(gateway, 'POST', '/api/leads/duplicates/', admin, { company_name: withCompany[i % withCompany.length]!.company_name }, [200]))],
      ['POST duplicates: all fields', check(admin, (lead) => ({ email: lead.email, phone: lead.phone, first_name: lead.first_name, last_name: lead.last_name }))],
      ['POST duplicates: all fields, member', check(tenant.member.access, (lead) => ({ email: lead.email, phone: lead.phone, first_name: lead.first_name, last_name: lead.last_name }))],
      ['GET /api/leads/<id>/duplicates/', async (i) => void (await api(gateway, 'GET', `/api/leads/${sample(i).id}/duplicates/`, admin))],
    ];
    // Warm the pools, the caches and the JIT before anything is counted.
    for (const [, send] of kinds) await measure('warm-up', 100, 10, send);
    for (const concurrency of CONCURRENCIES) {
      console.log(`\n${concurrency} in flight:`);
      const figures: LatencyFigures[] = [];
      for (const [label, send] of kinds) figures.push(await measure(label, REQUESTS, concurrency, send));
      printFigures(figures, figures[0]!);
    }
  } finally {
    await bench.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
