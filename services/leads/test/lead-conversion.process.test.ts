import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { openServiceDatabase, type DataSource } from '@crm/platform';
import { contactMerged, recordAnnounced } from '../src/conversion/lead-conversion.process';
import { conversionChannel, insertConversion, recordsBeingMade, type ConversionIds } from '../src/conversion/lead-conversions.repository';
import { leadsMigrations } from '../src/migrations';
import { storedLead } from './support/stored-lead';

/**
 * The conversion's state (`lead_conversions`, `lead_conversion_records`) through the steps of
 * `lead-conversion.process.ts` after the PUT: announcements mark records ready, the last one completes the
 * conversion and notifies the waiting request; and the migration that moved the state there from the three
 * booleans on `leads`.
 */
const SCHEMA = 'lead_conversion_process_test';
const BACKFILL_SCHEMA = 'lead_conversion_backfill_test';
const DATABASE_URL = process.env.DATABASE_URL!;

let dataSource: DataSource, sql: Client;
const notified: string[] = [];

beforeAll(async () => {
  sql = new Client({ connectionString: DATABASE_URL });
  await sql.connect();
  await sql.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
  await sql.query(`DROP SCHEMA IF EXISTS ${BACKFILL_SCHEMA} CASCADE`);
  dataSource = await openServiceDatabase({ url: DATABASE_URL, schema: SCHEMA, poolSize: 4, migrations: leadsMigrations });
  sql.on('notification', (message) => notified.push(message.payload ?? ''));
  await sql.query(`LISTEN "${conversionChannel(SCHEMA)}"`);
});
afterAll(async () => {
  await dataSource?.destroy();
  await sql?.end();
});

async function conversion(tenantId: string, withOpportunity = true): Promise<{ leadId: string; ids: ConversionIds }> {
  const leadId = (await storedLead(dataSource, 'converted', tenantId)).id;
  const ids = { accountId: randomUUID(), contactId: randomUUID(), opportunityId: withOpportunity ? randomUUID() : null };
  await insertConversion(dataSource.manager, tenantId, leadId, ids, new Date());
  return { leadId, ids };
}

const stateOf = async (leadId: string) => (await dataSource.query(`SELECT state FROM lead_conversions WHERE lead_id = $1`, [leadId]))[0]?.state;
const announce = (tenantId: string, type: 'account' | 'contact' | 'opportunity', id: string) =>
  dataSource.transaction((manager) => recordAnnounced(manager, tenantId, type, id));
const notifiedOf = async (leadId: string) => {
  await sql.query('SELECT 1'); // notifications arrive before the answer to a later query
  return notified.filter((payload) => payload === leadId).length;
};

describe('a lead conversion after its PUT', () => {
  it('when its records are announced one by one, then it is making records until the last, which completes it and notifies once', async () => {
    const tenantId = randomUUID();
    const { leadId, ids } = await conversion(tenantId);
    expect(await stateOf(leadId)).toBe('making_records');
    await announce(tenantId, 'contact', ids.contactId);
    await announce(tenantId, 'account', ids.accountId);
    expect(await stateOf(leadId)).toBe('making_records');
    expect(await notifiedOf(leadId)).toBe(0);
    await announce(tenantId, 'opportunity', ids.opportunityId!);
    expect(await stateOf(leadId)).toBe('completed');
    expect(await notifiedOf(leadId)).toBe(1);
    // A redelivered announcement changes nothing and wakes nobody again.
    await announce(tenantId, 'opportunity', ids.opportunityId!);
    expect(await notifiedOf(leadId)).toBe(1);
  });

  it('when its records are announced at the same moment, each in a transaction of its own, then the last of them still completes it', async () => {
    const tenantId = randomUUID();
    const conversions = await Promise.all(Array.from({ length: 10 }, () => conversion(tenantId)));
    await Promise.all(
      conversions.flatMap(({ ids }) => [announce(tenantId, 'account', ids.accountId), announce(tenantId, 'contact', ids.contactId), announce(tenantId, 'opportunity', ids.opportunityId!)]),
    );
    for (const { leadId } of conversions) {
      expect(await stateOf(leadId)).toBe('completed');
      expect(await notifiedOf(leadId)).toBe(1);
    }
  });

  it('when it hands out no opportunity, then its account and contact complete it', async () => {
    const tenantId = randomUUID();
    const { leadId, ids } = await conversion(tenantId, false);
    await announce(tenantId, 'account', ids.accountId);
    await announce(tenantId, 'contact', ids.contactId);
    expect(await stateOf(leadId)).toBe('completed');
  });

  it('when a record no conversion handed out is announced, or one of another tenant, then nothing changes', async () => {
    const tenantId = randomUUID();
    const { leadId, ids } = await conversion(tenantId);
    await announce(tenantId, 'account', randomUUID());
    await announce(randomUUID(), 'account', ids.accountId);
    expect(await recordsBeingMade(dataSource.manager, tenantId, [ids.accountId])).toEqual([ids.accountId]);
    expect(await stateOf(leadId)).toBe('making_records');
  });

  it('when its contact is merged away before it was announced, then the keeper counts as made and the conversion completes', async () => {
    const tenantId = randomUUID();
    const { leadId, ids } = await conversion(tenantId);
    await announce(tenantId, 'account', ids.accountId);
    await announce(tenantId, 'opportunity', ids.opportunityId!);
    const keeperId = randomUUID();
    await dataSource.transaction((manager) => contactMerged(manager, tenantId, ids.contactId, keeperId));
    expect(await stateOf(leadId)).toBe('completed');
    expect(await dataSource.query(`SELECT record_id, ready FROM lead_conversion_records WHERE lead_id = $1 AND record_type = 'contact'`, [leadId])).toEqual([
      { record_id: keeperId, ready: true },
    ]);
  });

  it('when a write asks which ids are still being made, then it hears those of the tenant not announced yet', async () => {
    const tenantId = randomUUID();
    const { ids } = await conversion(tenantId);
    await announce(tenantId, 'account', ids.accountId);
    const asked = [ids.accountId, ids.contactId, ids.opportunityId!, randomUUID()];
    expect((await recordsBeingMade(dataSource.manager, tenantId, asked)).sort()).toEqual([ids.contactId, ids.opportunityId].sort());
    expect(await recordsBeingMade(dataSource.manager, randomUUID(), asked)).toEqual([]);
  });
});

