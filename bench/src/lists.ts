import type { Client } from 'pg';
import { api, BENCH_ENV, freshBenchDatabase, startBenchSystem } from './bench-system';
import { measure, printFigures, type LatencyFigures } from './latency';
import { expectedPage, LEAD_RECORDS, searchMatch, visibleWhere, type ExpectedPage, type Role, type Selection } from './expected-lists';
import { isSeeded, SEEDED_CUSTOM_FIELDS, SEEDED_LAST_NAMES, seededTenants, seedLeads, type BenchTenant } from './seed-leads';

/**
 * Lists and duplicate checks at a million leads (issue 8, benchmark 2; targets: a list page with its
 * total count under 15 ms p50, a duplicate check under 10 ms p50, both through the gateway, 1 in
 * flight). Seeds `BENCH_TENANTS` tenants × `BENCH_LEADS` leads (with two filterable lead custom fields)
 * in the benchmarks' database, then measures each kind of list and of duplicate check, as an admin
 * and as a member (who sees only the leads they created or own), and a lead's detail GET as the
 * baseline. Requests rotate over 10 tenants and 20 filter values; every answer is compared with the
 * one read straight from PostgreSQL beforehand (the count and the page's ids, in order), so a broken
 * filter or order fails the run instead of looking fast. Prints p50/p95/p99, req/s, each p50 as a
 * ratio to the baseline's, and PASS/MISS per target.
 *
 *   npm run bench -- lists                                    # 100 tenants, 1,000,000 leads
 *   BENCH_LEADS=100000 npm run bench -- lists                 # a quicker run
 *   BENCH_KEEP_SEED=1 BENCH_LEADS=100000 npm run bench -- lists
 *       # reuses the database when it already holds a seed of that size (else seeds it afresh)
 *
 * Also: BENCH_TENANTS (100), BENCH_REQUESTS per kind and concurrency (500), BENCH_CONCURRENCY ('1,10'),
 * and the servers of bench-system.ts (BENCH_DATABASE_URL, ...).
 */
const TENANTS = Number(process.env.BENCH_TENANTS ?? 100);
const LEADS = Number(process.env.BENCH_LEADS ?? 1_000_000);
const LEADS_PER_TENANT = Math.floor(LEADS / TENANTS);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
/** Latency alone (1 in flight: the targets), then under load (10 in flight: everything shares 2 cores). */
const CONCURRENCIES = (process.env.BENCH_CONCURRENCY ?? '1,10').split(',').map(Number);
const KEEP_SEED = process.env.BENCH_KEEP_SEED === '1';
const SAMPLED_TENANTS = Math.min(10, TENANTS);
const VARIANTS = 20;
const LIST_TARGET_MS = 15;
const DUPLICATE_TARGET_MS = 10;
const MAX_DUPLICATES = 10;

const STATUSES = ['new', 'contacted', 'qualified', 'unqualified', 'converted'];
const SEGMENTS = SEEDED_CUSTOM_FIELDS.segment.values;
const SEARCHED_TEXT = searchMatch(LEAD_RECORDS);

/** Each kind of list, by variant (which spreads the requests over filter values). */
const LIST_KINDS: Array<{ label: string; select: (variant: number) => Selection }> = [
  { label: 'plain', select: () => ({ query: '' }) },
  { label: 'status', select: (v) => ({ query: `status=${STATUSES[v % STATUSES.length]}`, where: 'status = ?', values: [STATUSES[v % STATUSES.length]] }) },
  { label: 'tags', select: (v) => ({ query: `tags=tag${v % 20}`, where: '? = ANY(tags)', values: [`tag${v % 20}`] }) },
  {
    label: 'cf_segment (dropdown)',
    select: (v) => ({ query: `cf_segment=${SEGMENTS[v % SEGMENTS.length]}`, where: `custom_fields->>'segment' = ?`, values: [SEGMENTS[v % SEGMENTS.length]] }),
  },
  { label: 'cf_score (number)', select: (v) => ({ query: `cf_score=${(v * 7) % 100}`, where: `(custom_fields->>'score')::numeric = ?`, values: [(v * 7) % 100] }) },
  { label: 'ordering=last_name', select: () => ({ query: 'ordering=last_name', order: 'last_name ASC, id ASC' }) },
  { label: 'ordering=-last_name', select: () => ({ query: 'ordering=-last_name', order: 'last_name DESC, id DESC' }) },
  { label: 'search (a last name)', select: (v) => ({ query: `search=${SEEDED_LAST_NAMES[v % SEEDED_LAST_NAMES.length]}`, where: SEARCHED_TEXT, values: [SEEDED_LAST_NAMES[v % SEEDED_LAST_NAMES.length]] }) },
  {
    // `lead37` matches lead37, lead370–379 and lead3700–3799 (e-mail addresses are lead<i>.…): ~1% of a tenant.
    label: 'search (part of an e-mail)',
    select: (v) => ({ query: `search=lead${10 + ((v * 37) % 90)}`, where: SEARCHED_TEXT, values: [`lead${10 + ((v * 37) % 90)}`] }),
  },
];

