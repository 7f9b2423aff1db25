import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { SERVICES } from '@crm/system';
import { SERVICE_SCHEMAS, type BackupManifest } from '../../system/src/backup/backup-set';
import type { RestoreResult } from '../../system/src/backup/restore';
import { waitForProfilesIn } from '../support/events';
import { ownServers } from '../support/own-servers';
import { parsePrometheus, sampleValue } from '../support/prometheus-text';
import { startTestSystem, type TestSystem } from '../support/system';
import { eventually, registerTenant, type TenantAdmin } from '../support/tenants';

/**
 * Backup and restore (docs/backup-restore.md) on the real servers, in the worst case for the replay:
 * a backup taken while clients write, more writes after it, a restore that publishes again every event
 * the outboxes hold (24 h window). Afterwards the data is the snapshot's, and the replay changed nothing
 * a second time: no audit entry twice, no replica ahead of or behind its owner, no event of an undone
 * write handled anywhere. Runs the compiled tools (`npm run build` first), as an operator would.
 */

const ROOT = resolve(__dirname, '../..');
const BACKUP_JS = join(ROOT, 'system/dist/backup/backup.js');
const RESTORE_JS = join(ROOT, 'system/dist/backup/restore.js');
// A database and a broker namespace of its own: the checks read whole tables, and a restore replaces all six schemas.
const OWN = ownServers('backup_restore');
const DATABASE_URL = OWN.databaseUrl;
const OWN_SERVERS = OWN.settings;
const NAMESPACE = OWN_SERVERS.AMQP_NAMESPACE!;
const AMQP_URL = process.env.AMQP_URL!;
/** A write answered this long before the snapshot was in it; one sent this long after it was not. Between: either. */
const SNAPSHOT_BAND_MS = 500;
const PUBLISHING_SCHEMAS = ['auth', 'leads', 'contacts', 'accounts_opportunities'];
const CONSUMING_SCHEMAS = ['leads', 'contacts', 'accounts_opportunities', 'audit'];

const run = promisify(execFile);

/** One write as the client saw it: what it made (or changed), when it was sent and when answered. */
interface Write {
  kind: 'account' | 'contact' | 'lead' | 'lead-update' | 'conversion';
  id: string;
  /** For a conversion: the account it created. */
  accountId?: string;
  sentAt: number;
  answeredAt: number;
}

let system: TestSystem, admin: TenantAdmin, db: Client, outDir: string;

