import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { SERVICE_PROCESSES, freePort, startNodeProcess, startProcessSystem, waitForLine, type ServiceProcess } from '@crm/system';
import { Client } from 'pg';
import { api, BENCH_ENV, freshBenchDatabase } from './bench-system';

/**
 * Sizing (issue 36.3): what each workload needs in memory and CPU, for its Kubernetes requests and limits.
 * Every service AND the gateway run as processes of their own (compiled `main.js`, as containers run
 * them), so each one's resident memory and CPU time are its own. After the start and a warm-up (every
 * request below once), each process's resident memory at rest (VmRSS); then each phase drives one kind of
 * the heaviest realistic requests through the gateway, at the default bounds, and waits until their events
 * are handled; per phase and process the peak resident memory (VmHWM, reset through `clear_refs` before
 * the phase) and the CPU time (utime + stime of /proc/<pid>/stat) are read.
 *
 *   npm run bench -- sizing                  # prints the tables
 *   node bench/dist/sizing.js --write        # and writes k8s/sizing.json (test/deploy/k8s-sizing.test.ts reads it)
 *
 * Recommendation rule: limit = peak × 1.25, request = resting + the median of the phases' growth, each rounded
 * up to 64 MiB. CPU per request is also printed as a ratio to a baseline measured in the same run: the CPU
 * of a one-record list (gateway and leads together), which moves with the machine as the rest does.
 */
const MIB = 1024 * 1024;
const WRITE = process.argv.includes('--write') || process.env.BENCH_SIZING_WRITE === '1';
const GATEWAY = 'gateway';
const WORKLOADS = [GATEWAY, ...SERVICE_PROCESSES.map(({ name }) => name)];
const CLOCK_TICKS_PER_SECOND = 100;
const PASSWORD = 'sizing password 123';

/**
 * Import files at the size limit of api-contract §5, just under 5 MiB: 1,000 rows of ~5 KB (a text custom
 * field), as docs/reliability.md §7 sends them (fewer records and events than 5,000 rows, so that the run
 * ends in minutes); then `IMPORTS_AT_ONCE` files at the row limit too, 5,000 rows of ~1 KB.
 */
const IMPORT_ROWS = 1_000;
const NOTE_CHARACTERS = 4_900;
const MAX_ROWS = 5_000;
const MAX_ROWS_NOTE_CHARACTERS = 880;
/** The default UPLOAD_BYTES_IN_FLIGHT (100 MiB) lets about 20 such files into import-export at once; each credential 25 MiB, so 4 a tenant. */
const TENANTS = 5;
const IMPORTS_PER_TENANT = 4;
/** 10 attachments of 10 MB: the default UPLOAD_BYTES_IN_FLIGHT of the receiving process, 2 a tenant (25 MiB a credential). */
const ATTACHMENT_BYTES = 10_000_000;
const ATTACHMENTS_PER_TENANT = 2;
/** Logins and registrations in rounds of 10: the two hashing slots and PASSWORD_HASH_QUEUE (8) full, none refused. */
const HASH_ROUNDS = 4;
const LOGINS_PER_ROUND = 8;
const REGISTRATIONS_PER_ROUND = 2;
const LIST_CONNECTIONS = 16;
const LIST_SECONDS = Number(process.env.BENCH_SIZING_LIST_SECONDS ?? 15);
const BASELINE_REQUESTS = 300;
const SETTINGS = { UPLOAD_BYTES_IN_FLIGHT: '104857600', UPLOAD_BYTES_PER_CREDENTIAL: '26214400', IMPORTS_AT_ONCE: '2', PASSWORD_HASH_QUEUE: '8', PASSWORD_HASH_COST: '17', DATABASE_POOL_SIZE: '5' };

interface Usage {
  peak: number;
  cpuMs: number;
}

interface Phase {
  name: string;
  /** The requests it sent (retries of a 429 or 503 counted apart), by the service they are for. */
  requests: Record<string, number>;
  mix: string;
  retried: number;
  seconds: number;
  usage: Record<string, Usage>;
}

/** A process's resident memory now and its peak since the last reset, from /proc (Linux). */
function memoryOf(pid: number): { resident: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kB = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status)![1]) * 1024;
  return { resident: kB('VmRSS'), peak: kB('VmHWM') };
}

/** A process's CPU time so far (user and system, every thread), in ms. */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

