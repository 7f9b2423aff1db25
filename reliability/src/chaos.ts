import { randomUUID } from 'node:crypto';
import { startProcessSystem, SERVICE_PROCESSES, type ProcessSystem, type ServiceProcess } from '@crm/system';
import amqp from 'amqplib';
import { Client } from 'pg';
import { eventually, request, sleep, type Answer } from './support/http';
import { inPool } from './support/raw-request';
import { report, runScript } from './support/report';
import { REAL_RESTARTS, reliabilityServers, type ServerName, type Servers } from './support/servers';
import { registerTenant, type ScriptTenant } from './support/tenants';

/**
 * Reliability 1: writes under chaos. 500 lead creates, 50 import commits of 10 rows, 100 lead conversions
 * and 100 merges (lead merges and contact merges, each merged-away record carrying a task and the
 * contacts an opportunity), and 100 rounds of two clients racing GET-then-PUT on one lead, are sent by a
 * few clients while a chaos loop SIGKILLs random services (restarting them after a moment) and takes
 * RabbitMQ or PostgreSQL away (through the fault proxies; real restarts with
 * RELIABILITY_REAL_RESTARTS=1). Clients behave like careful real ones (api-contract §6): every write carries
 * an Idempotency-Key; a request that failed for the infrastructure (no answer, 5xx) or met its key still
 * running (409) is sent again with the same key until it has a definite answer; and a quarter of the
 * definite answers are "lost" — the request is sent once more with its key, and must get the same
 * answer back, replayed.
 *
 * Afterwards, once the system has settled (bounded wait), it checks straight from the database: every
 * create and every imported row exists exactly once, every conversion done exactly once (one account,
 * one contact, one opportunity with an amount, per converted lead, and no other), every merge done
 * (merged-away records gone, their task and opportunity on the keeper), every link on a live record,
 * every outbox drained, each dead-lettered message explained (its consumer's inbox shows the message as
 * handled), each race round one 200 and one 412, every repeat answered as the first, and no answer was
 * a 500 (an outage answers 503); exits 1 if any of these fails.
 *
 *   npm run test:reliability -- chaos        CHAOS_SEED=7 to replay a run's choices
 */
const CREATES = 500;
const IMPORTS = 50;
const ROWS_PER_IMPORT = 10;
const CONVERSIONS = 100;
const LEAD_MERGES = 60;
const CONTACT_MERGES = 40;
const RACE_ROUNDS = 100;
const CLIENTS = 4;
/** The share of definite answers a client "loses" and asks for again with the same key. */
const LOST_ANSWERS = 0.25;
const SETTLE_MS = 180_000;
const SEED = Number(process.env.CHAOS_SEED ?? Date.now() % 100_000);

/** A small deterministic generator, so a run's chaos can be replayed with its seed. */
function generator(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}
const random = generator(SEED);
const between = (low: number, high: number) => Math.floor(low + random() * (high - low));
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

interface Workload {
  /** Each answered id of a create, and of the rows of an import (ids come from the answers). */
  createdIds: Set<string>;
  racer: string;
  conversions: Array<{ leadId: string; body: Record<string, unknown>; hasAmount: boolean }>;
  leadMerges: Array<{ keeperId: string; otherId: string; taskId: string }>;
  contactMerges: Array<{ keeperId: string; otherId: string; taskId: string; opportunityId: string }>;
}

/** Counts of what the clients went through. */
const seen = {
  requests: 0,
  retried: 0,
  noAnswer: 0,
  keyStillRunning: 0,
  status5xx: {} as Record<number, number>,
  unexpected: [] as string[],
  lostAnswers: 0,
  replayedAnswers: 0,
  /** Race rounds answered one 200 and one 412. */
  racesDecided: 0,
};

/**
 * Sends a request until it has a definite answer: no answer or a 5xx is the infrastructure failing, a
 * 409 of a keyed write is its first attempt still running (or its process dead, until its lease runs
 * out), and a client sends it again (at most `limitMs`). The definite answer is returned.
 */
