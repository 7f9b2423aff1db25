import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { topologyNames } from '@crm/platform';
import { freePort, SERVICE_PROCESSES, startNodeProcess, waitForLine, type ServiceProcess } from '@crm/system';
import amqp from 'amqplib';
import { Client } from 'pg';
import { deliveryChecks, waitForDelivery } from './support/event-delivery';
import { eventually, request, sleep, type Answer } from './support/http';
import { previousRelease, prepareRelease, REPOSITORY, type ReleaseTree } from './support/release-tree';
import { report, runScript, type Check } from './support/report';
import { reliabilityServers, type Servers } from './support/servers';

/**
 * Release compatibility (expand/contract, docs/operations.md §9): release N, the commit deploy/releases/previous.txt
 * names, runs on release N+1's schema, and back. A rollout runs the pods of both releases on the new schema, and a
 * rollback runs the old release on it, so each release's migrations must only add what the one before can ignore.
 *
 * Release N is extracted with `git archive` into a folder of its own and built with its own tsc
 * (support/release-tree.ts). Then, on one database, broker namespace and Redis db:
 *   0. this checkout's migrations are applied, as the migration Job does (release N+1's schema);
 *   a. release N's services and gateway, each its own process, serve a client: register, create a lead, a contact,
 *      an account, an opportunity and a task, list them, update with If-Match (a stale ETag: 412), convert a lead,
 *      import a file, export, and the events reach the audit log;
 *   b. this checkout's services and gateway on the same database: what N wrote reads the same (ETags included), the
 *      session N opened still holds, and the same flow writes more;
 *   c. rollback: release N again reads what N+1 wrote, and writes once more.
 * Between two releases every event is delivered first (the pods of one release are stopped before the other's
 * start): this checks the schema and the stored data, not two releases' pods side by side.
 *
 *   npm run test:reliability -- release-compatibility
 */
const SCRIPT = 'release-compatibility';
const run = promisify(execFile);
const DELIVERY_WAIT_MS = 60_000;
/** How long a client waits for what a conversion makes, or for an event's audit entry. */
const EVENTUAL_MS = 30_000;

runScript(SCRIPT, 15 * 60_000, async () => {
  const started = Date.now();
  const commit = previousRelease();
  const tree = prepareRelease(commit);
  const prepared = (Date.now() - started) / 1000;
  console.log(
    `release N ${tree.commit} in ${tree.root}: ${tree.reused ? 'built by an earlier run' : `extracted in ${tree.extractSeconds.toFixed(1)} s, built in ${tree.buildSeconds.toFixed(1)} s`}`,
  );
  for (const line of tree.dependencyDifferences) console.log(`  runs with this checkout's ${line}`);
  for (const line of tree.typeErrors.slice(0, 10)) console.log(`  type error of release N against this checkout's dependencies: ${line}`);

  const servers = await reliabilityServers(SCRIPT, 14);
  const db = new Client({ connectionString: servers.databaseUrl });
  await db.connect();
  const timings: Record<string, string> = { 'release N prepared (s)': prepared.toFixed(1) };
  let outcome: Parameters<typeof report>;
  try {
    outcome = await releasesOnOneSchema(tree, servers, db, timings);
  } finally {
    await db.end();
    await servers.close();
  }
  report(...outcome);
});