interface Answer {
  status: number;
  retryAfter: number;
  body: any;
}

/** One request with a body of bytes and its Content-Length, as a client sends an upload. */
function send(gatewayUrl: string, method: string, target: string, token: string | null, body?: { type: string; bytes: Buffer }, idempotencyKey?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(target, gatewayUrl), {
      method,
      agent: false,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        ...(body ? { 'content-type': body.type, 'content-length': String(body.bytes.length) } : {}),
      },
    });
    req.setTimeout(300_000, () => req.destroy(new Error(`${method} ${target}: no answer in 300 s`)));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // kept as text
        }
        resolve({ status: res.statusCode!, retryAfter: Number(res.headers['retry-after'] ?? 0), body: parsed });
      });
    });
    req.on('error', reject);
    req.end(body?.bytes);
  });
}

/**
 * A multipart upload of one file, sent again after its Retry-After while refused (429, 503), and with the
 * same Idempotency-Key after a 504 (or its 409 while the first still runs), as api-contract §6 says; answers the tries it took.
 */
async function uploadUntilTaken(gatewayUrl: string, target: string, token: string, file: Buffer, type: string): Promise<{ answer: Answer; tries: number }> {
  const boundary = `----sizing${randomBytes(8).toString('hex')}`;
  const bytes = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="file"\r\nContent-Type: ${type}\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const key = randomUUID();
  for (let tries = 1; ; tries += 1) {
    const answer = await send(gatewayUrl, 'POST', target, token, { type: `multipart/form-data; boundary=${boundary}`, bytes }, key);
    if (![409, 429, 503, 504].includes(answer.status)) {
      if (answer.status !== 201) throw new Error(`${target}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
      return { answer, tries };
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, answer.retryAfter) * 1000 * (0.5 + Math.random())));
  }
}

/** A JSON request sent again after its Retry-After while refused (a full hashing queue answers 503). */
async function jsonUntilTaken(gatewayUrl: string, target: string, body: unknown): Promise<{ answer: Answer; tries: number }> {
  for (let tries = 1; ; tries += 1) {
    const answer = await send(gatewayUrl, 'POST', target, null, { type: 'application/json', bytes: Buffer.from(JSON.stringify(body)) });
    if (answer.status !== 429 && answer.status !== 503) {
      if (answer.status >= 300) throw new Error(`${target}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
      return { answer, tries };
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, answer.retryAfter) * 1000));
  }
}