/** A sender of one list kind: request i asks variant i % VARIANTS and throws unless the answer is the expected one. */
async function listSender(gateway: string, db: Client, tenants: BenchTenant[], role: Role, select: (variant: number) => Selection) {
  const expected: Array<{ token: string; page: ExpectedPage }> = [];
  for (let variant = 0; variant < VARIANTS; variant += 1) {
    const tenant = tenants[variant % tenants.length]!;
    expected.push({ token: tenant[role].access, page: await expectedPage(db, LEAD_RECORDS, tenant, role, select(variant)) });
  }
  return async (i: number) => {
    const { token, page } = expected[i % VARIANTS]!;
    const answer = await api(gateway, 'GET', page.path, token, undefined, [200]);
    const ids = answer.results.map((lead: { id: string }) => lead.id);
    if (answer.count !== page.count || ids.join() !== page.ids.join()) {
      throw new Error(`GET ${page.path} (${role}): count ${answer.count}, expected ${page.count}; or not the expected page`);
    }
  };
}

interface SampleLead {
  id: string;
  tenant_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  company_name: string | null;
}

interface DuplicateEntry {
  id: string;
  matched_on: string[];
}

/** How many open leads the caller may open match `match` (`?` for `values`), capped as the answer is. */
async function expectedDuplicates(db: Client, tenant: BenchTenant, role: Role, match: string, values: unknown[]): Promise<number> {
  const { where, params } = visibleWhere(LEAD_RECORDS, tenant, role, `status <> 'converted' AND (${match})`, values);
  const { rows } = await db.query(`SELECT count(*)::int AS n FROM leads.leads WHERE ${where}`, params);
  return Math.min(MAX_DUPLICATES, rows[0].n);
}

const SAME_NAME = 'lower(first_name) = lower(?) AND lower(last_name) = lower(?)';

/**
 * The duplicate-check kinds, each sent for sample i % samples and checked against what PostgreSQL
 * says: an e-mail or a phone (unique in the seed) finds exactly its lead; a name, a company or all
 * fields find as many as match (at most 10), each marked with what matched. Samples are open leads
 * with a company, over the sampled tenants.
 */
async function duplicateKinds(gateway: string, db: Client, tenants: BenchTenant[]): Promise<Array<[string, (i: number) => Promise<void>]>> {
  const tenantOf = new Map(tenants.map((tenant) => [tenant.orgId, tenant]));
  const { rows: samples } = await db.query<SampleLead>(
    `SELECT id, tenant_id, first_name, last_name, email, phone, company_name FROM leads.leads
     WHERE tenant_id = ANY($1::uuid[]) AND status <> 'converted' AND company_name IS NOT NULL ORDER BY md5(id::text) LIMIT 100`,
    [tenants.map((tenant) => tenant.orgId)],
  );
  const sample = (i: number) => samples[i % samples.length]!;
  const token = (lead: SampleLead, role: Role) => tenantOf.get(lead.tenant_id)![role].access;
  const counts = async (role: Role, where: (lead: SampleLead) => [string, unknown[]]) => {
    const expected: number[] = [];
    for (const lead of samples) expected.push(await expectedDuplicates(db, tenantOf.get(lead.tenant_id)!, role, ...where(lead)));
    return expected;
  };
  const byName = await counts('admin', (lead) => [SAME_NAME, [lead.first_name, lead.last_name]]);
  const byCompany = await counts('admin', (lead) => ['lower(company_name) = lower(?)', [lead.company_name]]);
  const byAllFields = (role: Role) => counts(role, (lead) => [`email = ? OR (${SAME_NAME})`, [lead.email, lead.first_name, lead.last_name]]);
  const allFieldsAdmin = await byAllFields('admin');
  const allFieldsMember = await byAllFields('member');
  // A stored lead is checked by its e-mail, phone and full name (its company only when it has no name).
  const ofLead = await counts('admin', (lead) => [`id <> ? AND (${SAME_NAME})`, [lead.id, lead.first_name, lead.last_name]]);

  const check = (label: string, entries: DuplicateEntry[], expectedCount: number, matched?: string) => {
    if (!Array.isArray(entries) || entries.length !== expectedCount || (matched && !entries.every((entry) => entry.matched_on.includes(matched)))) {
      throw new Error(`${label}: ${JSON.stringify(entries).slice(0, 300)}, expected ${expectedCount} matching on ${matched ?? 'anything'}`);
    }
  };
  const post = (role: Role, body: (lead: SampleLead) => unknown, verify: (entries: DuplicateEntry[], i: number) => void) => async (i: number) =>
    verify(await api(gateway, 'POST', '/api/leads/duplicates/', token(sample(i), role), body(sample(i)), [200]), i);
  const exactlyItself = (key: string) => (entries: DuplicateEntry[], i: number) => {
    check(`duplicates by ${key}`, entries, 1, key);
    if (entries[0]!.id !== sample(i).id) throw new Error(`duplicates by ${key} found ${entries[0]!.id}, not ${sample(i).id}`);
  };
  const allFieldsBody = (lead: SampleLead) => ({ email: lead.email, phone: lead.phone, first_name: lead.first_name, last_name: lead.last_name });
  return [
    ['POST duplicates: email', post('admin', (lead) => ({ email: lead.email.toUpperCase() }), exactlyItself('email'))],
    ['POST duplicates: phone', post('admin', (lead) => ({ phone: lead.phone.replace(/\D/g, '') }), exactlyItself('phone'))],
    [
      'POST duplicates: full name',
      post('admin', (lead) => ({ first_name: lead.first_name, last_name: lead.last_name }), (entries, i) => check('by name', entries, byName[i % samples.length]!, 'name')),
    ],
    [
      'POST duplicates: company',
      post('admin', (lead) => ({ company_name: lead.company_name }), (entries, i) => check('by company', entries, byCompany[i % samples.length]!, 'company')),
    ],
    ['POST duplicates: all fields', post('admin', allFieldsBody, (entries, i) => check('all fields', entries, allFieldsAdmin[i % samples.length]!))],
    ['POST duplicates: all fields, member', post('member', allFieldsBody, (entries, i) => check('all fields, member', entries, allFieldsMember[i % samples.length]!))],
    [
      'GET /api/leads/<id>/duplicates/',
      async (i) => {
        const entries: DuplicateEntry[] = await api(gateway, 'GET', `/api/leads/${sample(i).id}/duplicates/`, token(sample(i), 'admin'), undefined, [200]);
        check('duplicates of a lead', entries, ofLead[i % samples.length]!);
        if (entries.some((entry) => entry.id === sample(i).id)) throw new Error('a lead was listed as its own duplicate');
      },
    ],
  ];
}

