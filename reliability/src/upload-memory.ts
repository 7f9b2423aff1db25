import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { startProcessSystem, type ProcessSystem } from '@crm/system';
import { Client } from 'pg';
import { request } from './support/http';
import { report, runScript, type Check } from './support/report';
import { reliabilityServers } from './support/servers';
import { registerTenant, type ScriptTenant } from './support/tenants';

/**
 * 150 uploads at once through the gateway, every service in its own process: 100 attachments of 10 MB
 * (leads) and 50 CSV imports of 5 MB (contacts), from 15 tenants' admins. Each service process may hold
 * UPLOAD_BYTES_IN_FLIGHT (100 MiB) of uploads at once, each credential UPLOAD_BYTES_PER_CREDENTIAL
 * (25 MiB); the rest is answered 429. The peak resident memory of every process (its VmHWM, reset before
 * the burst) is compared with its resident memory at rest before it, in the same run: the growth of the
 * processes that receive the uploads must stay within what the bound lets them hold (see the checks), the
 * gateway's within a constant; every upload answered 201 must be stored whole, and every answer be 201
 * or 429 (`{detail, retry_after}` with `Retry-After`). Then, for comparison only, the same burst once
 * more with the bound lifted. Before the bursts, pathological import files of 5 MB one at a time (issue
 * 35.1): each may cost import-export and contacts at most 20 times its size and under 2 s of CPU.
 *
 *   npm run test:reliability -- upload-memory
 */
const SCRIPT = 'upload-memory';
const MIB = 1024 * 1024;
const IN_FLIGHT = 100 * MIB;
const PER_CREDENTIAL = 25 * MIB;
const CREDENTIALS = 15;
const UPLOADS = 150;
/** Every third upload is an import. */
const isImport = (index: number) => index % 3 === 2;
const ATTACHMENT_BYTES = 10_000_000;
/** 500 rows of 10 KB (a text custom field holds 10,000 characters): 5 MB, without 5,000 records and events an import. */
const IMPORT_ROWS = 500;
const UPLOAD_SERVICES = ['leads', 'contacts', 'import-export'] as const;
const GATEWAY = 'gateway (and the uploading client)';

/**
 * What a process may grow by over its resting size whatever the load, beside the uploads it holds: V8's
 * young generation, garbage (copies already let go of) a major collection has not reclaimed yet, code,
 * sockets, the database pool's buffers.
 */
const RUNTIME_SLACK = 128 * MIB;
/** `--pathological-files-only`: the pathological imports alone, without the bursts (about a minute). */
const FILES_ONLY = process.argv.includes('--pathological-files-only');
/** What one import file of at most 5 MB may cost each process that reads it (issue 35.1): memory as a multiple of its size, CPU. */
const FILE_GROWTH_RATIO = 20;
const FILE_CPU_SECONDS = 2;
const FILE_READERS = ['import-export', 'contacts'] as const;
const CLOCK_TICKS_PER_SECOND = 100;
/** An import file's limits (api-contract §5): bytes, data rows, columns. */
const MAX_IMPORT_BYTES = 5 * MIB;
const MAX_IMPORT_ROWS = 5_000;
const MAX_IMPORT_COLUMNS = 250;
/**
 * The whole copies of a held upload each process keeps at once, so that its growth may reach that many
 * times UPLOAD_BYTES_IN_FLIGHT, plus RUNTIME_SLACK:
 * - leads: the attachment (one buffer, the size reserved) and, while it is inserted, node-postgres's copy
 *   of it in the statement's Bind message;
 * - import-export: the file, its text, the JSON body sent to contacts as a string, and as bytes;
 * - contacts: for each import import-export holds, that body as bytes, as text, its parsed rows, the JSON
 *   of the insert, and node-postgres's copy of it.
 * The gateway streams every body: it may grow by RUNTIME_SLACK only, whatever passes through.
 */
const GROWTH_BOUNDS: Record<string, number> = { leads: 2, 'import-export': 4, contacts: 5, [GATEWAY]: 0 };

interface Upload {
  kind: 'attachment' | 'import';
  status: number;
  retryAfter: string | null;
  body: any;
}