/** A CSV file of `rows` valid rows, just under 5 MiB: `columns` then a custom field of `noteCharacters`. */
function importFile(columns: string, row: (i: number) => string, rows = IMPORT_ROWS, noteCharacters = NOTE_CHARACTERS): Buffer {
  const lines = [`${columns},cf_notes`];
  for (let i = 0; i < rows; i += 1) lines.push(`${row(i)},${'n'.repeat(noteCharacters)}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

interface Tenant {
  email: string;
  access: string;
  records: Record<'leads' | 'contacts' | 'accounts', string>;
}

/** Waits until every event stored is published and the audit log (every event's consumer) has stopped growing. */
async function settle(db: Client): Promise<void> {
  const schemas = ['auth', 'leads', 'contacts', 'accounts_opportunities'];
  let last = -1;
  for (let attempt = 0; attempt < 1_200; attempt += 1) {
    const unpublished = schemas.map((schema) => `(SELECT count(*) FROM ${schema}.outbox WHERE published_at IS NULL)`).join(' + ');
    const { rows } = await db.query(`SELECT ${unpublished} AS unpublished, (SELECT count(*) FROM audit.audit_log) AS logged`);
    const logged = Number(rows[0].logged);
    if (Number(rows[0].unpublished) === 0 && logged === last) return;
    last = logged;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error('the events never settled');
}

async function main(): Promise<void> {
  await freshBenchDatabase();
  const serviceEnv = { ...BENCH_ENV, ...SETTINGS, LOG_LEVEL: 'info' };
  // The services as processes; the gateway this starts in the bench's process stays idle: the one measured is the process below.
  const system = await startProcessSystem({ serviceEnv, gatewayEnv: { ...BENCH_ENV, ...SETTINGS } });
  const [port, metricsPort] = [await freePort(), await freePort()];
  const urls = Object.fromEntries(SERVICE_PROCESSES.map(({ name, setting }) => [setting, system.serviceUrls[name]!]));
  const gateway: ServiceProcess = startNodeProcess(path.resolve(__dirname, '../../gateway/dist/main.js'), {
    ...BENCH_ENV,
    ...SETTINGS,
    ...urls,
    INTERNAL_SIGNING_KEY: process.env.GATEWAY_INTERNAL_SIGNING_KEY ?? '',
    GATEWAY_PORT: String(port),
    METRICS_PORT: String(metricsPort),
    LOG_LEVEL: 'info',
  });
  await waitForLine(gateway, 'gateway listening');
  const gatewayUrl = `http://127.0.0.1:${port}`;
  const pids: Record<string, number> = { [GATEWAY]: gateway.child.pid!, ...Object.fromEntries(Object.entries(system.running).map(([name, running]) => [name, running.child.pid!])) };
  const db = new Client({ connectionString: BENCH_ENV.DATABASE_URL });
  await db.connect();
  try {
    const tenants = await setUp(gatewayUrl);
    await warmUp(gatewayUrl, tenants);
    await settle(db);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const resting = Object.fromEntries(WORKLOADS.map((name) => [name, memoryOf(pids[name]!).resident]));

    const phases: Phase[] = [];
    const phase = async (name: string, mix: string, run: () => Promise<{ requests: Record<string, number>; retried: number }>) => {
      for (const pid of Object.values(pids)) writeFileSync(`/proc/${pid}/clear_refs`, '5'); // the peak starts again from now
      const cpuBefore = Object.fromEntries(WORKLOADS.map((workload) => [workload, cpuMsOf(pids[workload]!)]));
      const started = Date.now();
      const { requests, retried } = await run();
      await settle(db);
      const seconds = (Date.now() - started) / 1000;
      const usage = Object.fromEntries(WORKLOADS.map((workload) => [workload, { peak: memoryOf(pids[workload]!).peak, cpuMs: cpuMsOf(pids[workload]!) - cpuBefore[workload]! }]));
      phases.push({ name, mix, requests, retried, seconds, usage });
      console.log(`  ${name}: ${seconds.toFixed(1)} s, ${Object.values(requests).reduce((a, b) => a + b, 0)} requests, ${retried} sent again after a 429/503`);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    };

    console.log('phases:');
    await phase('baseline', `${BASELINE_REQUESTS} × GET /api/leads/?page_size=1, one at a time`, async () => {
      for (let i = 0; i < BASELINE_REQUESTS; i += 1) await api(gatewayUrl, 'GET', '/api/leads/?page_size=1', tenants[0]!.access);
      return { requests: { leads: BASELINE_REQUESTS }, retried: 0 };
    });
    await phase('logins', `${HASH_ROUNDS} rounds of ${LOGINS_PER_ROUND} logins + ${REGISTRATIONS_PER_ROUND} registrations at once (scrypt 2^17)`, () => hashes(gatewayUrl, tenants));
    for (const entity of ['leads', 'contacts'] as const) {
      await phase(`${entity} imports`, `${TENANTS * IMPORTS_PER_TENANT} commits of ${IMPORT_ROWS} rows (4.9 MB) at once`, () => imports(gatewayUrl, tenants, entity, TENANTS * IMPORTS_PER_TENANT));
    }
    await phase('leads imports, 5,000 rows', `${SETTINGS.IMPORTS_AT_ONCE} commits of ${MAX_ROWS} rows (4.5 MB) at once`, () => imports(gatewayUrl, tenants, 'leads', Number(SETTINGS.IMPORTS_AT_ONCE), MAX_ROWS));
    for (const entity of ['leads', 'contacts', 'accounts'] as const) {
      await phase(`${entity} attachments`, `${TENANTS * ATTACHMENTS_PER_TENANT} attachments of 10 MB at once`, () => attachments(gatewayUrl, tenants, entity));
    }
    for (const entity of ['leads', 'contacts'] as const) {
      await phase(`${entity} exports`, `${TENANTS} exports of ${(IMPORTS_PER_TENANT * IMPORT_ROWS).toLocaleString('en')} rows at once`, () => exportAll(gatewayUrl, tenants, entity));
    }
    await phase('lists', `${LIST_CONNECTIONS} clients for ${LIST_SECONDS} s, pages of 100: accounts, opportunities, audit log, leads, contacts`, () => lists(gatewayUrl, tenants));

    report(resting, phases);
  } finally {
    await db.end();
    gateway.child.kill('SIGTERM');
    await gateway.exited;
    await system.close();
  }
}

/** Tenants with their admins, a notes custom field on leads and contacts, and a record of each kind to attach files to. */
async function setUp(gatewayUrl: string): Promise<Tenant[]> {
  const tenants: Tenant[] = [];
  for (let index = 0; index < TENANTS; index += 1) {
    const email = `admin-${index}-${randomUUID().slice(0, 8)}@sizing.test`;
    const registered = await api(gatewayUrl, 'POST', '/api/auth/register/', null, { org_name: `Sizing ${index}`, email, password: PASSWORD });
    const token = registered.access as string;
    for (const entity of ['leads', 'contacts']) {
      await api(gatewayUrl, 'POST', `/api/${entity}/custom-fields/`, token, { key: 'notes', label: 'Notes', field_type: 'text' });
    }
    const lead = await api(gatewayUrl, 'POST', '/api/leads/', token, { first_name: 'Attached' });
    const contact = await api(gatewayUrl, 'POST', '/api/contacts/', token, { first_name: 'Attached' });
    const account = await api(gatewayUrl, 'POST', '/api/accounts/', token, { name: `Attached ${index}` });
    tenants.push({ email, access: token, records: { leads: lead.id, contacts: contact.id, accounts: account.id } });
  }
  // Some accounts to list.
  for (let i = 0; i < 100; i += 1) await api(gatewayUrl, 'POST', '/api/accounts/', tenants[0]!.access, { name: `Listed ${i}` });
  return tenants;
}

/** Every kind of request once: code compiled, pools open, caches filled. */
async function warmUp(gatewayUrl: string, tenants: Tenant[]): Promise<void> {
  const tenant = tenants[0]!;
  await jsonUntilTaken(gatewayUrl, '/api/auth/login/', { email: tenant.email, password: PASSWORD });
  await uploadUntilTaken(gatewayUrl, '/api/leads/import/commit/', tenant.access, Buffer.from('first_name,cf_notes\r\nWarm,n\r\n'), 'text/csv');
  await uploadUntilTaken(gatewayUrl, '/api/contacts/import/commit/', tenant.access, Buffer.from('first_name,cf_notes\r\nWarm,n\r\n'), 'text/csv');
  for (const entity of ['leads', 'contacts', 'accounts'] as const) {
    await uploadUntilTaken(gatewayUrl, `/api/${entity}/${tenant.records[entity]}/attachments/`, tenant.access, randomBytes(1024), 'application/octet-stream');
  }
  for (const target of ['/api/leads/export/', '/api/contacts/export/', '/api/accounts/?page_size=100', '/api/audit-logs/?page_size=100', '/api/opportunities/?page_size=100']) {
    const answer = await send(gatewayUrl, 'GET', target, tenant.access);
    if (answer.status !== 200) throw new Error(`${target}: ${answer.status}`);
  }
}

async function hashes(gatewayUrl: string, tenants: Tenant[]) {
  let retried = 0;
  let requests = 0;
  for (let round = 0; round < HASH_ROUNDS; round += 1) {
    const logins = Array.from({ length: LOGINS_PER_ROUND }, (_, i) => jsonUntilTaken(gatewayUrl, '/api/auth/login/', { email: tenants[i % tenants.length]!.email, password: PASSWORD }));
    const registrations = Array.from({ length: REGISTRATIONS_PER_ROUND }, (_, i) =>
      jsonUntilTaken(gatewayUrl, '/api/auth/register/', { org_name: `Sized ${round}-${i}`, email: `sized-${round}-${i}-${randomUUID().slice(0, 8)}@sizing.test`, password: PASSWORD }),
    );
    for (const { tries } of await Promise.all([...logins, ...registrations])) {
      requests += tries;
      retried += tries - 1;
    }
  }
  return { requests: { auth: requests }, retried };
}

/** `count` imports at once, `IMPORTS_PER_TENANT` a tenant at most (UPLOAD_BYTES_PER_CREDENTIAL). */
async function imports(gatewayUrl: string, tenants: Tenant[], entity: 'leads' | 'contacts', count: number, rows = IMPORT_ROWS) {
  const noteCharacters = rows === IMPORT_ROWS ? NOTE_CHARACTERS : MAX_ROWS_NOTE_CHARACTERS;
  const files = Array.from({ length: count }, (_, f) => {
    const tenant = tenants[f % tenants.length]!;
    const run = `${entity}${rows}x${f}`;
    const file =
      entity === 'leads'
        ? importFile('first_name,last_name,email,company_name,status,source', (i) => `Lead${i},${run},lead${i}.${run}@sizing.test,Company ${i % 50},new,import`, rows, noteCharacters)
        : importFile('first_name,last_name,email', (i) => `Contact${i},${run},contact${i}.${run}@sizing.test`, rows, noteCharacters);
    return { tenant, file };
  });
  const answers = await Promise.all(files.map(({ tenant, file }) => uploadUntilTaken(gatewayUrl, `/api/${entity}/import/commit/`, tenant.access, file, 'text/csv')));
  for (const { answer } of answers) if (answer.body.created !== rows) throw new Error(`an import created ${answer.body.created} rows`);
  const tries = answers.reduce((sum, { tries }) => sum + tries, 0);
  return { requests: { [entity]: tries, 'import-export': tries }, retried: tries - answers.length };
}

async function attachments(gatewayUrl: string, tenants: Tenant[], entity: 'leads' | 'contacts' | 'accounts') {
  const file = randomBytes(ATTACHMENT_BYTES);
  const sent = tenants.flatMap((tenant) => Array.from({ length: ATTACHMENTS_PER_TENANT }, () => tenant));
  const answers = await Promise.all(sent.map((tenant) => uploadUntilTaken(gatewayUrl, `/api/${entity}/${tenant.records[entity]}/attachments/`, tenant.access, file, 'application/octet-stream')));
  const tries = answers.reduce((sum, { tries }) => sum + tries, 0);
  return { requests: { [entity === 'accounts' ? 'accounts-opportunities' : entity]: tries }, retried: tries - answers.length };
}

/** Reads each export to its last byte, counting its lines. */
async function exportAll(gatewayUrl: string, tenants: Tenant[], entity: 'leads' | 'contacts') {
  const rows = await Promise.all(
    tenants.map(
      (tenant) =>
        new Promise<number>((resolve, reject) => {
          http
            .get(new URL(`/api/${entity}/export/`, gatewayUrl), { agent: false, headers: { authorization: `Bearer ${tenant.access}` } }, (res) => {
              if (res.statusCode !== 200) reject(new Error(`export: ${res.statusCode}`));
              let lines = 0;
              res.on('data', (chunk: Buffer) => {
                for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) lines += 1;
              });
              res.on('end', () => resolve(lines - 1));
            })
            .on('error', reject);
        }),
    ),
  );
  // Each tenant holds its imports' rows and the record attachments were put on.
  if (rows.some((count) => count < IMPORTS_PER_TENANT * IMPORT_ROWS)) throw new Error(`exports of ${rows.join(', ')} rows`);
  return { requests: { [entity]: tenants.length, 'import-export': tenants.length }, retried: 0 };
}

