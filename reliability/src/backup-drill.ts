import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { waitForDelivery, deliveryChecks } from './support/event-delivery';
import { request } from './support/http';
import { startInProcessSystem, type InProcessSystem } from './support/in-process-system';
import { report, runScript, type Check } from './support/report';
import { reliabilityServers, type Servers } from './support/servers';
import { registerTenant, type ScriptTenant } from './support/tenants';

/**
 * A timed restore drill (docs/backup-restore.md §2): a tenant's records written through the gateway, the
 * backup taken as the CronJob takes it (the compiled `npm run backup`, NODE_ENV=production, encrypted with
 * BACKUP_ENCRYPTION_KEY), more records written, the system lost; then the backup restored into a new
 * database (`npm run restore`, its queues purged, the last hour replayed) and the system started on it.
 * Every record written before the backup must be back, none written after it, every replayed event
 * handled. It prints the figures the RPO and RTO are stated from: the dump's time, the restore's, the start.
 * On the way: production refuses to back up without a key; the files are 0600 in a 0700 directory and hold
 * nothing in clear; a wrong key restores nothing.
 *
 *   npm run test:reliability -- backup-drill
 */
const SCRIPT = 'backup-drill';
const ROOT = resolve(__dirname, '../..');
const BACKUP_JS = join(ROOT, 'system/dist/backup/backup.js');
const RESTORE_JS = join(ROOT, 'system/dist/backup/restore.js');
/** The CronJob's schedule (k8s/base/backup/crm-backup.yaml): hourly. */
const SCHEDULE_INTERVAL_S = 3600;
/** Records of each kind written before the backup, and leads after it. */
const BEFORE = 40;
const AFTER = 20;
const WRITERS = 4;

const run = promisify(execFile);

runScript(SCRIPT, 2 * 60_000, async () => {
  const servers = await reliabilityServers(SCRIPT, 14);
  const restoredUrl = await freshDatabase(servers.databaseUrl, '_restored');
  const backups = join(mkdtempSync(join(tmpdir(), 'crm-backup-drill-')), 'backups');
  const key = `drill:${randomBytes(32).toString('base64')}`;
  let outcome: Parameters<typeof report>;
  try {
    outcome = await drill(servers, restoredUrl, backups, key);
  } finally {
    rmSync(resolve(backups, '..'), { recursive: true, force: true });
  }
  report(...outcome);
});

async function drill(servers: Servers, restoredUrl: string, backups: string, key: string): Promise<Parameters<typeof report>> {
  // The system as it ran before the loss: its own servers' connections closed with it, the proxies kept.
  const kept: Servers = { ...servers, close: async () => undefined };
  const before = await startInProcessSystem(kept);
  const tenant = await registerTenant(before.gatewayUrl, 'Backed Up');
  const written = await writeRecords(before, tenant, 'Before', { leads: BEFORE, contacts: BEFORE, accounts: BEFORE });

  const production = { ...process.env, NODE_ENV: 'production', DATABASE_URL: servers.databaseUrl };
  const refused = await run(process.execPath, [BACKUP_JS, '--out', backups], { env: { ...production, BACKUP_ENCRYPTION_KEY: '' } }).then(
    () => 'backed up',
    (error: { stderr: string }) => error.stderr.trim(),
  );
  const backupStarted = Date.now();
  const { stdout } = await run(process.execPath, [BACKUP_JS, '--out', backups, '--keep-last', '72', '--json'], { env: { ...production, BACKUP_ENCRYPTION_KEY: key } });
  const backupSeconds = (Date.now() - backupStarted) / 1000;
  const backup = JSON.parse(stdout.trim().split('\n').pop()!) as { manifestFile: string; dumpFile: string; dumpBytes: number; seconds: { dump: number } };
  const files = readdirSync(backups).map((name) => ({ name, mode: statSync(join(backups, name)).mode & 0o777, bytes: readFileSync(join(backups, name)) }));

  const after = await writeRecords(before, tenant, 'After', { leads: AFTER, contacts: 0, accounts: 0 });
  await before.stop(); // the loss

  const dumpFile = join(backups, backup.dumpFile);
  const restoreArgs = ['--database-url', restoredUrl, '--from', dumpFile, '--amqp-url', servers.env.AMQP_URL!];
  const restoreCommand = [RESTORE_JS, ...restoreArgs, '--namespace', servers.env.AMQP_NAMESPACE!, '--replay-window', '1h', '--json'];
  const wrongKey = `drill:${randomBytes(32).toString('base64')}`;
  const wrongKeyRefused = await run(process.execPath, restoreCommand, { env: { ...process.env, BACKUP_ENCRYPTION_KEY: wrongKey } }).then(
    () => 'restored',
    (error: { stderr: string }) => error.stderr.trim(),
  );
  const schemasAfterWrongKey = await crmSchemas(restoredUrl);

  const restoreStarted = Date.now();
  const restoreRun = await run(process.execPath, restoreCommand, { env: { ...process.env, BACKUP_ENCRYPTION_KEY: key } });
  const restoreWallSeconds = (Date.now() - restoreStarted) / 1000;
  const restore = JSON.parse(restoreRun.stdout.trim().split('\n').pop()!) as { seconds: { check: number; restore: number; total: number } };

  // The system back, on the restored database (through the same proxy).
  const startStarted = Date.now();
  const restoredThroughProxy = Object.assign(new URL(servers.env.DATABASE_URL!), { pathname: new URL(restoredUrl).pathname }).toString();
  const back = await startInProcessSystem({ ...kept, databaseUrl: restoredUrl, env: { ...servers.env, DATABASE_URL: restoredThroughProxy } });
  try {
    const answering = await request(back.gatewayUrl, 'GET', '/api/auth/me/', { token: tenant.access });
    const startSeconds = (Date.now() - startStarted) / 1000;
    const delivery = await waitForDelivery(back.db, 60_000);
    const missing = await statuses(back, tenant, written, (status) => status !== 200);
    const present = await statuses(back, tenant, after, (status) => status !== 404);
    const rto = restoreWallSeconds + startSeconds;
    const checks: Check[] = [
      { what: 'production backed up without BACKUP_ENCRYPTION_KEY', value: /BACKUP_ENCRYPTION_KEY: must be set in production/.test(refused) ? 0 : 1 },
      { what: 'backup files not 0600, or their directory not 0700', value: files.filter((file) => file.mode !== 0o600).length + ((statSync(backups).mode & 0o777) === 0o700 ? 0 : 1) },
      { what: 'backup files not encrypted (*.enc, CRMBAK1) or holding the archive in clear', value: files.filter((file) => !file.name.endsWith('.enc') || file.bytes.subarray(0, 8).toString('latin1') !== 'CRMBAK1\n' || file.bytes.includes('PGDMP')).length },
      { what: 'restores with a wrong key not refused before anything was restored', value: /does not decrypt/.test(wrongKeyRefused) && schemasAfterWrongKey === 0 ? 0 : 1 },
      { what: 'records written before the backup not restored', value: missing.length },
      { what: 'records written after the backup restored', value: present.length },
      { what: 'first request after the restore not answered 200', value: answering.status === 200 ? 0 : 1 },
      ...deliveryChecks(delivery),
    ];
    for (const line of [...missing, ...present].slice(0, 10)) console.log(`  unexpected: ${line}`);
    return [
      SCRIPT,
      {
        'records before the backup (leads, contacts, accounts)': `${written.leads.length}, ${written.contacts.length}, ${written.accounts.length}`,
        'leads after the backup (lost by design)': after.leads.length,
        "pg_dump's archive, encrypted as written (KiB)": (backup.dumpBytes / 1024).toFixed(0),
        'pg_dump (s)': backup.seconds.dump.toFixed(2),
        'backup command (s)': backupSeconds.toFixed(2),
        'restore command (s: check and decrypt, then pg_restore, rows, ANALYZE, purge, replay)': `${restoreWallSeconds.toFixed(2)} (check ${restore.seconds.check.toFixed(2)}, restored by ${restore.seconds.restore.toFixed(2)}, done by ${restore.seconds.total.toFixed(2)})`,
        'system started and answering (s)': startSeconds.toFixed(2),
        'every replayed event handled (s after the start)': delivery.seconds.toFixed(1),
        'RTO measured (restore + start, s)': rto.toFixed(1),
        'RPO (schedule interval + dump, s)': (SCHEDULE_INTERVAL_S + backup.seconds.dump).toFixed(0),
      },
      checks,
    ];
  } finally {
    await back.stop();
    await servers.close();
  }
}