describe('the LeadConversions migration', () => {
  it('when leads converted before it hold their state in the three booleans, then it copies each conversion and its records, ready as they were', async () => {
    const before = leadsMigrations.filter((migration) => migration.name !== 'LeadConversions1767200000000');
    expect(before).toHaveLength(leadsMigrations.length - 1);
    const old = await openServiceDatabase({ url: DATABASE_URL, schema: BACKFILL_SCHEMA, poolSize: 2, migrations: before });
    const tenantId = randomUUID();
    const convertedLead = async () => (await storedLead(old, 'converted', tenantId)).id;
    const [complete, waitingForContact, withoutOpportunity, open] = [await convertedLead(), await convertedLead(), await convertedLead(), await convertedLead()];
    const ids = new Map([complete, waitingForContact, withoutOpportunity].map((leadId) => [leadId, { account: randomUUID(), contact: randomUUID(), opportunity: randomUUID() }]));
    const convertedAt = new Date('2026-11-20T10:00:00.000Z');
    const setOld = (leadId: string, opportunity: string | null, ready: [boolean, boolean, boolean]) =>
      old.query(
        `UPDATE leads SET account_id = $2, contact_id = $3, opportunity_id = $4, converted_at = $5, account_ready = $6, contact_ready = $7, opportunity_ready = $8 WHERE id = $1`,
        [leadId, ids.get(leadId)!.account, ids.get(leadId)!.contact, opportunity, convertedAt, ...ready],
      );
    await setOld(complete, ids.get(complete)!.opportunity, [true, true, true]);
    await setOld(waitingForContact, ids.get(waitingForContact)!.opportunity, [true, false, true]);
    await setOld(withoutOpportunity, null, [false, false, true]);
    await old.destroy();

    const migrated = await openServiceDatabase({ url: DATABASE_URL, schema: BACKFILL_SCHEMA, poolSize: 2, migrations: leadsMigrations });
    try {
      const conversions = await migrated.query(`SELECT lead_id, tenant_id, state, converted_at FROM lead_conversions ORDER BY state, lead_id`);
      expect(conversions).toEqual(
        [
          { lead_id: complete, tenant_id: tenantId, state: 'completed', converted_at: convertedAt },
          ...[waitingForContact, withoutOpportunity].sort().map((leadId) => ({ lead_id: leadId, tenant_id: tenantId, state: 'making_records', converted_at: convertedAt })),
        ],
      );
      const records = await migrated.query(`SELECT lead_id, record_type, record_id, ready FROM lead_conversion_records WHERE lead_id = ANY($1::uuid[])`, [[complete, waitingForContact, withoutOpportunity, open]]);
      const of = (leadId: string) => Object.fromEntries(records.filter((row: { lead_id: string }) => row.lead_id === leadId).map((row: { record_type: string; record_id: string; ready: boolean }) => [row.record_type, [row.record_id, row.ready]]));
      expect(of(complete)).toEqual({ account: [ids.get(complete)!.account, true], contact: [ids.get(complete)!.contact, true], opportunity: [ids.get(complete)!.opportunity, true] });
      expect(of(waitingForContact)).toEqual({ account: [ids.get(waitingForContact)!.account, true], contact: [ids.get(waitingForContact)!.contact, false], opportunity: [ids.get(waitingForContact)!.opportunity, true] });
      expect(of(withoutOpportunity)).toEqual({ account: [ids.get(withoutOpportunity)!.account, false], contact: [ids.get(withoutOpportunity)!.contact, false] });
      expect(of(open)).toEqual({});
      // The old columns stay for the pods of the previous release during the rollout.
      expect((await migrated.query(`SELECT account_ready FROM leads WHERE id = $1`, [complete]))[0]).toEqual({ account_ready: true });
    } finally {
      await migrated.destroy();
    }
  });
});