async function lists(gatewayUrl: string, tenants: Tenant[]) {
  const targets: Array<[string, string]> = [
    ['accounts-opportunities', '/api/accounts/?page_size=100'],
    ['accounts-opportunities', '/api/opportunities/?page_size=100'],
    ['audit', '/api/audit-logs/?page_size=100'],
    ['leads', '/api/leads/?page_size=100'],
    ['contacts', '/api/contacts/?page_size=100'],
  ];
  const requests: Record<string, number> = {};
  const until = Date.now() + LIST_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: LIST_CONNECTIONS }, async (_, connection) => {
      for (let i = connection; Date.now() < until; i += 1) {
        const [service, target] = targets[i % targets.length]!;
        const answer = await send(gatewayUrl, 'GET', target, tenants[connection % tenants.length]!.access);
        if (answer.status !== 200) throw new Error(`${target}: ${answer.status}`);
        requests[service] = (requests[service] ?? 0) + 1;
      }
    }),
  );
  return { requests, retried: 0 };
}

const roundUpTo64Mi = (bytes: number) => Math.ceil(bytes / (64 * MIB)) * 64;
const mb = (bytes: number) => (bytes / MIB).toFixed(0);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

/** The workload a request's CPU is counted against: what the phase sent it to (the gateway: every request). */
function cpuPerRequest(workload: string, phases: Phase[]): { ms: number; phase: Phase } | undefined {
  let heaviest: { ms: number; phase: Phase } | undefined;
  for (const phase of phases.filter(({ name }) => name !== 'baseline')) {
    const sent = workload === GATEWAY ? Object.values(phase.requests).reduce((a, b) => Math.max(a, b), 0) : phase.requests[workload];
    if (!sent) continue;
    const ms = phase.usage[workload]!.cpuMs / sent;
    if (!heaviest || ms > heaviest.ms) heaviest = { ms, phase };
  }
  return heaviest;
}