interface Burst {
  uploads: Upload[];
  seconds: number;
  /** Per process: resident bytes at rest before the burst, and the peak during it. */
  memory: Record<string, { rest: number; peak: number }>;
}

runScript(SCRIPT, 15 * 60_000, async () => {
  const servers = await reliabilityServers(SCRIPT, 11);
  const bound = { UPLOAD_BYTES_IN_FLIGHT: String(IN_FLIGHT), UPLOAD_BYTES_PER_CREDENTIAL: String(PER_CREDENTIAL) };
  // Small pools: the machine's PostgreSQL is shared (100 connections).
  const serviceEnv = { ...servers.env, ...bound, DATABASE_POOL_SIZE: '5', LOG_LEVEL: 'info' };
  const system = await startProcessSystem({ serviceEnv, gatewayEnv: { ...servers.env, LOG_LEVEL: 'error' } });
  const db = new Client({ connectionString: servers.databaseUrl });
  await db.connect();
  let outcome: Parameters<typeof report>;
  try {
    const tenants: Array<ScriptTenant & { leadId: string }> = [];
    for (let i = 0; i < CREDENTIALS; i += 1) {
      const tenant = await registerTenant(system.gatewayUrl, `Uploads ${i}`);
      const lead = await request(system.gatewayUrl, 'POST', '/api/leads/', { token: tenant.access, body: { first_name: 'Attached' } });
      if (lead.status !== 201) throw new Error(`lead: ${lead.status} ${lead.text.slice(0, 200)}`);
      const notes = { key: 'notes', label: 'Notes', field_type: 'text' };
      const field = await request(system.gatewayUrl, 'POST', '/api/contacts/custom-fields/', { token: tenant.access, body: notes });
      if (field.status !== 201) throw new Error(`custom field: ${field.status} ${field.text.slice(0, 200)}`);
      tenants.push({ ...tenant, leadId: lead.body.id });
    }
    const attachment = randomBytes(ATTACHMENT_BYTES);
    const csv = importFile('Burst');

    // At rest: each path taken once (code compiled, pools open), and the events of that import handled.
    const warmUp = [await sendUpload(system.gatewayUrl, tenants[0]!, 'attachment', attachment), await sendUpload(system.gatewayUrl, tenants[0]!, 'import', importFile('Warm'))];
    if (warmUp.some((upload) => upload.status !== 201)) throw new Error(`warm-up: ${JSON.stringify(warmUp.map((upload) => [upload.status, upload.body]))}`);
    await settle(db);

    // One pathological file at a time, before the bursts, so each is measured alone (issue 35.1).
    const pathological = await pathologicalImports(system, tenants[0]!);
    outcome = FILES_ONLY ? pathologicalOutcome(pathological, {}, []) : pathologicalOutcome(pathological, ...(await bursts(system, db, tenants, attachment, csv)));
  } finally {
    await db.end();
    await system.close();
    await servers.close();
  }
  report(...outcome);
});

/** The burst with the bound on, then with it lifted: its counts and checks. */
async function bursts(system: ProcessSystem, db: Client, tenants: Array<ScriptTenant & { leadId: string }>, attachment: Buffer, csv: Buffer) {
  const before = await storedCounts(db, attachment);
  const bounded = await burst(system, tenants, attachment, csv);
  const stored = await storedCounts(db, attachment);
  await settle(db);

  // For comparison: the same burst with the bound lifted (not checked).
  const lifted = { UPLOAD_BYTES_IN_FLIGHT: String(2 ** 40), UPLOAD_BYTES_PER_CREDENTIAL: String(2 ** 40) };
  for (const name of UPLOAD_SERVICES) {
    await system.stop(name);
    await system.start(name, lifted);
  }
  await sendUpload(system.gatewayUrl, tenants[0]!, 'attachment', attachment);
  await sendUpload(system.gatewayUrl, tenants[0]!, 'import', importFile('Warm'));
  await settle(db);
  const unbounded = await burst(system, tenants, attachment, csv);

  const [, counts, checks] = outcomeOf(bounded, unbounded, {
    attachments: stored.attachments - before.attachments,
    intactAttachments: stored.intactAttachments - before.intactAttachments,
    importedRows: stored.importedRows - before.importedRows,
  });
  return [counts, checks] as const;
}