async function releasesOnOneSchema(tree: ReleaseTree, servers: Servers, db: Client, timings: Record<string, string>): Promise<Parameters<typeof report>> {
  const migrations = compareMigrations(tree.root);
  const env = processEnv(servers);
  const time = async <T>(what: string, step: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    try {
      return await step();
    } finally {
      timings[`${what} (s)`] = ((Date.now() - started) / 1000).toFixed(1);
    }
  };

  await time('0. migrations of this checkout applied', () => migrate(env, servers.databaseUrl));
  const failures: Record<string, string[]> = { a: [], b: [], c: [] };
  const deliveries: Check[] = [];
  const stops: Check[] = [];

  // a. Release N on release N+1's schema.
  let system = await time('a. release N started', () => startRelease(tree.root, env));
  const { client, written: writtenA } = await time('a. release N served the flow', async () => {
    const registered = await registerTenant(system.gatewayUrl, failures.a!);
    const api = new Api(system.gatewayUrl, registered, failures.a!);
    return { client: registered, written: await flow(api, 'a') };
  });
  deliveries.push(...(await delivered(db, 'a')));
  stops.push(...(await stopRelease(system, 'release N (a)')));

  // b. This checkout on the same database: reads what N wrote, writes more.
  system = await time('b. this checkout started', () => startRelease(REPOSITORY, env));
  const writtenB = await time('b. this checkout read N and served the flow', async () => {
    const api = new Api(system.gatewayUrl, client, failures.b!);
    await api.check('the session release N opened', 200, 'GET', '/api/auth/me/');
    await readBack(api, writtenA, 'b');
    return flow(api, 'b');
  });
  deliveries.push(...(await delivered(db, 'b')));
  stops.push(...(await stopRelease(system, 'this checkout (b)')));

  // c. Rollback: release N again, on the schema and the data release N+1 left.
  system = await time('c. release N started again', () => startRelease(tree.root, env));
  await time('c. release N read N+1 and served the flow', async () => {
    const api = new Api(system.gatewayUrl, client, failures.c!);
    await api.check('the session, after a rollback', 200, 'GET', '/api/auth/me/');
    await readBack(api, writtenB, 'c');
    await readBack(api, writtenA, 'c');
    await flow(api, 'c');
  });
  deliveries.push(...(await delivered(db, 'c')));
  stops.push(...(await stopRelease(system, 'release N (c)')));

  for (const [phase, list] of Object.entries(failures)) for (const failure of list.slice(0, 20)) console.log(`  unexpected in ${phase}: ${failure}`);
  return [
    SCRIPT,
    {
      'release N': tree.commit,
      'release N built': tree.reused ? 'by an earlier run' : `extracted ${tree.extractSeconds.toFixed(1)} s, tsc -b ${tree.buildSeconds.toFixed(1)} s`,
      "release N's dependencies that differ here": tree.dependencyDifferences.length,
      "release N's type errors against them": tree.typeErrors.length,
      'migrations this checkout adds': migrations.added.join(', ') || 'none',
      ...timings,
    },
    [
      { what: "migrations of release N missing or changed in this checkout (frozen, forward only)", value: migrations.changed.length },
      { what: 'release N has the same migrations as this checkout (previous.txt names a release whose schema differs)', value: migrations.added.length === 0 ? 1 : 0 },
      { what: 'unexpected answers: a. release N on the new schema', value: failures.a!.length },
      { what: 'unexpected answers: b. this checkout after release N', value: failures.b!.length },
      { what: 'unexpected answers: c. release N again (rollback)', value: failures.c!.length },
      ...deliveries,
      { what: 'events dead-lettered', value: await deadLetters(servers) },
      ...stops,
    ],
  ];
}

/** Settings of every process of either release: the script's servers, pools small, migrations left to the migrate step. */
function processEnv(servers: Servers): Record<string, string> {
  return {
    ...servers.env,
    NODE_ENV: 'development',
    DATABASE_POOL_SIZE: '4',
    DATABASE_MIGRATE_ON_START: 'false',
    // Auth's e-mail (no SMTP_URL here) is written as files there, outside the working tree.
    EMBEDDED_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'crm-release-compatibility-')),
    // Each process its own development key (release N+1); release N reads INTERNAL_TOKEN_SECRET, unset: its own default.
    INTERNAL_SIGNING_KEY: '',
  };
}

/** This checkout's migrate step of every service, as the migration Job runs it (straight to the database, not through the proxy). */
async function migrate(env: Record<string, string>, databaseUrl: string): Promise<void> {
  for (const { name } of SERVICE_PROCESSES) {
    await run(process.execPath, [path.join(REPOSITORY, `services/${name}/dist/main.js`), 'migrate'], { env: { ...process.env, ...env, DATABASE_URL: databaseUrl } }).catch(
      (error: { stdout?: string; stderr?: string }) => {
        throw new Error(`the migrate step of ${name} failed: ${String(error.stdout).slice(-2000)}${String(error.stderr).slice(-2000)}`);
      },
    );
  }
}