function report(resting: Record<string, number>, phases: Phase[]): void {
  const baseline = phases.find(({ name }) => name === 'baseline')!;
  const baselineMs = (baseline.usage.leads!.cpuMs + baseline.usage[GATEWAY]!.cpuMs) / BASELINE_REQUESTS;
  console.log(`\nbaseline: a one-record list costs ${baselineMs.toFixed(2)} ms of CPU (gateway and leads), ${(BASELINE_REQUESTS / baseline.seconds).toFixed(0)} requests/s one at a time`);

  console.log('\npeak resident memory by phase (MB; growth over resting in brackets):');
  console.log(`  ${'phase'.padEnd(22)}${WORKLOADS.map((workload) => workload.padStart(24)).join('')}`);
  for (const phase of phases) {
    console.log(`  ${phase.name.padEnd(22)}${WORKLOADS.map((workload) => `${mb(phase.usage[workload]!.peak)} (+${mb(phase.usage[workload]!.peak - resting[workload]!)})`.padStart(24)).join('')}`);
  }
  console.log(`  ${'phase: its mix'.padEnd(22)}`);
  for (const phase of phases) console.log(`    ${phase.name}: ${phase.mix}`);

  const sizing: Record<string, { restingMiB: number; peakMiB: number; peakPhase: string; cpuMsPerRequest: number | null; cpuMix: string | null; requestMi: number; limitMi: number }> = {};
  console.log('\nper workload (limit = peak × 1.25, request = resting + median growth of the phases, each rounded up to 64 MiB):');
  console.log('| Workload | resting MB | peak MB (phase) | CPU ms per request (÷ baseline), its mix | memory request | memory limit |');
  console.log('|---|---|---|---|---|---|');
  for (const workload of WORKLOADS) {
    const measured = phases.filter(({ name }) => name !== 'baseline');
    const peakPhase = measured.reduce((top, phase) => (phase.usage[workload]!.peak > top.usage[workload]!.peak ? phase : top));
    const peak = peakPhase.usage[workload]!.peak;
    const growth = median(measured.map((phase) => Math.max(0, phase.usage[workload]!.peak - resting[workload]!)));
    const cpu = cpuPerRequest(workload, phases);
    const requestMi = roundUpTo64Mi(resting[workload]! + growth);
    const limitMi = roundUpTo64Mi(peak * 1.25);
    sizing[workload] = {
      restingMiB: Math.round(resting[workload]! / MIB),
      peakMiB: Math.round(peak / MIB),
      peakPhase: peakPhase.name,
      cpuMsPerRequest: cpu ? Number(cpu.ms.toFixed(1)) : null,
      cpuMix: cpu ? cpu.phase.name : null,
      requestMi,
      limitMi,
    };
    const cpuText = cpu ? `${cpu.ms.toFixed(1)} (${(cpu.ms / baselineMs).toFixed(0)}×), ${cpu.phase.name}` : '–';
    console.log(`| ${workload} | ${mb(resting[workload]!)} | ${mb(peak)} (${peakPhase.name}) | ${cpuText} | ${requestMi}Mi | ${limitMi}Mi |`);
  }
  if (WRITE) {
    const file = path.resolve(__dirname, '../../k8s/sizing.json');
    const document = {
      $comment: 'Written by `node bench/dist/sizing.js --write` (docs/benchmarks.md §14); test/deploy/k8s-sizing.test.ts holds the manifests to it.',
      measured: new Date().toISOString().slice(0, 10),
      rule: 'limit = peak × 1.25, request = resting + median growth of the phases, each rounded up to 64 MiB',
      settings: SETTINGS,
      baselineCpuMs: Number(baselineMs.toFixed(2)),
      workloads: sizing,
    };
    writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
    console.log(`\nwritten: ${file}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