/** A CSV file of contacts of about 5 MB, each first name starting with `marker`. */
function importFile(marker: string): Buffer {
  const rows = ['first_name,cf_notes'];
  for (let row = 0; row < IMPORT_ROWS; row += 1) rows.push(`${marker}${row},${'n'.repeat(9_990)}`);
  return Buffer.from(rows.join('\r\n') + '\r\n');
}

/** One upload as a client sends it, with its Content-Length; the file's bytes are shared, never copied here. */
function sendUpload(
  gatewayUrl: string,
  tenant: ScriptTenant & { leadId: string },
  kind: Upload['kind'],
  file: Buffer,
  path = kind === 'attachment' ? `/api/leads/${tenant.leadId}/attachments/` : '/api/contacts/import/commit/',
): Promise<Upload> {
  const boundary = `----upload${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${kind}.bin"\r\nContent-Type: ${kind === 'import' ? 'text/csv' : 'application/octet-stream'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve) => {
    const req = http.request(new URL(path, gatewayUrl), {
      method: 'POST',
      agent: false,
      headers: {
        authorization: `Bearer ${tenant.access}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + file.length + tail.length),
      },
    });
    req.setTimeout(180_000, () => req.destroy(new Error('no answer in 180 s')));
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // kept as text
        }
        resolve({ kind, status: res.statusCode!, retryAfter: res.headers['retry-after'] ?? null, body });
      });
    });
    // An answer that comes before the whole body was sent (a 429) is the answer; the write error after it is not.
    req.on('error', (error) => resolve({ kind, status: 0, retryAfter: null, body: error.message }));
    req.write(head);
    req.write(file);
    req.end(tail);
  });
}

/** Every upload at once; the memory of every process at rest before, and at its peak during. */
async function burst(system: ProcessSystem, tenants: Array<ScriptTenant & { leadId: string }>, attachment: Buffer, csv: Buffer): Promise<Burst> {
  const pids: Record<string, number> = { [GATEWAY]: process.pid };
  for (const [name, service] of Object.entries(system.running)) pids[name] = service.child.pid!;
  const rest = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, memoryOf(pid).resident]));
  for (const pid of Object.values(pids)) writeFileSync(`/proc/${pid}/clear_refs`, '5'); // the peak starts again from now
  const started = Date.now();
  const uploads = await Promise.all(
    Array.from({ length: UPLOADS }, (_, index) => {
      const tenant = tenants[index % tenants.length]!;
      return isImport(index) ? sendUpload(system.gatewayUrl, tenant, 'import', csv) : sendUpload(system.gatewayUrl, tenant, 'attachment', attachment);
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  const memory = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, { rest: rest[name]!, peak: memoryOf(pid).peak }]));
  return { uploads, seconds, memory };
}

/** A process's resident memory now and its peak since the last reset, from /proc (Linux). */
function memoryOf(pid: number): { resident: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kB = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status)![1]) * 1024;
  return { resident: kB('VmRSS'), peak: kB('VmHWM') };
}

/** What the burst's uploads left in the tables: attachments (those whole: size and digest), imported contacts. */
async function storedCounts(db: Client, attachment: Buffer) {
  const digest = createHash('md5').update(attachment).digest('hex');
  const files = await db.query(
    `SELECT count(*)::int AS attachments, count(*) FILTER (WHERE size = $1 AND md5(content) = $2)::int AS intact FROM leads.attachments`,
    [attachment.length, digest],
  );
  const contacts = await db.query(`SELECT count(*)::int AS n FROM contacts.contacts WHERE first_name LIKE 'Burst%'`);
  return { attachments: files.rows[0].attachments as number, intactAttachments: files.rows[0].intact as number, importedRows: contacts.rows[0].n as number };
}