/** The detail GET of sampled leads, the baseline every p50 is compared with. */
async function baselineSender(gateway: string, db: Client, tenant: BenchTenant) {
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM leads.leads WHERE tenant_id = $1 ORDER BY md5(id::text) LIMIT 100`, [tenant.orgId]);
  return async (i: number) => {
    const id = rows[i % rows.length]!.id;
    if ((await api(gateway, 'GET', `/api/leads/${id}/`, tenant.admin.access, undefined, [200])).id !== id) throw new Error(`GET /api/leads/${id}/ answered another lead`);
  };
}

function printTargets(figures: LatencyFigures[], targetOf: (label: string) => number | undefined): void {
  console.log('\ntargets (1 in flight):');
  for (const { label, p50 } of figures) {
    const target = targetOf(label);
    if (target !== undefined) console.log(`  ${p50 < target ? 'PASS' : 'MISS'}  ${label}: p50 ${p50.toFixed(2)} ms (target < ${target} ms)`);
  }
}

async function main(): Promise<void> {
  console.log(`lists and duplicate checks: ${TENANTS} tenants × ${LEADS_PER_TENANT} leads, ${REQUESTS} requests per kind and concurrency`);
  const reuse = KEEP_SEED && (await isSeeded(BENCH_ENV.DATABASE_URL, TENANTS, LEADS_PER_TENANT));
  if (!reuse) await freshBenchDatabase();
  const bench = await startBenchSystem();
  try {
    const gateway = bench.system.gatewayUrl;
    if (reuse) console.log('reusing the seeded database (BENCH_KEEP_SEED=1)');
    else {
      const seedStart = performance.now();
      await seedLeads(gateway, bench.db, TENANTS, LEADS_PER_TENANT, { customFields: true });
      console.log(`seeded ${TENANTS * LEADS_PER_TENANT} leads in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
    }
    // Logged in afresh, so a long seed cannot outlive the access tokens.
    const tenants = await seededTenants(gateway, bench.db, SAMPLED_TENANTS);

    const kinds: Array<[string, (i: number) => Promise<void>]> = [['baseline: GET /api/leads/<id>/', await baselineSender(gateway, bench.db, tenants[0]!)]];
    const listLabels = new Set<string>();
    for (const { label, select } of LIST_KINDS) {
      for (const role of ['admin', 'member'] as const) {
        listLabels.add(`list: ${label}, ${role}`);
        kinds.push([`list: ${label}, ${role}`, await listSender(gateway, bench.db, tenants, role, select)]);
      }
    }
    const duplicates = await duplicateKinds(gateway, bench.db, tenants);
    kinds.push(...duplicates);
    const duplicateLabels = new Set(duplicates.map(([label]) => label));

    // Warm the pools, the caches and the JIT before anything is counted.
    for (const [, send] of kinds) await measure('warm-up', 100, 10, send);
    for (const concurrency of CONCURRENCIES) {
      console.log(`\n${concurrency} in flight:`);
      const figures: LatencyFigures[] = [];
      for (const [label, send] of kinds) figures.push(await measure(label, REQUESTS, concurrency, send));
      printFigures(figures, figures[0]!);
      if (concurrency === 1) {
        printTargets(figures, (label) => (listLabels.has(label) ? LIST_TARGET_MS : duplicateLabels.has(label) ? DUPLICATE_TARGET_MS : undefined));
      }
    }
  } finally {
    await bench.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