async function untilAnswered(send: () => Promise<Answer>, limitMs = 120_000): Promise<Answer> {
  const deadline = Date.now() + limitMs;
  for (let attempt = 0; ; attempt += 1) {
    seen.requests += 1;
    if (attempt > 0) seen.retried += 1;
    const answer = await send();
    const keyStillRunning = answer.status === 409 && /Idempotency-Key/.test(answer.text);
    if (answer.status !== 0 && answer.status < 500 && !keyStillRunning) return answer;
    if (answer.status === 0) seen.noAnswer += 1;
    else if (keyStillRunning) seen.keyStillRunning += 1;
    else seen.status5xx[answer.status] = (seen.status5xx[answer.status] ?? 0) + 1;
    if (Date.now() > deadline) return answer;
    await sleep(keyStillRunning ? 1000 : 200 + attempt * 50);
  }
}

/**
 * A write as a careful client sends it: with an Idempotency-Key, again until answered; a quarter of the
 * time it "loses" the answer and sends the request once more, which must be answered the same, replayed.
 */
async function keyedWrite(what: string, send: (headers: Record<string, string>) => Promise<Answer>): Promise<Answer> {
  const headers = { 'Idempotency-Key': randomUUID() };
  const answer = await untilAnswered(() => send(headers));
  if (random() >= LOST_ANSWERS) return answer;
  seen.lostAnswers += 1;
  const again = await untilAnswered(() => send(headers));
  if (again.headers.get('idempotent-replayed') === 'true') seen.replayedAnswers += 1;
  if (again.status !== answer.status || again.headers.get('idempotent-replayed') !== 'true' || again.body?.id !== answer.body?.id) {
    seen.unexpected.push(`${what}, repeated with its key: ${again.status} (replayed: ${again.headers.get('idempotent-replayed')}) after ${answer.status}`);
  }
  return answer;
}