/** Each service's frozen migrations (checksums.txt): those this checkout adds, and those of N it lacks or changed. */
function compareMigrations(releaseRoot: string): { added: string[]; changed: string[] } {
  const added: string[] = [];
  const changed: string[] = [];
  for (const { name } of SERVICE_PROCESSES) {
    const lines = (root: string) => {
      const file = path.join(root, `services/${name}/migrations/checksums.txt`);
      return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
    };
    const here = new Set(lines(REPOSITORY));
    const there = lines(releaseRoot);
    changed.push(...there.filter((line) => !here.has(line)).map((line) => `${name} ${line}`));
    const thereFiles = new Set(readdirSync(path.join(releaseRoot, `services/${name}/migrations`)));
    added.push(...readdirSync(path.join(REPOSITORY, `services/${name}/migrations`)).filter((file) => file.endsWith('.sql') && !thereFiles.has(file)).map((file) => `${name} ${file.split('-')[0]}`));
  }
  return { added, changed };
}

/** A release's system: each service and the gateway a process of its own, from `root`'s compiled entry points. */
interface ReleaseSystem {
  gatewayUrl: string;
  processes: Array<{ name: string; process: ServiceProcess }>;
}

async function startRelease(root: string, env: Record<string, string>): Promise<ReleaseSystem> {
  const ports: Record<string, number> = {};
  for (const name of [...SERVICE_PROCESSES.map((service) => service.name), 'gateway', 'metrics']) {
    let port: number;
    while (Object.values(ports).includes((port = await freePort())));
    ports[name] = port;
  }
  const urls = Object.fromEntries(SERVICE_PROCESSES.map(({ name, setting }) => [setting, `http://127.0.0.1:${ports[name]}`]));
  const common = { ...env, ...urls, PUBLIC_BASE_URL: `http://127.0.0.1:${ports.gateway}` };
  // All at once, as a cluster starts them: the queues exist from the first start on, before any write.
  const processes = SERVICE_PROCESSES.map(({ name }) => ({
    name,
    process: startNodeProcess(path.join(root, `services/${name}/dist/main.js`), { ...common, PORT: String(ports[name]) }),
  }));
  await Promise.all(processes.map(({ process }) => waitForLine(process, 'listening', 120_000)));
  const gateway = startNodeProcess(path.join(root, 'gateway/dist/main.js'), {
    ...common,
    GATEWAY_PORT: String(ports.gateway),
    METRICS_PORT: String(ports.metrics),
    THROTTLE_RATES: 'read=100000/hour,write=100000/hour,anon=100000/minute,unauthenticated=100000/minute',
  });
  await waitForLine(gateway, 'gateway listening', 60_000);
  return { gatewayUrl: `http://127.0.0.1:${ports.gateway}`, processes: [{ name: 'gateway', process: gateway }, ...processes] };
}

/** SIGTERM to every process, the gateway first; each must exit 0 (a graceful stop) and log no error. */
async function stopRelease(system: ReleaseSystem, label: string): Promise<Check[]> {
  const [gateway, ...services] = system.processes;
  gateway!.process.child.kill('SIGTERM');
  await gateway!.process.exited;
  for (const { process } of services) process.child.kill('SIGTERM');
  const codes = await Promise.all(system.processes.map(({ process }) => process.exited));
  const errors = system.processes.flatMap(({ name, process }) =>
    process.lines.filter((line) => line.level === 'error' || line.level === 'fatal' || line.level === 50 || line.level === 60).map((line) => `${name}: ${JSON.stringify(line).slice(0, 400)}`),
  );
  for (const error of errors.slice(0, 10)) console.log(`  ${label} logged: ${error}`);
  return [
    { what: `${label}: processes that did not exit 0 on SIGTERM`, value: codes.filter((code) => code !== 0).length },
    { what: `${label}: error lines logged`, value: errors.length },
  ];
}

async function delivered(db: Client, phase: string): Promise<Check[]> {
  const delivery = await waitForDelivery(db, DELIVERY_WAIT_MS);
  return deliveryChecks(delivery).map((check) => ({ ...check, what: `${phase}. ${check.what}` }));
}