interface Records {
  leads: string[];
  contacts: string[];
  accounts: string[];
}

/** Records of each kind created through the gateway, by a few writers at once; the ids the gateway answered. */
async function writeRecords(system: InProcessSystem, tenant: ScriptTenant, label: string, counts: Record<keyof Records, number>): Promise<Records> {
  const records: Records = { leads: [], contacts: [], accounts: [] };
  const bodies: Record<keyof Records, (i: number) => object> = {
    leads: (i) => ({ first_name: 'Lead', last_name: `${label} ${i}` }),
    contacts: (i) => ({ first_name: 'Contact', last_name: `${label} ${i}` }),
    accounts: (i) => ({ name: `${label} account ${i}` }),
  };
  const work = (Object.keys(counts) as Array<keyof Records>).flatMap((kind) => Array.from({ length: counts[kind] }, (_, i) => ({ kind, i })));
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      for (let next = work.shift(); next; next = work.shift()) {
        const answer = await request(system.gatewayUrl, 'POST', `/api/${next.kind}/`, { token: tenant.access, body: bodies[next.kind](next.i) });
        if (answer.status !== 201) throw new Error(`POST /api/${next.kind}/: ${answer.status} ${answer.text.slice(0, 300)}`);
        records[next.kind].push(answer.body.id);
      }
    }),
  );
  return records;
}

/** `kind id → status` of every record whose GET answers a status `unexpected` says is wrong. */
async function statuses(system: InProcessSystem, tenant: ScriptTenant, records: Records, unexpected: (status: number) => boolean): Promise<string[]> {
  const found: string[] = [];
  for (const [kind, ids] of Object.entries(records)) {
    for (const id of ids as string[]) {
      const { status } = await request(system.gatewayUrl, 'GET', `/api/${kind}/${id}/`, { token: tenant.access });
      if (unexpected(status)) found.push(`${kind} ${id} → ${status}`);
    }
  }
  return found;
}

/** A database named after the script's, dropped if an earlier run left it: the restore makes it. */
async function freshDatabase(databaseUrl: string, suffix: string): Promise<string> {
  const url = new URL(databaseUrl);
  const name = `${url.pathname.slice(1)}${suffix}`;
  const admin = new Client({ connectionString: Object.assign(new URL(databaseUrl), { pathname: '/postgres' }).toString() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  return url.toString();
}

/** How many of the CRM's schemas a database holds (0 when it does not exist). */
async function crmSchemas(databaseUrl: string): Promise<number> {
  const db = new Client({ connectionString: databaseUrl });
  try {
    await db.connect();
  } catch {
    return 0;
  }
  try {
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM pg_namespace WHERE nspname IN ('auth', 'leads', 'contacts', 'accounts_opportunities', 'import_export', 'audit')`);
    return rows[0].n;
  } finally {
    await db.end();
  }
}