beforeAll(async () => {
  if (!existsSync(BACKUP_JS) || !existsSync(RESTORE_JS)) throw new Error('the backup tools are not compiled: npm run build');
  outDir = mkdtempSync(join(tmpdir(), 'crm-backup-test-'));
  // Conversions answer soon when the contacts' consumer is away (after the backup, below): they complete later.
  await OWN.reset();
  system = await startTestSystem({ ...OWN_SERVERS, CONVERSION_WAIT_MS: '300' });
  admin = await registerTenant(system.api, 'Backed Up');
  for (const service of ['leads', 'contacts', 'accounts-opportunities']) await waitForProfilesIn(system, service, [admin.profileId]);
  db = new Client({ connectionString: DATABASE_URL });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await system?.stop();
  await OWN.drop();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

it('the tools back up the schemas of every service, under the names they have', () => {
  expect([...SERVICE_SCHEMAS].map(({ service, schema }) => [service, schema]).sort()).toEqual(
    SERVICES.map(({ definition }) => [definition.name, definition.schema]).sort(),
  );
});

it('when a backup taken during writes is restored with a 24 h replay, then the data is the snapshot and every replayed event counts once', async () => {
  // Writes before, during and after the backup.
  const writers = new Writers(system, admin);
  writers.start(3);
  await writers.until(() => writers.done.length >= 60);
  const backup = await runBackup();
  const manifest: BackupManifest = JSON.parse(readFileSync(backup.manifestFile, 'utf8'));
  const snapshotMs = Date.parse(manifest.snapshotTime);
  const writesAtBackup = writers.done.length;
  // The events of what is written from now on wait in these queues when the system stops, as behind a
  // consumer that lags: the restore must purge them, or audit and the accounts replica would take in
  // writes the restore undid.
  await system.services.audit!.consumer!.stop();
  await system.services.contacts!.consumer!.stop();
  await writers.until(() => writers.done.length >= writesAtBackup + 60);
  await writers.stop();
  expect(writers.failures).toEqual([]);
  expect(manifest.dumpFile).toMatch(/^crm-\d{8}T\d{6}Z\.dump$/);
  expect(Object.keys(manifest.outbox)).toEqual(expect.arrayContaining(PUBLISHING_SCHEMAS));
  if (manifest.brokerDefinitionsFile) expect(JSON.parse(readFileSync(join(outDir, manifest.brokerDefinitionsFile), 'utf8'))).toHaveProperty('vhosts');
  else expect(backup.brokerDefinitionsSkipped).toMatch(/rabbitmqctl/); // not installed here: skipped, and said why

  await system.stop();
  const restore = await runRestore(join(outDir, manifest.dumpFile));
  const replayed = Object.values(restore.replay).reduce((sum, { republished, unpublished }) => sum + republished + unpublished, 0);
  const audit = await auditInboxOf(await unpublishedEventIds());
  const eventsAtRestore = await countOutboxEvents();
  expect(replayed).toBe(audit.handledBefore + audit.notHandledBefore);
  expect(audit.handledBefore).toBeGreaterThan(0); // the worst case: events the consumers had handled come again
  expect(Object.keys(restore.queuesPurged!).sort()).toEqual(SERVICE_SCHEMAS.map(({ service }) => `${NAMESPACE}.${service}`).sort());
  expect(restore.queuesPurged![`${NAMESPACE}.audit`]).toBeGreaterThan(0);
  expect(restore.queuesPurged![`${NAMESPACE}.contacts`]).toBeGreaterThan(0);

  const restarted = Date.now();
  system = await startTestSystem(OWN_SERVERS);
  await waitUntilEverythingIsHandled(system);
  const backInSeconds = (Date.now() - restarted) / 1000;

  // The replay happened: audit skipped what it had handled before the snapshot and handled the rest, and
  // the events written since the restart (conversions in progress at the snapshot going on).
  const auditMetrics = parsePrometheus(await (await fetch(`${system.services.audit!.url}/metrics`)).text());
  const newEvents = (await countOutboxEvents()) - eventsAtRestore;
  expect(sampleValue(auditMetrics, 'crm_consumer_events_total', { outcome: 'skipped' }) ?? 0).toBeGreaterThanOrEqual(audit.handledBefore);
  expect(sampleValue(auditMetrics, 'crm_consumer_events_total', { outcome: 'handled' }) ?? 0).toBe(audit.notHandledBefore + newEvents);

  await expectTheSnapshotsRecords(writers.done, snapshotMs);
  await expectEachEventCountedOnce();
  await expectReplicasToAgreeWithTheirOwners();
  await expectConversionsComplete();

  const rows = Object.values(restore.rows).reduce((sum, n) => sum + n, 0);
  console.log(
    `backup-restore: ${writers.done.length} writes (${writesAtBackup} when the backup ended); dump ${(manifest.dumpBytes / 1024).toFixed(0)} KiB, ` +
      `${rows} rows in ${manifest.schemas.length} schemas; restore ${restore.seconds.restore.toFixed(2)} s (total with purge and replay marking ` +
      `${restore.seconds.total.toFixed(2)} s); purged ${JSON.stringify(restore.queuesPurged)}; replayed ${replayed} events ` +
      `(${audit.handledBefore} already in audit's inbox, skipped; ${audit.notHandledBefore} handled after the restore; ${newEvents} new events of ` +
      `conversions going on); ` +
      `services started and every replayed event handled ${backInSeconds.toFixed(1)} s after the restore`,
  );
}, 240_000);

/** Clients writing through the gateway in loops: accounts, contacts in them, leads changed and converted. */
class Writers {
  readonly done: Write[] = [];
  readonly failures: string[] = [];
  private stopping = false;
  private loops: Promise<void>[] = [];

  constructor(
    private readonly system: TestSystem,
    private readonly admin: TenantAdmin,
  ) {}

  start(clients: number): void {
    this.loops = Array.from({ length: clients }, (_, client) => this.loop(client));
  }

  async until(condition: () => boolean): Promise<void> {
    await eventually(async () => (condition() || this.failures.length > 0 ? true : undefined), 60_000, 'writes');
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.loops);
  }

  private async loop(client: number): Promise<void> {
    for (let round = 0; !this.stopping && this.failures.length === 0; round += 1) {
      try {
        await this.round(`${client}-${round}`, round % 3 === client % 3);
      } catch (error) {
        this.failures.push(String(error));
      }
    }
  }

  /** An account and a contact in it; a lead and a change of it; now and then a lead converted. */
  private async round(name: string, convert: boolean): Promise<void> {
    const account = await this.write('account', 'POST', '/api/accounts/', { name: `Account ${name}` });
    await this.write('contact', 'POST', '/api/contacts/', { first_name: 'Contact', last_name: name, account_id: account.id });
    const lead = await this.write('lead', 'POST', '/api/leads/', { first_name: 'Lead', last_name: name });
    await this.write('lead-update', 'PATCH', `/api/leads/${lead.id}/`, { title: 'changed' });
    if (!convert) return;
    const converting = { first_name: 'Buyer', last_name: name, company_name: `Company ${name}`, opportunity_amount: '100.00' };
    const toConvert = await this.write('lead', 'POST', '/api/leads/', converting);
    await this.write('conversion', 'PUT', `/api/leads/${toConvert.id}/`, { ...converting, status: 'converted' });
  }

  private async write(kind: Write['kind'], method: string, path: string, body: Record<string, unknown>): Promise<any> {
    const sentAt = Date.now();
    const res = await this.system.api.request(method, path, body, { token: this.admin.access });
    const answeredAt = Date.now();
    if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
    this.done.push({ kind, id: res.body.id, accountId: kind === 'conversion' ? res.body.account_id : undefined, sentAt, answeredAt });
    return res.body;
  }
}

async function runBackup(): Promise<{ manifestFile: string; brokerDefinitionsSkipped?: string }> {
  const { stdout } = await run(process.execPath, [BACKUP_JS, '--database-url', DATABASE_URL, '--out', outDir, '--broker-definitions', '--json']);
  return JSON.parse(stdout.trim().split('\n').pop()!);
}

async function runRestore(dumpFile: string): Promise<RestoreResult> {
  const { stdout } = await run(process.execPath, [
    RESTORE_JS,
    ...['--database-url', DATABASE_URL, '--from', dumpFile, '--amqp-url', AMQP_URL, '--namespace', NAMESPACE, '--replay-window', '24h', '--json'],
  ]);
  return JSON.parse(stdout.trim().split('\n').pop()!);
}

const unionOf = (schemas: string[], select: (schema: string) => string) => schemas.map((schema) => `(${select(schema)})`).join(' UNION ALL ');
const allOutboxIds = unionOf(PUBLISHING_SCHEMAS, (schema) => `SELECT id FROM ${schema}.outbox`);

async function unpublishedEventIds(): Promise<string[]> {
  const { rows } = await db.query(unionOf(PUBLISHING_SCHEMAS, (schema) => `SELECT id FROM ${schema}.outbox WHERE published_at IS NULL`));
  return rows.map((row) => row.id);
}

async function countOutboxEvents(): Promise<number> {
  const { rows } = await db.query(`SELECT count(*)::int AS n FROM (${allOutboxIds}) o`);
  return rows[0].n;
}

/** Of the events to be published, those audit (bound to every event) had handled at the snapshot, and the others. */
async function auditInboxOf(ids: string[]): Promise<{ handledBefore: number; notHandledBefore: number }> {
  const { rows } = await db.query(`SELECT count(*)::int AS n FROM audit.inbox WHERE message_id = ANY($1::uuid[])`, [ids]);
  return { handledBefore: rows[0].n, notHandledBefore: ids.length - rows[0].n };
}

/**
 * Every outbox published, every queue empty, audit's inbox holding every event, and the inboxes no
 * longer growing (a message may be delivered and not yet committed while its queue already reads 0).
 */
async function waitUntilEverythingIsHandled(running: TestSystem): Promise<void> {
  let previous = '';
  await eventually(
    async () => {
      const { rows } = await db.query(
        `SELECT (SELECT count(*) FROM (${unionOf(PUBLISHING_SCHEMAS, (schema) => `SELECT id FROM ${schema}.outbox WHERE published_at IS NULL`)}) u)::int AS unpublished,
                (SELECT count(*) FROM (${allOutboxIds}) o WHERE o.id NOT IN (SELECT message_id FROM audit.inbox))::int AS not_audited,
                ${CONSUMING_SCHEMAS.map((schema) => `(SELECT count(*) FROM ${schema}.inbox)`).join(` || ',' || `)} AS inboxes`,
      );
      const queued = await Promise.all(Object.values(running.services).map((service) => service.consumer?.queuedMessages() ?? 0));
      const settled = rows[0].unpublished === 0 && rows[0].not_audited === 0 && queued.every((n) => n === 0);
      const same = settled && rows[0].inboxes === previous;
      previous = settled ? rows[0].inboxes : '';
      if (!same) await new Promise((resolve) => setTimeout(resolve, 500));
      return same ? true : undefined;
    },
    90_000,
    'every replayed event handled',
  );
}

/** (a) What the client had written before the snapshot is there; what it wrote after is not. */
async function expectTheSnapshotsRecords(writes: Write[], snapshotMs: number): Promise<void> {
  const before = writes.filter((write) => write.answeredAt < snapshotMs - SNAPSHOT_BAND_MS);
  const after = writes.filter((write) => write.sentAt > snapshotMs + SNAPSHOT_BAND_MS);
  const tables = { account: 'accounts_opportunities.accounts', contact: 'contacts.contacts', lead: 'leads.leads' } as const;
  for (const [kind, table] of Object.entries(tables)) {
    const created = (list: Write[]) => list.filter((write) => write.kind === kind).map((write) => write.id);
    expect(created(before).length).toBeGreaterThan(0);
    expect(created(after).length).toBeGreaterThan(0);
    expect(await missing(table, created(before))).toEqual([]);
    expect(await present(table, created(after))).toEqual([]);
  }
  // A change answered before the snapshot is kept; one sent after it is undone (its lead was created before).
  const { rows: leads } = await db.query(`SELECT id, title, status FROM leads.leads`);
  const lead = new Map(leads.map((row) => [row.id, row]));
  const updatedBefore = before.filter((write) => write.kind === 'lead-update').map((write) => write.id);
  const updatedAfter = after.filter((write) => write.kind === 'lead-update' && lead.has(write.id)).map((write) => write.id);
  expect(updatedBefore.filter((id) => lead.get(id)?.title !== 'changed')).toEqual([]);
  expect(updatedAfter.filter((id) => lead.get(id)?.title !== null)).toEqual([]);
  // A conversion answered before it is complete; one sent after it never happened, nor did its account.
  const convertedBefore = before.filter((write) => write.kind === 'conversion');
  const convertedAfter = after.filter((write) => write.kind === 'conversion' && lead.has(write.id));
  expect(convertedBefore.filter((write) => lead.get(write.id)?.status !== 'converted')).toEqual([]);
  expect(convertedAfter.filter((write) => lead.get(write.id)?.status === 'converted')).toEqual([]);
  expect(await present('accounts_opportunities.accounts', convertedAfter.map((write) => write.accountId!))).toEqual([]);
}

async function missing(table: string, ids: string[]): Promise<string[]> {
  const found = new Set(await present(table, ids));
  return ids.filter((id) => !found.has(id));
}

async function present(table: string, ids: string[]): Promise<string[]> {
  const { rows } = await db.query(`SELECT id FROM ${table} WHERE id = ANY($1::uuid[])`, [ids]);
  return rows.map((row) => row.id);
}

/** (b) and (d): each event in the audit log once, every inbox holding only events of the snapshot, each once. */
async function expectEachEventCountedOnce(): Promise<void> {
  const { rows: audit } = await db.query(
    `SELECT count(*)::int AS entries, count(DISTINCT event_id)::int AS events,
            (SELECT count(*) FROM (${allOutboxIds}) o)::int AS outbox_events,
            count(*) FILTER (WHERE event_id NOT IN (${allOutboxIds}))::int AS not_in_any_outbox
       FROM audit.audit_log`,
  );
  expect(audit[0]).toEqual({ entries: audit[0].outbox_events, events: audit[0].outbox_events, outbox_events: audit[0].outbox_events, not_in_any_outbox: 0 });
  for (const schema of CONSUMING_SCHEMAS) {
    const { rows } = await db.query(
      `SELECT count(*) FILTER (WHERE message_id NOT IN (${allOutboxIds}))::int AS of_undone_writes,
              (count(*) - count(DISTINCT message_id))::int AS duplicated
         FROM ${schema}.inbox`,
    );
    expect({ schema, ...rows[0] }).toEqual({ schema, of_undone_writes: 0, duplicated: 0 });
  }
  // Effects a second handling would repeat: a contact linked to its lead twice, a second opportunity of a lead.
  const { rows: repeated } = await db.query(
    `SELECT (SELECT count(*) FROM (SELECT lead_id FROM contacts.contact_leads GROUP BY lead_id HAVING count(*) > 1) l)::int AS lead_links,
            (SELECT count(*) FROM (SELECT lead_id FROM accounts_opportunities.opportunities WHERE lead_id IS NOT NULL GROUP BY lead_id HAVING count(*) > 1) o)::int AS opportunities`,
  );
  expect(repeated[0]).toEqual({ lead_links: 0, opportunities: 0 });
}

/** (c) Every replica holds exactly its owner's records, at the owner's version and with its owner. */
async function expectReplicasToAgreeWithTheirOwners(): Promise<void> {
  const disagreements = async (sql: string) => (await db.query(sql)).rows;
  expect(
    await disagreements(
      `SELECT o.id AS owner_row, r.id AS replica_row FROM accounts_opportunities.accounts o FULL JOIN contacts.accounts r ON r.id = o.id
        WHERE o.id IS NULL OR r.id IS NULL OR r.name <> o.name OR r.version <> o.version OR r.owner_id IS DISTINCT FROM o.assigned_to`,
    ),
  ).toEqual([]);
  expect(
    await disagreements(
      `SELECT c.id FROM contacts.contacts c LEFT JOIN accounts_opportunities.accounts a ON a.id = c.account_id
        WHERE c.account_id IS NOT NULL AND a.id IS NULL`,
    ),
  ).toEqual([]);
  // A conversion changes the lead (its version) through lead.converted, which the known records do not
  // follow: a converted lead is known at the version it had before, never ahead of it.
  for (const [type, owner, ownerColumn, sameVersion] of [
    ['lead', 'leads.leads', 'assigned_to', `CASE WHEN o.status = 'converted' THEN r.version < o.version ELSE r.version = o.version END`],
    ['contact', 'contacts.contacts', 'owner_id', 'r.version = o.version'],
  ]) {
    expect(
      await disagreements(
        `SELECT o.id AS owner_row, r.id AS replica_row, o.version AS owner_version, r.version AS replica_version FROM ${owner} o
           FULL JOIN (SELECT * FROM accounts_opportunities.known_records WHERE record_type = '${type}' AND NOT deleted) r ON r.id = o.id
          WHERE o.id IS NULL OR r.id IS NULL OR NOT (${sameVersion}) OR r.owner_id IS DISTINCT FROM o.${ownerColumn}`,
      ),
    ).toEqual([]);
  }
  for (const schema of ['leads', 'contacts', 'accounts_opportunities']) {
    expect(
      await disagreements(
        `SELECT '${schema}' AS replica, coalesce(o.id, r.id) AS id FROM auth.profiles o FULL JOIN ${schema}.profiles r ON r.id = o.id
          WHERE o.id IS NULL OR r.id IS NULL OR r.version <> o.version`,
      ),
    ).toEqual([]);
  }
}

/** Every lead converted in the snapshot has its account, contact (linked to it) and opportunity, each announced back. */
async function expectConversionsComplete(): Promise<void> {
  const { rows } = await db.query(
    `SELECT l.id FROM leads.leads l
      WHERE l.status = 'converted' AND NOT (
        EXISTS (SELECT 1 FROM leads.lead_conversions c WHERE c.lead_id = l.id AND c.state = 'completed')
        AND EXISTS (SELECT 1 FROM leads.lead_conversion_records r JOIN accounts_opportunities.accounts a ON a.id = r.record_id
                     WHERE r.lead_id = l.id AND r.record_type = 'account' AND r.ready)
        AND EXISTS (SELECT 1 FROM leads.lead_conversion_records r JOIN contacts.contact_leads cl ON cl.contact_id = r.record_id AND cl.lead_id = l.id
                     WHERE r.lead_id = l.id AND r.record_type = 'contact' AND r.ready)
        AND EXISTS (SELECT 1 FROM leads.lead_conversion_records r JOIN accounts_opportunities.opportunities o ON o.id = r.record_id AND o.lead_id = l.id
                     WHERE r.lead_id = l.id AND r.record_type = 'opportunity' AND r.ready))`,
  );
  expect(rows).toEqual([]);
  const { rows: converted } = await db.query(`SELECT count(*)::int AS n FROM leads.leads WHERE status = 'converted'`);
  expect(converted[0].n).toBeGreaterThan(0);
}