/** Waits until the audit log holds every event leads and contacts wrote so far, so the next burst is measured alone. */
async function settle(db: Client): Promise<void> {
  const unhandled = (schema: string) => `(SELECT count(*) FROM ${schema}.outbox o WHERE NOT EXISTS (SELECT 1 FROM audit.audit_log a WHERE a.event_id = o.id))`;
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const { rows } = await db.query(`SELECT ${unhandled('leads')} + ${unhandled('contacts')} AS pending`);
    if (Number(rows[0].pending) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the events of the uploads were never all handled');
}

const mb = (bytes: number) => (bytes / MIB).toFixed(1);

function outcomeOf(bounded: Burst, unbounded: Burst, stored: { attachments: number; intactAttachments: number; importedRows: number }): Parameters<typeof report> {
  const counts: Record<string, number | string> = {};
  const checks: Check[] = [];
  const tally = (uploads: Upload[], kind: Upload['kind'], status: number) => uploads.filter((upload) => upload.kind === kind && upload.status === status).length;
  for (const [name, run] of [['bound on', bounded], ['bound lifted', unbounded]] as const) {
    for (const kind of ['attachment', 'import'] as const) {
      const statuses = [...new Set(run.uploads.filter((upload) => upload.kind === kind).map((upload) => upload.status))].sort();
      counts[`${name}: ${kind}s answered`] = statuses.map((status) => `${status} ×${tally(run.uploads, kind, status)}`).join(', ');
    }
    counts[`${name}: burst answered in (s)`] = run.seconds.toFixed(1);
    for (const [process, { rest, peak }] of Object.entries(run.memory)) {
      counts[`${name}: ${process}: at rest / peak / growth (MB); growth ÷ UPLOAD_BYTES_IN_FLIGHT`] =
        `${mb(rest)} / ${mb(peak)} / ${mb(peak - rest)}; ${((peak - rest) / IN_FLIGHT).toFixed(2)}`;
    }
  }
  for (const [process, times] of Object.entries(GROWTH_BOUNDS)) {
    const { rest, peak } = bounded.memory[process]!;
    const limit = times * IN_FLIGHT + RUNTIME_SLACK;
    counts[`bound on: ${process}: growth ÷ its limit (${times} × UPLOAD_BYTES_IN_FLIGHT + ${mb(RUNTIME_SLACK)} MB)`] = ((peak - rest) / limit).toFixed(2);
    checks.push({ what: `${process}: peak growth past ${times} × UPLOAD_BYTES_IN_FLIGHT + ${mb(RUNTIME_SLACK)} MB (MB)`, value: Math.max(0, Math.ceil((peak - rest - limit) / MIB)) });
  }
  const answered = (status: number) => bounded.uploads.filter((upload) => upload.status === status);
  const throttled = answered(429);
  const createdRows = answered(201)
    .filter((upload) => upload.kind === 'import')
    .reduce((sum, upload) => sum + Number(upload.body?.created ?? 0), 0);
  for (const upload of bounded.uploads.filter((upload) => upload.status !== 201 && upload.status !== 429)) {
    console.log(`  unexpected: ${upload.kind} → ${upload.status} ${JSON.stringify(upload.body).slice(0, 200)}`);
  }
  checks.push(
    { what: 'answers other than 201 and 429', value: bounded.uploads.length - answered(201).length - throttled.length },
    { what: 'bursts without a 429 (the bound never had to refuse)', value: throttled.length > 0 ? 0 : 1 },
    {
      what: '429s without `{detail, retry_after}` and the same Retry-After',
      value: throttled.filter((upload) => !(upload.body?.detail && upload.body.retry_after >= 1 && upload.retryAfter === String(upload.body.retry_after))).length,
    },
    { what: 'attachments answered 201 and not stored, or more stored (count)', value: Math.abs(tally(bounded.uploads, 'attachment', 201) - stored.attachments) },
    { what: 'attachments stored but not whole (size, md5)', value: stored.attachments - stored.intactAttachments },
    { what: 'imports answered 201 not wholly stored, or rows of refused ones stored (rows)', value: Math.abs(createdRows - stored.importedRows) },
    { what: 'imports answered 201 without all their rows created', value: answered(201).filter((upload) => upload.kind === 'import' && upload.body?.created !== IMPORT_ROWS).length },
  );
  return [SCRIPT, counts, checks];
}

/**
 * Import files of 5 MB shaped to cost the reader as much as they can (issue 35.1), each of them of the size
 * limit less a little for the multipart parts: the comma bomb (a header of five million commas), a data row
 * of commas, one huge cell, more rows than allowed, only quotes, one row followed by empty lines, and the
 * widest file the bounds let through (5,000 rows of 250 short cells, less than 5 MB).
 */
function pathologicalFiles(): Record<string, Buffer> {
  const size = MAX_IMPORT_BYTES - 1024;
  const fill = (head: string, unit: string) => Buffer.from(head + unit.repeat(Math.floor((size - head.length) / unit.length)));
  const cells = Array.from({ length: MAX_IMPORT_COLUMNS }, (_, index) => `c${index % 10}`).join(',');
  return {
    'comma bomb (header of commas)': fill('first_name', ','),
    'one huge cell': fill('first_name\r\n', 'x'),
    'many short rows': fill('first_name\r\n', 'a\r\n'),
    'only quotes': fill('', '"'),
    'a row of commas after the header': fill('first_name\r\nx', ','),
    'trailing empty lines': fill('first_name\r\nAda\r\n', '\r\n'),
    'widest allowed (5,000 rows of 250 cells)': Buffer.from(`${cells}\r\n${`${cells}\r\n`.repeat(MAX_IMPORT_ROWS)}`),
  };
}

interface FileCost {
  file: string;
  bytes: number;
  kind: 'preview' | 'commit';
  status: number;
  body: string;
  /** Per reading process: peak growth over its resting memory, and its CPU time. */
  cost: Record<string, { growth: number; cpuSeconds: number }>;
}

/** A process's CPU time so far (user and system, every thread), from /proc (Linux). */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** Each pathological file previewed, then committed, alone: the memory and CPU it cost import-export and contacts. */
async function pathologicalImports(system: ProcessSystem, tenant: ScriptTenant & { leadId: string }): Promise<FileCost[]> {
  const costs: FileCost[] = [];
  const pids = Object.fromEntries(FILE_READERS.map((name) => [name, system.running[name]!.child.pid!]));
  for (const [file, content] of Object.entries(pathologicalFiles())) {
    for (const kind of ['preview', 'commit'] as const) {
      const rest = Object.fromEntries(FILE_READERS.map((name) => [name, { resident: memoryOf(pids[name]!).resident, cpu: cpuSecondsOf(pids[name]!) }]));
      for (const name of FILE_READERS) writeFileSync(`/proc/${pids[name]}/clear_refs`, '5');
      const upload = await sendUpload(system.gatewayUrl, tenant, 'import', content, `/api/contacts/import/${kind}/`);
      const cost = Object.fromEntries(
        FILE_READERS.map((name) => [name, { growth: Math.max(0, memoryOf(pids[name]!).peak - rest[name]!.resident), cpuSeconds: cpuSecondsOf(pids[name]!) - rest[name]!.cpu }]),
      );
      costs.push({ file, bytes: content.length, kind, status: upload.status, body: JSON.stringify(upload.body).slice(0, 160), cost });
      // The garbage of this one collected, so the next starts from rest.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
  return costs;
}

function pathologicalOutcome(costs: FileCost[], counts: Record<string, number | string>, checks: Check[]): Parameters<typeof report> {
  for (const { file, bytes, kind, status, body, cost } of costs) {
    const figures = FILE_READERS.map((name) => `${name} ${(cost[name]!.growth / bytes).toFixed(1)}× / ${cost[name]!.cpuSeconds.toFixed(2)} s`).join('; ');
    counts[`file ${file} (${mb(bytes)} MB), ${kind}: answered; memory growth ÷ file size / CPU`] = `${status} ${body}; ${figures}`;
  }
  for (const name of FILE_READERS) {
    checks.push(
      { what: `pathological files whose ${name} memory grew past ${FILE_GROWTH_RATIO} × their size`, value: costs.filter(({ bytes, cost }) => cost[name]!.growth > FILE_GROWTH_RATIO * bytes).length },
      { what: `pathological files that took ${name} ${FILE_CPU_SECONDS} s of CPU or more`, value: costs.filter(({ cost }) => cost[name]!.cpuSeconds >= FILE_CPU_SECONDS).length },
    );
  }
  checks.push({ what: 'pathological files answered other than 2xx or 4xx', value: costs.filter(({ status }) => status < 200 || status >= 500).length });
  return [SCRIPT, counts, checks];
}