/** Messages in the namespace's dead-letter queue: an event a consumer of either release refused. */
async function deadLetters(servers: Servers): Promise<number> {
  const connection = await amqp.connect(process.env.RELIABILITY_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672');
  try {
    const channel = await connection.createChannel();
    const { messageCount } = await channel.checkQueue(topologyNames(servers.env.AMQP_NAMESPACE!).deadLetterQueue);
    return messageCount;
  } finally {
    await connection.close();
  }
}

interface Tenant {
  email: string;
  access: string;
}

async function registerTenant(gatewayUrl: string, failures: string[]): Promise<Tenant> {
  const email = `admin-${Date.now().toString(36)}@release.test`;
  const answer = await request(gatewayUrl, 'POST', '/api/auth/register/', { body: { org_name: 'Release compatibility', email, password: 'correct horse battery' } });
  if (answer.status !== 201) {
    failures.push(`register → ${answer.status} ${answer.text.slice(0, 200)}`);
    throw new Error(`register: ${answer.status} ${answer.text.slice(0, 300)}`);
  }
  return { email, access: answer.body.access };
}

/** A client of the gateway as an application is: it honours a 503's Retry-After; every other unexpected answer is noted. */
class Api {
  constructor(
    private readonly gatewayUrl: string,
    private readonly tenant: Tenant,
    readonly failures: string[],
  ) {}

  async send(method: string, path: string, options: { body?: unknown; form?: FormData; headers?: Record<string, string> } = {}): Promise<Answer> {
    for (let attempt = 0; ; attempt += 1) {
      const answer = await request(this.gatewayUrl, method, path, { token: this.tenant.access, ...options });
      if (answer.status !== 503 || attempt >= 20) return answer;
      await sleep(250);
    }
  }

  /** The answer when its status is `expected`; otherwise undefined, and the failure noted. */
  async check(what: string, expected: number, method: string, path: string, options: { body?: unknown; form?: FormData; headers?: Record<string, string> } = {}): Promise<Answer | undefined> {
    const answer = await this.send(method, path, options);
    if (answer.status === expected) return answer;
    this.failures.push(`${what}: ${method} ${path} → ${answer.status} ${answer.text.slice(0, 200)} (expected ${expected})`);
    return undefined;
  }

  fail(what: string): void {
    this.failures.push(what);
  }
}

/** What one release wrote in its flow, for the next release to read. */
interface Written {
  phase: string;
  /** In every name the flow wrote: its records are found by it. */
  mark: string;
  leadId?: string;
  leadTitle?: string;
  /** The lead's ETag after its last change. */
  leadEtag?: string;
  convertedLeadId?: string;
  conversion?: { contact_id: string; account_id: string; opportunity_id: string | null };
  accountId?: string;
  contactId?: string;
  opportunityId?: string;
  taskId?: string;
  importedIds: string[];
}

/** The client flow of one release: every kind of write, lists, an ETag round, a conversion, an import, an export, the audit log. */
async function flow(api: Api, phase: string): Promise<Written> {
  const mark = `Rc${phase}${Date.now().toString(36)}`;
  const written: Written = { phase, mark, importedIds: [] };
  const account = await api.check('create an account', 201, 'POST', '/api/accounts/', { body: { name: `${mark} Account`, industry: 'Software' } });
  written.accountId = account?.body.id;
  const contact = await api.check('create a contact', 201, 'POST', '/api/contacts/', {
    body: { first_name: mark, last_name: 'Contact', email: `${mark.toLowerCase()}@contact.test`, account_id: written.accountId },
  });
  written.contactId = contact?.body.id;
  const lead = await api.check('create a lead', 201, 'POST', '/api/leads/', { body: { first_name: mark, last_name: 'Lead', company_name: `${mark} Ltd`, email: `${mark.toLowerCase()}@lead.test` } });
  written.leadId = lead?.body.id;
  const toConvert = await api.check('create a lead to convert', 201, 'POST', '/api/leads/', {
    body: { first_name: mark, last_name: 'Converted', company_name: `${mark} Converted Ltd`, opportunity_amount: '1000.00' },
  });
  const opportunity = await api.check('create an opportunity', 201, 'POST', '/api/opportunities/', {
    body: { name: `${mark} Deal`, account_id: written.accountId, contact_ids: written.contactId ? [written.contactId] : [], amount: '500.00' },
  });
  written.opportunityId = opportunity?.body.id;
  const task = await api.check('create a task', 201, 'POST', '/api/tasks/', { body: { title: `${mark} Call`, lead_id: written.leadId, account_id: written.accountId } });
  written.taskId = task?.body.id;

  // Lists: each new record is on its entity's first page (the tenant holds a few dozen records at most).
  for (const [entity, id] of [['leads', written.leadId], ['contacts', written.contactId], ['accounts', written.accountId], ['opportunities', written.opportunityId], ['tasks', written.taskId]] as const) {
    const list = await api.check(`list ${entity}`, 200, 'GET', `/api/${entity}/?page_size=100`);
    if (list && id && !list.body.results.some((record: { id: string }) => record.id === id)) api.fail(`list ${entity}: ${id} is not listed`);
  }

  // Safe writes: an update with the record's ETag; the same ETag again is stale (412).
  if (lead) {
    const etag = lead.headers.get('etag')!;
    written.leadTitle = `Updated in ${phase}`;
    const updated = await api.check('update a lead with If-Match', 200, 'PATCH', `/api/leads/${written.leadId}/`, { body: { title: written.leadTitle }, headers: { 'if-match': etag } });
    written.leadEtag = updated?.headers.get('etag') ?? undefined;
    if (updated && written.leadEtag === etag) api.fail('update a lead: the ETag did not change');
    await api.check('update a lead with a stale ETag', 412, 'PATCH', `/api/leads/${written.leadId}/`, { body: { title: 'Stale' }, headers: { 'if-match': etag } });
  }

  // A conversion: the records it makes are readable (they may come a moment after the answer).
  if (toConvert) {
    written.convertedLeadId = toConvert.body.id;
    const converted = await api.check('convert a lead', 200, 'PUT', `/api/leads/${written.convertedLeadId}/`, {
      body: { first_name: mark, last_name: 'Converted', company_name: `${mark} Converted Ltd`, opportunity_amount: '1000.00', status: 'converted' },
      headers: { 'if-match': toConvert.headers.get('etag')! },
    });
    if (converted) {
      written.conversion = { contact_id: converted.body.contact_id, account_id: converted.body.account_id, opportunity_id: converted.body.opportunity_id };
      if (!written.conversion.opportunity_id) api.fail('convert a lead with an amount: no opportunity');
      await readable(api, 'the conversion', [
        ['contacts', written.conversion.contact_id],
        ['accounts', written.conversion.account_id],
        ['opportunities', written.conversion.opportunity_id],
      ]);
    }
  }

  // An import, then an export holding every lead of the flow.
  const rows = [1, 2, 3].map((n) => `${mark},Imported ${n},${mark.toLowerCase()}-${n}@import.test`);
  const form = new FormData();
  form.append('file', new Blob([`first_name,last_name,email\r\n${rows.join('\r\n')}\r\n`], { type: 'text/csv' }), 'leads.csv');
  const imported = await api.check('import leads', 201, 'POST', '/api/leads/import/commit/', { form });
  if (imported && imported.body.created !== 3) api.fail(`import leads: created ${imported.body.created}, not 3`);
  written.importedIds = imported?.body.ids ?? [];
  await exported(api, written);

  // The events of the flow reach the audit log.
  await audited(api, 'the flow', [
    [written.leadId, ['lead.created', 'lead.updated']],
    [written.convertedLeadId, ['lead.created', 'lead.converted']],
    [written.accountId, ['account.created']],
    [written.contactId, ['contact.created']],
    [written.opportunityId, ['opportunity.created']],
    [written.taskId, ['task.created']],
    ...written.importedIds.map((id): [string, string[]] => [id, ['lead.created']]),
  ]);
  return written;
}

/** Another release reads what `written`'s release wrote, as it wrote it, and changes it with the ETag it was given. */
async function readBack(api: Api, written: Written, phase: string): Promise<void> {
  const from = `written in ${written.phase}`;
  if (written.leadId) {
    const lead = await api.check(`read a lead ${from}`, 200, 'GET', `/api/leads/${written.leadId}/`);
    if (lead && lead.body.title !== written.leadTitle) api.fail(`read a lead ${from}: title ${JSON.stringify(lead.body.title)}, not ${JSON.stringify(written.leadTitle)}`);
    if (lead && lead.headers.get('etag') !== written.leadEtag) api.fail(`read a lead ${from}: ETag ${lead.headers.get('etag')}, not the ${written.leadEtag} its last write answered`);
    written.leadTitle = `Updated again in ${phase}`;
    const updated = await api.check(`update a lead ${from} with its ETag`, 200, 'PATCH', `/api/leads/${written.leadId}/`, {
      body: { title: written.leadTitle },
      headers: { 'if-match': written.leadEtag ?? '"none"' },
    });
    written.leadEtag = updated?.headers.get('etag') ?? written.leadEtag;
  }
  if (written.convertedLeadId) {
    const converted = await api.check(`read a converted lead ${from}`, 200, 'GET', `/api/leads/${written.convertedLeadId}/`);
    if (converted && converted.body.status !== 'converted') api.fail(`read a converted lead ${from}: status ${converted.body.status}`);
  }
  await readable(api, from, [
    ['accounts', written.accountId],
    ['contacts', written.contactId],
    ['opportunities', written.opportunityId],
    ['tasks', written.taskId],
    ['contacts', written.conversion?.contact_id],
    ['accounts', written.conversion?.account_id],
    ['opportunities', written.conversion?.opportunity_id],
    ...written.importedIds.map((id): [string, string] => ['leads', id]),
  ]);
  if (written.accountId) await api.check(`update an account ${from}`, 200, 'PATCH', `/api/accounts/${written.accountId}/`, { body: { industry: `Changed in ${phase}` } });
  if (written.taskId) await api.check(`update a task ${from}`, 200, 'PATCH', `/api/tasks/${written.taskId}/`, { body: { status: 'done' } });
  await exported(api, written);
  await audited(api, from, [
    [written.leadId, ['lead.created', 'lead.updated']],
    [written.accountId, ['account.created', 'account.updated']],
    [written.taskId, ['task.created', 'task.updated']],
  ]);
}

/** Each record answers its detail GET (within EVENTUAL_MS: a conversion's records come a moment after its answer). */
async function readable(api: Api, what: string, records: Array<readonly [string, string | null | undefined]>): Promise<void> {
  for (const [entity, id] of records) {
    if (!id) continue;
    const found = await eventually(async () => ((await api.send('GET', `/api/${entity}/${id}/`)).status === 200 ? true : undefined), EVENTUAL_MS, 250);
    if (!found) api.fail(`${what}: GET /api/${entity}/${id}/ never answered 200`);
  }
}

/** The export of the leads whose names hold the flow's mark holds every one of them. */
async function exported(api: Api, written: Written): Promise<void> {
  const answer = await api.check(`export the leads of ${written.phase}`, 200, 'GET', `/api/leads/export/?search=${written.mark}`);
  if (!answer) return;
  if (!answer.headers.get('content-type')?.startsWith('text/csv')) api.fail(`export: content-type ${answer.headers.get('content-type')}`);
  const expected = [written.leadId, written.convertedLeadId, ...written.importedIds].filter((id): id is string => Boolean(id));
  const missing = expected.filter((id) => !answer.text.includes(id));
  if (missing.length > 0) api.fail(`export of ${written.phase}: ${missing.length} of ${expected.length} leads missing`);
}

/** Each record's audit entries include the types named (each event written, published, consumed by audit). */
async function audited(api: Api, what: string, expected: Array<[string | undefined, string[]]>): Promise<void> {
  for (const [recordId, types] of expected) {
    if (!recordId) continue;
    let seen: string[] = [];
    const complete = await eventually(
      async () => {
        const answer = await api.send('GET', `/api/audit-logs/?record_id=${recordId}&page_size=100`);
        seen = answer.status === 200 ? answer.body.results.map((entry: { type: string }) => entry.type) : [];
        return types.every((type) => seen.includes(type)) ? true : undefined;
      },
      EVENTUAL_MS,
      250,
    );
    if (!complete) api.fail(`audit log of ${what}: ${recordId} has ${JSON.stringify(seen)}, not all of ${JSON.stringify(types)}`);
  }
}