/** A set-up write, before any chaos: one POST, answered 201 (an id is usable everywhere once created). */
async function created(gateway: string, token: string, path: string, body: Record<string, unknown>): Promise<string> {
  const answer = await request(gateway, 'POST', path, { token, body });
  if (answer.status !== 201) throw new Error(`set-up: POST ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.id;
}

async function prepareWorkload(gateway: string, tenant: ScriptTenant): Promise<Workload> {
  const token = tenant.access;
  const racer = await created(gateway, token, '/api/leads/', { first_name: 'Racer', last_name: 'Chaos' });
  const workload: Workload = { createdIds: new Set(), racer, conversions: [], leadMerges: [], contactMerges: [] };
  for (let i = 0; i < CONVERSIONS; i += 1) {
    const hasAmount = i % 2 === 0;
    const body = {
      first_name: `Convert${i}`,
      last_name: 'Chaos',
      email: `convert${i}@chaos.test`,
      ...(i % 3 === 0 ? { company_name: `Chaos Company ${i}` } : {}),
      ...(hasAmount ? { opportunity_amount: `${1000 + i}.00` } : {}),
    };
    const leadId = await created(gateway, token, '/api/leads/', body);
    workload.conversions.push({ leadId, body: { ...body, status: 'converted' }, hasAmount });
  }
  for (let i = 0; i < LEAD_MERGES; i += 1) {
    const keeperId = await created(gateway, token, '/api/leads/', { first_name: `Keeper${i}`, last_name: 'Lead' });
    const otherId = await created(gateway, token, '/api/leads/', { first_name: `Other${i}`, last_name: 'Lead', phone: `+1555000${String(i).padStart(4, '0')}` });
    const taskId = await created(gateway, token, '/api/tasks/', { title: `Task of merged lead ${i}`, lead_id: otherId });
    workload.leadMerges.push({ keeperId, otherId, taskId });
  }
  for (let i = 0; i < CONTACT_MERGES; i += 1) {
    const keeperId = await created(gateway, token, '/api/contacts/', { first_name: `Keeper${i}`, last_name: 'Contact' });
    const otherId = await created(gateway, token, '/api/contacts/', { first_name: `Other${i}`, last_name: 'Contact' });
    const taskId = await created(gateway, token, '/api/tasks/', { title: `Task of merged contact ${i}`, contact_id: otherId });
    const opportunityId = await created(gateway, token, '/api/opportunities/', { name: `Deal ${i}`, contact_ids: [keeperId, otherId] });
    workload.contactMerges.push({ keeperId, otherId, taskId, opportunityId });
  }
  return workload;
}

/** One operation of the workload, sent until answered; a wrong definite answer is recorded as unexpected. */
type Operation = () => Promise<void>;

function operations(gateway: string, token: string, workload: Workload): Operation[] {
  const expectAnswer = (what: string, answer: Answer, accepted: number[]) => {
    if (!accepted.includes(answer.status)) seen.unexpected.push(`${what}: ${answer.status} ${answer.text.slice(0, 200)}`);
  };
  // With its key, a repeated request gets its first answer: no 422 "already converted", no 404 "merged away".
  const conversions: Operation[] = workload.conversions.map(({ leadId, body }) => async () => {
    const answer = await keyedWrite(`convert ${leadId}`, (headers) => request(gateway, 'PUT', `/api/leads/${leadId}/`, { token, body, headers }));
    expectAnswer(`convert ${leadId}`, answer, [200]);
  });
  const merge = (entity: string, keeperId: string, otherId: string): Operation => async () => {
    const answer = await keyedWrite(`merge ${entity} ${otherId}`, (headers) =>
      request(gateway, 'POST', `/api/${entity}/${keeperId}/merge/`, { token, body: { merge_id: otherId }, headers }),
    );
    expectAnswer(`merge ${entity} ${otherId} into ${keeperId}`, answer, [200]);
  };
  const creates: Operation[] = Array.from({ length: CREATES }, (_, i) => async () => {
    const answer = await keyedWrite(`create ${i}`, (headers) =>
      request(gateway, 'POST', '/api/leads/', { token, body: { first_name: `Created${i}`, last_name: 'ChaosCreate' }, headers }),
    );
    expectAnswer(`create ${i}`, answer, [201]);
    if (answer.status === 201) workload.createdIds.add(answer.body.id);
  });
  const imports: Operation[] = Array.from({ length: IMPORTS }, (_, i) => async () => {
    const rows = Array.from({ length: ROWS_PER_IMPORT }, (_, j) => `Imported${i}x${j},ChaosImport`);
    const file = `first_name,last_name\n${rows.join('\n')}\n`;
    // A new form on every attempt, as a client builds it (another multipart boundary: the key's fingerprint is the file's).
    const form = () => {
      const data = new FormData();
      data.append('file', new Blob([file], { type: 'text/csv' }), `chaos-${i}.csv`);
      return data;
    };
    const answer = await keyedWrite(`import ${i}`, (headers) => request(gateway, 'POST', '/api/leads/import/commit/', { token, form: form(), headers }));
    expectAnswer(`import ${i}`, answer, [201]);
  });
  const all = [
    ...creates,
    ...imports,
    ...raceRounds(gateway, token, workload.racer),
    ...conversions,
    ...workload.leadMerges.map(({ keeperId, otherId }) => merge('leads', keeperId, otherId)),
    ...workload.contactMerges.map(({ keeperId, otherId }) => merge('contacts', keeperId, otherId)),
  ];
  // Shuffled (by the seed), so conversions and merges interleave.
  for (let i = all.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all;
}

/**
 * Two clients read the racer lead, then both replace it with `If-Match` of what they read, at once:
 * exactly one may win (200), the other must be told its copy is stale (412). Each PUT carries a key,
 * so a retry after an outage cannot turn a lost 200 into a 412 or the other way round.
 */
function raceRounds(gateway: string, token: string, racer: string): Operation[] {
  // Rounds run one after the other (each needs both reads before both writes), as one operation of the pool.
  const race: Operation = async () => {
    for (let round = 0; round < RACE_ROUNDS; round += 1) {
      const reads = await Promise.all([1, 2].map(() => untilAnswered(() => request(gateway, 'GET', `/api/leads/${racer}/`, { token }))));
      const etags = reads.map((read) => read.headers.get('etag') ?? '');
      if (etags[0] !== etags[1] || !etags[0]) seen.unexpected.push(`race ${round}: the two reads answered ETags ${etags.join(' and ')}`);
      const writes = await Promise.all(
        [1, 2].map((client) =>
          keyedWrite(`race ${round} client ${client}`, (headers) =>
            request(gateway, 'PUT', `/api/leads/${racer}/`, { token, body: { first_name: 'Racer', last_name: `Round${round}Client${client}` }, headers: { ...headers, 'If-Match': etags[0]! } }),
          ),
        ),
      );
      const statuses = writes.map((write) => write.status).sort();
      if (statuses[0] === 200 && statuses[1] === 412) seen.racesDecided += 1;
      else seen.unexpected.push(`race ${round}: answers ${statuses.join(' and ')} (one 200 and one 412 expected)`);
    }
  };
  return [race];
}

/** The processes the chaos killed: their logs tell what went wrong. */
const killed: ServiceProcess[] = [];

/** The errors the services logged, by message, with the first error text of each, for the report. */
function loggedErrors(system: ProcessSystem): string[] {
  const counts = new Map<string, { times: number; sample: string }>();
  for (const service of [...killed, ...Object.values(system.running)]) {
    for (const line of service.lines) {
      // Errors, and a stop that hangs (the part it waits on).
      if (line.level !== 'error' && line.level !== 'fatal' && line.msg !== 'still closing') continue;
      const key = `${String(line.service)}: ${String(line.msg)}`;
      const err = line.err as { message?: string } | undefined;
      const entry = counts.get(key) ?? { times: 0, sample: String(err?.message ?? line.part ?? '').slice(0, 160) };
      entry.times += 1;
      counts.set(key, entry);
    }
  }
  return [...counts].map(([key, { times, sample }]) => `${key} ×${times}${sample ? ` (${sample})` : ''}`);
}

/**
 * Starts a killed service again as a supervisor (k8s, compose `restart:`) would: a start that fails (the
 * service exits, e.g. because the database refused it) is tried again after a pause.
 */
async function restart(system: ProcessSystem, name: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await system.start(name);
      return;
    } catch (error) {
      if (attempt === 10) throw error;
      failedStarts += 1;
      await sleep(1000);
    }
  }
}
let failedStarts = 0;

/** Faults until `stopped()`: one at a time, each undone before the next. */
async function chaosLoop(system: ProcessSystem, servers: Servers, stopped: () => boolean, faults: Record<string, number>): Promise<void> {
  const services = SERVICE_PROCESSES.map(({ name }) => name);
  while (!stopped()) {
    await sleep(between(300, 1500));
    const roll = random();
    if (roll < 0.6) {
      const name = pick(services);
      killed.push(system.running[name]!);
      await system.kill(name);
      faults[`SIGKILL ${name}`] = (faults[`SIGKILL ${name}`] ?? 0) + 1;
      await sleep(between(200, 1500));
      await restart(system, name);
    } else {
      const server: ServerName = roll < 0.8 ? 'rabbitmq' : 'postgres';
      faults[`${server} ${REAL_RESTARTS ? 'restart' : 'outage'}`] = (faults[`${server} ${REAL_RESTARTS ? 'restart' : 'outage'}`] ?? 0) + 1;
      await servers.outage(server, between(500, 3000));
    }
  }
}

interface Findings {
  createdLeads: number;
  importedLeads: number;
  convertedLeads: number;
  accounts: number;
  conversionContacts: number;
  opportunitiesFromLeads: number;
  leadsWithWrongRecords: number;
  mergesNotDone: number;
  linksNotMoved: number;
  linksToMissingRecords: number;
  unpublishedEvents: number;
}

/** Everything checked after the run, straight from the database. */
async function findings(db: Client, tenant: ScriptTenant, workload: Workload): Promise<Findings> {
  const one = async (sql: string, params: unknown[] = [tenant.orgId]) => Number((await db.query(sql, params)).rows[0].n);
  const conversionLeadIds = workload.conversions.map(({ leadId }) => leadId);
  const withAmount = workload.conversions.filter(({ hasAmount }) => hasAmount).map(({ leadId }) => leadId);
  const leadMergeKeepers = workload.leadMerges.map(({ keeperId }) => keeperId);
  const leadMergeOthers = workload.leadMerges.map(({ otherId }) => otherId);
  const contactKeepers = workload.contactMerges.map(({ keeperId }) => keeperId);
  const contactOthers = workload.contactMerges.map(({ otherId }) => otherId);

  const { rows: outboxes } = await db.query(`SELECT table_schema FROM information_schema.tables WHERE table_name = 'outbox'`);
  let unpublishedEvents = 0;
  for (const { table_schema: schema } of outboxes) unpublishedEvents += await one(`SELECT count(*) AS n FROM ${schema}.outbox WHERE published_at IS NULL`, []);

  return {
    createdLeads: await one(`SELECT count(*) AS n FROM leads.leads WHERE tenant_id = $1 AND last_name = 'ChaosCreate'`),
    importedLeads: await one(`SELECT count(*) AS n FROM leads.leads WHERE tenant_id = $1 AND last_name = 'ChaosImport'`),
    convertedLeads: await one(`SELECT count(*) AS n FROM leads.leads WHERE tenant_id = $1 AND status = 'converted' AND id = ANY($2)`, [tenant.orgId, conversionLeadIds]),
    // The tenant's only accounts come from conversions: one each, no more.
    accounts: await one(`SELECT count(*) AS n FROM accounts_opportunities.accounts WHERE tenant_id = $1`),
    conversionContacts: await one(`SELECT count(*) AS n FROM contacts.contacts WHERE tenant_id = $1 AND NOT (id = ANY($2))`, [tenant.orgId, contactKeepers]),
    opportunitiesFromLeads: await one(`SELECT count(*) AS n FROM accounts_opportunities.opportunities WHERE tenant_id = $1 AND lead_id IS NOT NULL`),
    // A converted lead whose account, contact or opportunity is missing, or whose records do not name it.
    leadsWithWrongRecords: await one(
      `SELECT count(*) AS n FROM leads.leads l
         LEFT JOIN leads.lead_conversion_records account ON account.lead_id = l.id AND account.record_type = 'account'
         LEFT JOIN leads.lead_conversion_records contact ON contact.lead_id = l.id AND contact.record_type = 'contact'
         LEFT JOIN leads.lead_conversion_records opportunity ON opportunity.lead_id = l.id AND opportunity.record_type = 'opportunity'
        WHERE l.id = ANY($1)
          AND (NOT EXISTS (SELECT 1 FROM accounts_opportunities.accounts a WHERE a.id = account.record_id)
            OR NOT EXISTS (SELECT 1 FROM contacts.contact_leads cl WHERE cl.contact_id = contact.record_id AND cl.lead_id = l.id)
            OR (l.id = ANY($2)) <> EXISTS (SELECT 1 FROM accounts_opportunities.opportunities o WHERE o.id = opportunity.record_id AND o.lead_id = l.id))`,
      [conversionLeadIds, withAmount],
    ),
    mergesNotDone:
      (await one(`SELECT count(*) AS n FROM leads.leads WHERE id = ANY($1)`, [leadMergeOthers])) +
      (await one(`SELECT count(*) AS n FROM contacts.contacts WHERE id = ANY($1)`, [contactOthers])) +
      (LEAD_MERGES - (await one(`SELECT count(*) AS n FROM leads.leads WHERE id = ANY($1)`, [leadMergeKeepers]))) +
      (CONTACT_MERGES - (await one(`SELECT count(*) AS n FROM contacts.contacts WHERE id = ANY($1)`, [contactKeepers]))),
    linksNotMoved:
      (await one(
        `SELECT count(*) AS n FROM accounts_opportunities.tasks t JOIN unnest($1::uuid[], $2::uuid[]) AS m(task_id, keeper_id)
          ON t.id = m.task_id WHERE t.lead_id IS DISTINCT FROM m.keeper_id`,
        [workload.leadMerges.map(({ taskId }) => taskId), leadMergeKeepers],
      )) +
      (await one(
        `SELECT count(*) AS n FROM accounts_opportunities.tasks t JOIN unnest($1::uuid[], $2::uuid[]) AS m(task_id, keeper_id)
          ON t.id = m.task_id WHERE t.contact_id IS DISTINCT FROM m.keeper_id`,
        [workload.contactMerges.map(({ taskId }) => taskId), contactKeepers],
      )) +
      (await one(
        `SELECT count(*) AS n FROM accounts_opportunities.opportunities o JOIN unnest($1::uuid[], $2::uuid[]) AS m(opportunity_id, keeper_id)
          ON o.id = m.opportunity_id WHERE o.contact_ids <> ARRAY[m.keeper_id]`,
        [workload.contactMerges.map(({ opportunityId }) => opportunityId), contactKeepers],
      )),
    // Every link of the tenant, in every service, to a record that does not exist.
    linksToMissingRecords: await one(
      `SELECT (SELECT count(*) FROM accounts_opportunities.tasks t WHERE t.tenant_id = $1 AND t.lead_id IS NOT NULL
                 AND NOT EXISTS (SELECT 1 FROM leads.leads l WHERE l.id = t.lead_id))
            + (SELECT count(*) FROM accounts_opportunities.tasks t WHERE t.tenant_id = $1 AND t.contact_id IS NOT NULL
                 AND NOT EXISTS (SELECT 1 FROM contacts.contacts c WHERE c.id = t.contact_id))
            + (SELECT count(*) FROM accounts_opportunities.opportunities o, unnest(o.contact_ids) AS linked(id) WHERE o.tenant_id = $1
                 AND NOT EXISTS (SELECT 1 FROM contacts.contacts c WHERE c.id = linked.id))
            + (SELECT count(*) FROM accounts_opportunities.opportunities o WHERE o.tenant_id = $1 AND o.lead_id IS NOT NULL
                 AND NOT EXISTS (SELECT 1 FROM leads.leads l WHERE l.id = o.lead_id))
            + (SELECT count(*) FROM contacts.contact_leads cl WHERE cl.tenant_id = $1
                 AND NOT EXISTS (SELECT 1 FROM leads.leads l WHERE l.id = cl.lead_id))
            + (SELECT count(*) FROM contacts.contacts c WHERE c.tenant_id = $1 AND c.account_id IS NOT NULL
                 AND NOT EXISTS (SELECT 1 FROM accounts_opportunities.accounts a WHERE a.id = c.account_id))
            + (SELECT count(*) FROM leads.lead_conversion_records r WHERE r.tenant_id = $1 AND r.record_type = 'contact'
                 AND NOT EXISTS (SELECT 1 FROM contacts.contacts c WHERE c.id = r.record_id))
            + (SELECT count(*) FROM leads.lead_conversion_records r WHERE r.tenant_id = $1 AND r.record_type = 'account'
                 AND NOT EXISTS (SELECT 1 FROM accounts_opportunities.accounts a WHERE a.id = r.record_id)) AS n`
    ),
    unpublishedEvents,
  };
}

/** Settled: every conversion and merge has reached every service, and nothing waits in an outbox. */
const settled = (found: Findings) =>
  found.createdLeads === CREATES &&
  found.importedLeads === IMPORTS * ROWS_PER_IMPORT &&
  found.convertedLeads === CONVERSIONS &&
  found.accounts === CONVERSIONS &&
  found.conversionContacts === CONVERSIONS &&
  found.leadsWithWrongRecords === 0 &&
  found.mergesNotDone === 0 &&
  found.linksNotMoved === 0 &&
  found.linksToMissingRecords === 0 &&
  found.unpublishedEvents === 0;

interface DeadLetters {
  total: number;
  unexplained: string[];
}

/**
 * Reads the dead-letter queue (and puts each message back). A message is explained when the consumer
 * that gave up on it has handled it after all (its inbox holds the message id). The consumer acks a
 * message past its limit that its inbox holds, so this should not happen; it is told apart if it does.
 */
async function deadLetters(servers: Servers, db: Client): Promise<DeadLetters> {
  const connection = await amqp.connect(servers.env.AMQP_URL!);
  const channel = await connection.createChannel();
  const queue = `${servers.env.AMQP_NAMESPACE}.dead-letter`;
  const found: DeadLetters = { total: 0, unexplained: [] };
  const held: amqp.GetMessage[] = [];
  try {
    for (;;) {
      const message = await channel.get(queue, { noAck: false });
      if (!message) break;
      held.push(message);
      found.total += 1;
      const fromQueue = message.properties.headers?.['crm-dead-letter-queue'] as string | undefined;
      const consumerSchema = (fromQueue ?? '').replace(`${servers.env.AMQP_NAMESPACE}.`, '').replace(/-/g, '_');
      const handled = consumerSchema
        ? (await db.query(`SELECT 1 FROM ${consumerSchema}.inbox WHERE message_id = $1`, [message.properties.messageId]).catch(() => ({ rows: [] }))).rows.length > 0
        : false;
      if (!handled) found.unexplained.push(`${message.fields.routingKey} ${message.properties.messageId} from ${fromQueue ?? 'an unknown queue'}`);
    }
  } finally {
    for (const message of held) channel.nack(message, false, true);
    await channel.close();
    await connection.close();
  }
  return found;
}

async function main(): Promise<never> {
  const servers = await reliabilityServers('chaos', 9);
  const system = await startProcessSystem({
    serviceEnv: servers.env,
    gatewayEnv: { ...servers.env, THROTTLE_RATES: 'read=10000000/hour,write=10000000/hour,anon=10000000/minute,unauthenticated=10000000/minute' },
  });
  // Straight to the server, not through its proxy; a new connection after the chaos (a real restart ends it).
  const connect = async () => {
    const client = new Client({ connectionString: servers.databaseUrl });
    await client.connect();
    return client;
  };
  console.log(`chaos: seed ${SEED}, ${CREATES} creates, ${IMPORTS} imports, ${CONVERSIONS} conversions, ${LEAD_MERGES} lead merges, ` +
    `${CONTACT_MERGES} contact merges, ${RACE_ROUNDS} race rounds, ${CLIENTS} clients, ` +
    `${REAL_RESTARTS ? 'real server restarts' : 'server outages through fault proxies'}`);
  const tenant = await registerTenant(system.gatewayUrl, 'Chaos');
  const workload = await prepareWorkload(system.gatewayUrl, tenant);
  console.log('set-up done; chaos starts');

  const faults: Record<string, number> = {};
  let done = false;
  const chaos = chaosLoop(system, servers, () => done, faults).catch((error: unknown) => {
    done = true;
    throw error;
  });
  const started = Date.now();
  await Promise.all([
    inPool(operations(system.gatewayUrl, tenant.access, workload), CLIENTS, (operation) => operation()).finally(() => {
      done = true;
    }),
    chaos,
  ]);
  const workSeconds = (Date.now() - started) / 1000;
  console.log(`workload done in ${workSeconds.toFixed(0)} s; waiting for the system to settle`);
  const db = await connect();

  const settleStarted = Date.now();
  const found = (await eventually(async () => {
    const now = await findings(db, tenant, workload);
    return settled(now) ? now : undefined;
  }, SETTLE_MS, 500)) ?? (await findings(db, tenant, workload));
  const settleSeconds = (Date.now() - settleStarted) / 1000;
  const dead = await deadLetters(servers, db);
  for (const line of dead.unexplained) console.log(`  unexplained dead letter: ${line}`);
  for (const line of seen.unexpected) console.log(`  unexpected answer: ${line}`);
  for (const line of loggedErrors(system)) console.log(`  logged error: ${line}`);

  await db.end();
  await system.close();
  await servers.close();
  // After the chaos each service should still stop cleanly on SIGTERM; one that hangs exits 1 after its bound, naming the part.
  const uncleanStops: string[] = [];
  for (const [name, service] of Object.entries(system.running)) {
    const code = await service.exited;
    if (code === 0) continue;
    const stuck = service.lines.filter((line) => line.msg === 'still closing').map((line) => String(line.part));
    uncleanStops.push(`${name} (exit ${code}${stuck.length ? `; waited on ${stuck.join(', ')}` : ''})`);
  }
  for (const line of uncleanStops) console.log(`  unclean stop: ${line}`);

  const conversionsWithAmount = workload.conversions.filter(({ hasAmount }) => hasAmount).length;
  report(
    'chaos',
    {
      seed: SEED,
      'faults injected': Object.entries(faults).map(([what, times]) => `${what} ×${times}`).join(', ') || 'none',
      'workload seconds': workSeconds.toFixed(0),
      'seconds to settle': settleSeconds.toFixed(1),
      'service starts that failed and were retried': failedStarts,
      'requests sent (with retries)': seen.requests,
      'requests retried': seen.retried,
      'no answer (connection refused/reset)': seen.noAnswer,
      '5xx answers, retried': Object.entries(seen.status5xx).map(([status, n]) => `${status} ×${n}`).join(', ') || 'none',
      '409 (key still running), retried': seen.keyStillRunning,
      'answers lost and asked again (replayed)': `${seen.lostAnswers} (${seen.replayedAnswers})`,
      'race rounds with one 200 and one 412': `${seen.racesDecided} of ${RACE_ROUNDS}`,
      'created leads': `${found.createdLeads} of ${CREATES} (${workload.createdIds.size} distinct ids answered)`,
      'imported leads': `${found.importedLeads} of ${IMPORTS * ROWS_PER_IMPORT}`,
      'converted leads': `${found.convertedLeads} of ${CONVERSIONS}`,
      'accounts / contacts / opportunities from conversions': `${found.accounts} / ${found.conversionContacts} / ${found.opportunitiesFromLeads}`,
      'dead letters (explained)': `${dead.total} (${dead.total - dead.unexplained.length})`,
      // Information, not a check: the SIGTERM drain is graceful-shutdown's to prove; a stop that hung once here (20 s bound).
      'services that did not stop cleanly at the end': uncleanStops.join('; ') || 'none',
    },
    [
      { what: 'creates beyond one per request (negative: missing)', value: found.createdLeads - CREATES },
      { what: 'creates answered with an id that is not one of them', value: workload.createdIds.size - CREATES },
      { what: 'imported rows beyond one per row (negative: missing)', value: found.importedLeads - IMPORTS * ROWS_PER_IMPORT },
      { what: 'race rounds without exactly one 200 and one 412', value: RACE_ROUNDS - seen.racesDecided },
      { what: 'conversions not done', value: CONVERSIONS - found.convertedLeads },
      { what: 'accounts beyond one per converted lead (negative: missing)', value: found.accounts - CONVERSIONS },
      { what: 'conversion contacts beyond one per converted lead (negative: missing)', value: found.conversionContacts - CONVERSIONS },
      { what: 'opportunities beyond one per converted lead with an amount (negative: missing)', value: found.opportunitiesFromLeads - conversionsWithAmount },
      { what: 'converted leads whose records are missing or do not name them', value: found.leadsWithWrongRecords },
      { what: 'merges not done', value: found.mergesNotDone },
      { what: 'links not moved to the keeper', value: found.linksNotMoved },
      { what: 'links to records that do not exist', value: found.linksToMissingRecords },
      { what: 'events left in outboxes', value: found.unpublishedEvents },
      { what: 'unexplained dead letters', value: dead.unexplained.length },
      { what: 'unexpected definite answers', value: seen.unexpected.length },
      // An outage is answered 503 (the database's, or the gateway's for a service it cannot reach): a 500 is a bug.
      { what: '500 answers', value: seen.status5xx[500] ?? 0 },
    ],
  );
}

runScript('chaos', 15 * 60_000, main);
